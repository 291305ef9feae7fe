/**
 * A full paper written by the command line (src/cli.ts) as a user runs it, against local stand-ins
 * of OpenAlex, Crossref and an open-access repository (the economics corpus of bench/quality.ts),
 * with the offline writer or the well-behaved simulated model (dev/misbehaving-llm.ts) served over
 * loopback by dev/fake-llm.ts. Prints the command, then the printed pages against the volume, the
 * engine's normocontrol violations and the tables; exits 1 when the paper is outside ±5 % of its
 * volume or has a violation.
 *
 *   node bench/cli-papers.ts offline 80
 *   node bench/cli-papers.ts llm 120 [--tariff professional]
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startFakeLlm } from '../dev/fake-llm.ts';
import { wellBehavedModel } from '../dev/misbehaving-llm.ts';
import type { PaperResult } from '../src/index.ts';
import { startCrossrefStandIn } from '../test/support/crossref-stand-in.ts';
import { startOpenAlexStandIn } from '../test/support/openalex-stand-in.ts';
import { makePdf, startPdfServer } from '../test/support/pdf-server.ts';
import { ECONOMICS, topicCorpus } from '../test/support/topic-corpus.ts';

const [writer = 'offline', volumeArg = '80', ...rest] = process.argv.slice(2);
const volume = Number(volumeArg);
if (!['offline', 'llm'].includes(writer) || !Number.isInteger(volume)) {
  process.stderr.write('Использование: node bench/cli-papers.ts offline|llm 80|120 [флаги paper generate]\n');
  process.exit(2);
}

const corpus = topicCorpus(ECONOMICS);
const files: Record<string, Uint8Array> = {};
for (const [file, spec] of Object.entries(corpus.pdfs)) files[file] = await makePdf(spec);
const repository = await startPdfServer(files);
const records = corpus.records(repository.url);
const openalex = await startOpenAlexStandIn({ works: records.openalex });
const crossref = await startCrossrefStandIn({ works: records.crossref, lookupOnly: records.crossrefLookupOnly });
// As bench/quality.ts serves it: 600 tokens/s per stream, no wait for the first token.
const model = wellBehavedModel();
const llm =
  writer === 'llm' ? await startFakeLlm({ apiKey: 'k', tokensPerSecond: 600, charsPerToken: 4, answer: (req) => model(req) }) : null;
const out = path.join(await mkdtemp(path.join(os.tmpdir(), 'cli-paper-')), `${writer}-${volume}`);

const args = [
  'src/cli.ts',
  'generate',
  ...['--topic', ECONOMICS.topic, '--type', 'full', '--volume', String(volume), '--min-year', '2010', '--out', out],
  ...['--search', 'openalex,crossref', '--openalex-base-url', openalex.url, '--crossref-base-url', crossref.url],
  ...['--sources-mailto', 'bench@example.org'],
  ...(llm ? ['--llm-base-url', llm.url, '--llm-key', 'k', '--model-basic', 'sim', '--concurrency', '16', '--timeout-ms', '20000'] : []),
  ...rest,
];
const quoted = args.map((a) => (/[\s"]/.test(a) ? JSON.stringify(a) : a)).join(' ');
process.stdout.write(`$ node ${quoted}\n`);
const started = performance.now();
try {
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: path.resolve(import.meta.dirname, '..'), stdio: ['ignore', 'inherit', 'ignore'] });
    child.on('error', reject);
    child.on('exit', (c) => resolve(c ?? 1));
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  if (code !== 0) {
    process.stdout.write(`${writer} ${volume}: the CLI exited with ${code} after ${seconds} s\n`);
    process.exitCode = 1;
  } else {
    const result = JSON.parse(await readFile(`${out}.json`, 'utf8')) as Omit<PaperResult, 'docx' | 'pdf'>;
    const tables = result.sections.flatMap((s) => s.text.split('\n\n')).filter((p) => /^Таблица \d+ /.test(p) && p.includes('\n')).length;
    const errorPct = ((result.pageCount - volume) / volume) * 100;
    const violations = result.normocontrol.issues.length;
    process.stdout.write(
      `${writer} ${volume}: ${result.pageCount} pages (${errorPct >= 0 ? '+' : ''}${errorPct.toFixed(1)} %), ` +
        `${violations} violations${violations ? ` (${[...new Set(result.normocontrol.issues.map((i) => i.rule))].join(', ')})` : ''}, ` +
        `${tables} tables, ${result.sources.length} sources, ${result.usage.calls} calls, ${seconds} s; files ${out}.*\n`,
    );
    if (Math.abs(errorPct) > 5 || violations) process.exitCode = 1;
  }
} finally {
  await Promise.all([llm?.close(), openalex.close(), crossref.close(), repository.close()]);
}
