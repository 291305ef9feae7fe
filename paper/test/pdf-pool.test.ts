/** The LibreOffice pool: parallel converters with their own profiles, time limits, restarts,
 * and no leftovers. */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { watch } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Document, Packer, Paragraph } from 'docx';
import { afterEach, describe, expect, it } from 'vitest';
import { createPdfConverterPool } from '../src/index.ts';
import type { PdfConverter } from '../src/index.ts';
import { readPdf } from '../src/pdf/bookmarks.ts';

const docx = () => Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('Проверка преобразования в PDF.')] }] }));
let pool: PdfConverter | null = null;
const tmpDirs: string[] = [];
afterEach(async () => {
  await pool?.close();
  pool = null;
  for (const dir of tmpDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newTmpDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-pool-test-'));
  tmpDirs.push(dir);
  return dir;
}

/** Every file and folder under `dir`, as paths relative to it. */
function tree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

/** The pool's own folder in `tmpDir` holds nothing but the converters' profiles between jobs. */
function jobLeftovers(tmpDir: string): string[] {
  return tree(tmpDir).filter((p) => p.split('/').length === 2 && !/\/profile-\d+$/.test(p));
}

/** Resolves with the path of the first file named `name` under `dir`, watching for it. */
async function waitForFile(dir: string, name: string): Promise<string> {
  const stop = new AbortController();
  const events = watch(dir, { recursive: true, signal: stop.signal })[Symbol.asyncIterator]();
  // Ask for the first event before looking, so that a file written in between is not missed.
  let next = events.next();
  try {
    for (;;) {
      const found = tree(dir).find((p) => p.endsWith(`/${name}`) && readFileSync(join(dir, p), 'utf8').trim() !== '');
      if (found) return join(dir, found);
      await next;
      next = events.next();
    }
  } finally {
    next.catch(() => undefined); // rejects with the abort
    stop.abort();
  }
}

const commandLineOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
};

describe('PDF converter pool', () => {
  it('converts in parallel on separate converters', async () => {
    pool = createPdfConverterPool({ size: 2, timeoutMs: 60_000 });
    const input = await docx();
    const pdfs = await Promise.all([pool.convert(input), pool.convert(input), pool.convert(input)]);
    for (const pdf of pdfs) expect((await readPdf(pdf)).pageCount).toBe(1);
    expect(pool.stats).toMatchObject({ conversions: 3, failures: 0 });
  });

  it('kills a conversion over the time limit, restarts the converter, and reports it in Russian', async () => {
    const tmpDir = newTmpDir();
    pool = createPdfConverterPool({ size: 1, timeoutMs: 50, tmpDir });
    const error = await pool.convert(await docx()).catch((e) => e);
    expect(error.code).toBe('pdf_failed');
    expect(error.message).toMatch(/не уложилось в 0 с/);
    expect(pool.stats).toMatchObject({ failures: 1, restarts: 1 });
    expect(jobLeftovers(tmpDir)).toEqual([]);
  });

  it('leaves nothing behind: a job folder goes when the job ends, well or badly, the rest on close', async () => {
    const tmpDir = newTmpDir();
    pool = createPdfConverterPool({ size: 2, timeoutMs: 60_000, tmpDir });
    const zipButBroken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);
    const [good, bad] = await Promise.allSettled([pool.convert(await docx()), pool.convert(zipButBroken)]);
    expect(good.status).toBe('fulfilled');
    expect(bad.status).toBe('rejected');
    // One folder, this pool's, with the two converters' profiles (kept for the next jobs).
    const [own, ...others] = readdirSync(tmpDir);
    expect(others).toEqual([]);
    expect(own).toMatch(new RegExp(`^[\\w.-]+\\+${process.pid}\\+[0-9a-f]+$`));
    expect(readdirSync(join(tmpDir, own)).sort()).toEqual(['profile-0', 'profile-1']);
    await pool.close();
    pool = null;
    expect(tree(tmpDir)).toEqual([]);
  });

  it("removes a killed worker's folder when the next pool starts, its LibreOffice included", async () => {
    const tmpDir = newTmpDir();
    const child = spawn(process.execPath, [join(import.meta.dirname, 'support/convert-in-child.ts'), tmpDir], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // The child has started LibreOffice on its job: kill the child in the middle of the conversion.
    const pidFile = await waitForFile(tmpDir, 'soffice.pid');
    const soffice = Number(readFileSync(pidFile, 'utf8'));
    const [killedFolder] = readdirSync(tmpDir);
    child.kill('SIGKILL');
    await exited;
    expect(existsSync(pidFile)).toBe(true);
    // LibreOffice has a process group of its own: it outlives the killed worker, still at the job.
    expect(commandLineOf(soffice)).toContain(killedFolder);

    // Beside it: folders of live processes and of other hosts, and something not the pool's.
    const host = hostname().replace(/[^\w.-]/g, '_');
    const planted = {
      liveProcess: `${host}+${process.ppid}+aa11`,
      otherHostRecent: `other-host+123+bb22`,
      otherHostStale: `other-host+456+cc33`,
      notPools: 'notes',
    };
    for (const name of Object.values(planted)) mkdirSync(join(tmpDir, name, 'job-0-x'), { recursive: true });
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
    utimesSync(join(tmpDir, planted.otherHostStale), twoDaysAgo, twoDaysAgo);
    writeFileSync(join(tmpDir, planted.notPools, 'keep.txt'), 'x');

    pool = createPdfConverterPool({ size: 1, timeoutMs: 60_000, tmpDir });
    expect((await readPdf(await pool.convert(await docx()))).pageCount).toBe(1);
    const left = readdirSync(tmpDir);
    expect(left).not.toContain(killedFolder);
    expect(left).not.toContain(planted.otherHostStale);
    expect(left).toEqual(expect.arrayContaining([planted.liveProcess, planted.otherHostRecent, planted.notPools]));
    expect(left).toHaveLength(4);
    // The killed worker's LibreOffice no longer works in the removed folder (gone, or a zombie).
    expect(commandLineOf(soffice)).not.toContain(killedFolder);
  });

  it('refuses a broken document and keeps working', async () => {
    pool = createPdfConverterPool({ size: 1, timeoutMs: 60_000 });
    const error = await pool.convert(Buffer.from('это не docx')).catch((e) => e);
    expect(error.message).toBe('Для преобразования в PDF нужен файл .docx');
    const zipButBroken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);
    expect((await pool.convert(zipButBroken).catch((e) => e)).message).toMatch(/не создал PDF|LibreOffice/);
    expect((await readPdf(await pool.convert(await docx()))).pageCount).toBe(1);
  });
});
