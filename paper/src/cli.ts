#!/usr/bin/env node
/**
 * The engine's command line:
 *   paper generate --topic "..." [options]   a paper to .docx, .pdf and .json
 *   paper check file.docx [--pdf f.pdf | --render] [--sources run-dir] [--json]   normocontrol of any .docx;
 *       with the run's checkpoints, its grounding against the passages it was written from
 *   paper extract file.(txt|pdf|docx)   the text the engine would take from a source file
 *   paper defence paper.docx --out dir   the defence kit of any paper: slides, speech, questions
 * The model: --llm-provider openai|yandex|gigachat with its flags (writer/settings.ts; the api's
 * environment variables as fallbacks); without a provider or --llm-base-url the offline writer is
 * used (no network, marked as written without an LLM).
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { evidenceReport } from '@app/contract';
// The command line is an entry point beside index.ts (the package's public surface), not above it.
import { checkDocx } from './normocontrol/check.ts';
import { createDirectoryCheckpoints, createMemoryCheckpoints } from './checkpoints/stores.ts';
import { createDirectoryFullTexts } from './passages/full-texts.ts';
import { createOfflineWriter } from './offline-writer/index.ts';
import { createPdfConverterPool } from './pdf/pool.ts';
import { extractSourceText } from './sources/extract/index.ts';
import { generatePaper } from './engine.ts';
import { makeDefenceKit } from './defence/kit.ts';
import { PaperError } from './errors.ts';
import { SEARCH_SETTINGS, flagOf, searchProvidersOf } from './sources/search/settings.ts';
import type { SourceFacts } from './grounding/data.ts';
import { checkDocxGrounding } from './normocontrol/grounding.ts';
import type { Passage } from './passages/types.ts';
import { acceptGlossary, GLOSSARY_CHECKPOINT } from './source-plan/glossary.ts';
import type { GlossaryEntry } from './writer/types.ts';
import { LLM_FLAGS, llmWriterOf } from './writer/settings.ts';
import type { AttachedSource, PaperInput, TitlePageInfo, UserStructure } from './input/types.ts';
import type { Outline } from './outline/types.ts';
import type { NormocontrolReport } from './types.ts';

const USAGE = `Использование:
  paper generate --topic "Тема работы" [--type demo|full] [--tariff basic|professional]
                 [--footnotes] [--split] [--min-year 2015] [--volume 80]
                 [--structure structure.json] [--source "файл.pdf::ГОСТ-ссылка"]... [--from-demo outline.json]
                 [--out ./paper] [--checkpoints ./dir]
                 [--title-page title.json] (вуз, факультет, кафедра, студент, группа, руководитель, город: поля TitlePageInfo)
                 [--no-ai-appendix] (без приложения об использовании ИИ)
                 [--llm-provider openai|yandex|gigachat] [--model-basic M] [--model-professional M]
                 [--concurrency N] [--timeout-ms 180000] [--llm-prices "модель=вход/выход;..."] (рублей за миллион токенов)
                   openai:   --llm-base-url URL [--llm-key KEY]   (любой OpenAI-совместимый адрес)
                   yandex:   --yandex-folder-id ID (--llm-key API-ключ | --yandex-iam-token IAM-токен) [--yandex-base-url URL]
                   gigachat: --gigachat-auth-key КЛЮЧ [--gigachat-scope GIGACHAT_API_PERS|GIGACHAT_API_B2B|GIGACHAT_API_CORP]
                             [--gigachat-ca корневой-сертификат.pem] [--gigachat-oauth-url URL] [--gigachat-base-url URL]
                 Без --llm-provider и --llm-base-url текст пишет офлайн-генератор (без сети и без языковой модели).
                 [--search none|openalex,crossref] [--sources-mailto e-mail] [--sources-max-retries 3]
                 [--openalex-base-url URL] [--openalex-api-key KEY] [--openalex-timeout-seconds 20] [--openalex-max-requests-per-second 10]
                 [--crossref-base-url URL] [--crossref-timeout-seconds 20] [--crossref-max-requests-per-second 5]
                 [--pdf-pool 1]
                 [--full-texts ./папка]  (скачивать туда открытые полные тексты найденных работ, чтобы ссылаться на страницы)
  Параметры поиска и модели можно задать и переменными окружения, как у api: SOURCES_SEARCH, OPENALEX_API_KEY, ...,
  LLM_PROVIDER_BASIC|PROFESSIONAL (по тарифу), LLM_BASE_URL, LLM_API_KEY, LLM_MODEL_BASIC, LLM_MODEL_PROFESSIONAL, LLM_PRICES,
  YANDEX_FOLDER_ID, YANDEX_API_KEY, YANDEX_IAM_TOKEN, YANDEX_BASE_URL, GIGACHAT_AUTH_KEY, GIGACHAT_SCOPE, GIGACHAT_CA_FILE,
  GIGACHAT_OAUTH_URL, GIGACHAT_BASE_URL; флаг важнее переменной.
  paper check файл.docx [--pdf файл.pdf | --render] [--sources папка-контрольных-точек] [--json]
                 (с --sources — ещё и проверка по источникам: авторы и работы не из списка, страницы вне источника,
                 числа и утверждения, которых нет на цитируемой странице, повторы абзацев, источники без ссылок)
  paper extract файл.(txt|pdf|docx)
  paper defence работа.docx --out ./папка [--pdf работа.pdf] [--tariff basic|professional] [--title-page title.json] [--evidence работа.evidence.json]
                 [--checkpoints ./dir] [--pdf-pool 1] [параметры модели, как у generate]
                 Комплект к защите: slides.pptx (презентация с заметками докладчика), speech.docx (доклад),
                 questions.docx (вопросы комиссии с ответами и страницами работы), slides.pdf (слайды для просмотра).
                 Без --pdf работа преобразуется в PDF LibreOffice (по нему определяются страницы).`;

function printReport(report: NormocontrolReport): void {
  const s = report.stats;
  process.stdout.write(
    `Нормоконтроль: ${report.ok ? 'нарушений нет' : `нарушений: ${report.issues.length}`}\n` +
      `Абзацев ${s.paragraphs}, заголовков ${s.headings}, строк содержания ${s.tocEntries}, сносок ${s.footnotes}, источников ${s.bibliographyEntries}` +
      `${s.pages !== undefined ? `, страниц ${s.pages}` : ''}\n`,
  );
  for (const i of report.issues) process.stdout.write(`  [${i.rule}] ${i.message}${i.where ? ` — ${i.where}` : ''}\n`);
}

/** The model the flags (or the environment) name, or the offline writer. */
function writerOf(flags: Record<string, string | undefined>, tariff: string) {
  const llmFlags = Object.fromEntries(Object.keys(LLM_FLAGS).flatMap((f) => (flags[f] === undefined ? [] : [[f, flags[f]]])));
  return (
    llmWriterOf({ flags: llmFlags, env: process.env, tariff: tariff === 'professional' ? 'professional' : 'basic' }) ??
    createOfflineWriter()
  );
}

async function generate(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      topic: { type: 'string' },
      type: { type: 'string', default: 'demo' },
      tariff: { type: 'string', default: 'basic' },
      footnotes: { type: 'boolean', default: false },
      split: { type: 'boolean', default: false },
      'min-year': { type: 'string', default: '2015' },
      volume: { type: 'string', default: '80' },
      structure: { type: 'string' },
      source: { type: 'string', multiple: true },
      'from-demo': { type: 'string' },
      out: { type: 'string', default: './paper' },
      checkpoints: { type: 'string' },
      'full-texts': { type: 'string' },
      ...Object.fromEntries(Object.keys(LLM_FLAGS).map((flag) => [flag, { type: 'string' as const }])),
      search: { type: 'string' },
      mailto: { type: 'string' },
      ...Object.fromEntries(SEARCH_SETTINGS.map((name) => [flagOf(name), { type: 'string' as const }])),
      'pdf-pool': { type: 'string', default: '1' },
      'title-page': { type: 'string' },
      'no-ai-appendix': { type: 'boolean', default: false },
    },
  });
  if (!values.topic) throw new PaperError('invalid_input', 'Укажите тему: --topic "..."');
  const attachedSources: AttachedSource[] = [];
  for (const spec of values.source ?? []) {
    const [file, citation] = spec.split('::');
    if (!file || !citation) throw new PaperError('invalid_input', `Источник задаётся как "файл::ГОСТ-ссылка": ${spec}`);
    const extracted = await extractSourceText({ name: path.basename(file), bytes: await readFile(file) });
    attachedSources.push({ fileName: path.basename(file), citation, text: extracted.text, pageLabels: extracted.pageLabels });
  }
  const userStructure = values.structure ? (JSON.parse(await readFile(values.structure, 'utf8')) as UserStructure) : null;
  const fromDemo = values['from-demo']
    ? (JSON.parse(await readFile(values['from-demo'], 'utf8')) as { outline?: Outline } & Outline)
    : undefined;
  const input: PaperInput = {
    topic: values.topic,
    type: values.type as PaperInput['type'],
    tariff: values.tariff as PaperInput['tariff'],
    useFootnotes: values.footnotes,
    separateBibliography: values.split,
    minPublicationYear: Number(values['min-year']),
    requiredVolume: Number(values.volume),
    userStructure,
    attachedSources,
    ...(fromDemo ? { fromDemo: fromDemo.outline ?? fromDemo } : {}),
    ...(values['title-page'] ? { titlePage: JSON.parse(await readFile(values['title-page'], 'utf8')) as TitlePageInfo } : {}),
    aiAppendix: !values['no-ai-appendix'],
  };
  const flags = values as unknown as Record<string, string | undefined>;
  const writer = writerOf(flags, input.tariff);
  // A flag wins over the environment variable of the same name (--openalex-api-key, OPENALEX_API_KEY).
  const search = searchProvidersOf(
    (name) =>
      (name === 'SOURCES_SEARCH' ? values.search : name === 'SOURCES_MAILTO' ? values.mailto : undefined) ??
      flags[flagOf(name)] ??
      process.env[name],
  );
  const pdf = createPdfConverterPool({ size: Number(values['pdf-pool']) });
  try {
    const result = await generatePaper(input, {
      writer,
      search,
      checkpoints: values.checkpoints ? createDirectoryCheckpoints(values.checkpoints) : createMemoryCheckpoints(),
      ...(values['full-texts'] ? { fullTexts: createDirectoryFullTexts(values['full-texts']) } : {}),
      pdf,
      onProgress: (p) => {
        process.stderr.write(`${String(p.percent).padStart(3)}% ${p.stage}\n`);
      },
    });
    const out = values.out;
    await mkdir(path.dirname(path.resolve(out)), { recursive: true });
    await writeFile(`${out}.docx`, result.docx);
    await writeFile(`${out}.pdf`, result.pdf);
    // «Отчёт об источниках» beside the paper: anyone can check its citations against the works.
    await writeFile(`${out}.evidence.json`, JSON.stringify(result.evidence.report, null, 2));
    await writeFile(`${out}.evidence.docx`, result.evidence.docx);
    const { docx: _d, pdf: _p, evidence: _e, ...meta } = result;
    await writeFile(`${out}.json`, JSON.stringify(meta, null, 2));
    process.stdout.write(
      `Готово: ${out}.docx, ${out}.pdf (${result.pageCount} с.), ${out}.json; отчёт об источниках: ${out}.evidence.json, ${out}.evidence.docx\n`,
    );
    const { claims, fullTexts, passages, grounding: g } = result.citations;
    process.stdout.write(
      `Источники: фрагментов ${passages}, прочитано полных текстов ${fullTexts}; ссылок проверено ${claims.checked}, переписано ${claims.rewritten}, переписано по фрагменту ${claims.repaired}, удалено ${claims.removed}\n` +
        `Исправлено по источникам: имён не из списка ${g.names}, списков литературы модели ${g.referenceLists}, страниц вне источника ${g.pages}, ` +
        `чисел не со страницы ${g.figures}, неподтверждённых ссылок ${g.unsupported}, повторов абзацев ${g.repeatedParagraphs}, ` +
        `ссылок восстановлено ${g.recited}; утверждений переписано ${g.rewritten}, удалено ${g.removed}\n`,
    );
    if (writer.kind === 'offline') process.stdout.write('Текст написан офлайн-генератором без языковой модели.\n');
    else {
      const u = result.usage;
      process.stdout.write(
        `Модель: вызовов ${u.calls}, токенов ${u.promptTokens} + ${u.completionTokens}` +
          `${u.costRub !== undefined ? `, стоимость ${u.costRub.toFixed(2)} руб.` : ''}\n`,
      );
    }
    printReport(result.normocontrol);
    return 0;
  } finally {
    await pdf.close();
  }
}

async function check(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      pdf: { type: 'string' },
      render: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      sources: { type: 'string' },
    },
  });
  const file = positionals[0];
  if (!file) throw new PaperError('invalid_input', 'Укажите файл .docx');
  const docx = await readFile(file);
  let pdf: Uint8Array | undefined = values.pdf ? await readFile(values.pdf) : undefined;
  if (!pdf && values.render) {
    const pool = createPdfConverterPool({ size: 1 });
    try {
      pdf = await pool.convert(docx);
    } finally {
      await pool.close();
    }
  }
  const report = await checkDocx(docx, { pdf });
  const grounding = values.sources ? await checkDocxGrounding(docx, await runSourcesIn(values.sources)) : null;
  if (values.json) process.stdout.write(`${JSON.stringify(grounding ? { ...report, grounding } : report, null, 2)}\n`);
  else {
    printReport(report);
    if (grounding) {
      process.stdout.write(`Проверка по источникам: ${grounding.length ? `нарушений: ${grounding.length}` : 'нарушений нет'}\n`);
      for (const f of grounding) process.stdout.write(`  [${f.kind}] ${f.message} — ${f.where}\n`);
    }
  }
  return report.ok && !grounding?.length ? 0 : 1;
}

/** The passages a run read and what it knew of its sources, from its checkpoints (the reading stage's). */
async function runSourcesIn(dir: string): Promise<{ passages: Passage[]; sources: SourceFacts[]; glossary: GlossaryEntry[] }> {
  const checkpoints = createDirectoryCheckpoints(dir);
  const saved = (await checkpoints.get('sources:passages')) as { list?: Passage[]; sources?: SourceFacts[] } | undefined;
  const glossary = acceptGlossary({ terms: (await checkpoints.get(GLOSSARY_CHECKPOINT)) ?? [] }, null);
  if (!saved?.list || !saved.sources)
    throw new PaperError(
      'invalid_input',
      `В папке ${dir} нет прочитанных источников работы: укажите папку --checkpoints, с которой она писалась`,
    );
  return { passages: saved.list, sources: saved.sources, glossary };
}

async function extract(argv: string[]): Promise<number> {
  const file = argv[0];
  if (!file) throw new PaperError('invalid_input', 'Укажите файл');
  const r = await extractSourceText({ name: path.basename(file), bytes: await readFile(file) });
  process.stdout.write(
    `Символов: ${r.chars}${r.pages ? `, страниц: ${r.pages}` : ''}${r.truncated ? ' (обрезано)' : ''}\n${r.text.slice(0, 500)}\n`,
  );
  return 0;
}

async function defence(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      pdf: { type: 'string' },
      tariff: { type: 'string', default: 'basic' },
      'title-page': { type: 'string' },
      evidence: { type: 'string' },
      checkpoints: { type: 'string' },
      'pdf-pool': { type: 'string', default: '1' },
      ...Object.fromEntries(Object.keys(LLM_FLAGS).map((flag) => [flag, { type: 'string' as const }])),
    },
  });
  const file = positionals[0];
  if (!file || !values.out) throw new PaperError('invalid_input', 'Укажите работу и папку: paper defence работа.docx --out ./папка');
  // The paper's «Отчёт об источниках» (generate's .evidence.json): each answer names the entry it rests on.
  const evidence = values.evidence ? evidenceReport.safeParse(JSON.parse(await readFile(values.evidence, 'utf8'))) : undefined;
  if (evidence && !evidence.success) throw new PaperError('invalid_input', `Файл ${values.evidence} — не отчёт об источниках`);
  if (values.tariff !== 'basic' && values.tariff !== 'professional')
    throw new PaperError('invalid_input', 'Тариф: --tariff basic или --tariff professional');
  const docx = await readFile(file).catch(() => {
    throw new PaperError('invalid_input', `Файл не найден: ${file}`);
  });
  const paperPdf = values.pdf ? await readFile(values.pdf) : undefined;
  const titlePage = values['title-page'] ? (JSON.parse(await readFile(values['title-page'], 'utf8')) as TitlePageInfo) : undefined;
  const writer = writerOf(values as unknown as Record<string, string | undefined>, values.tariff);
  const pdf = createPdfConverterPool({ size: Number(values['pdf-pool']) });
  try {
    const kit = await makeDefenceKit(
      { docx, pdf: paperPdf },
      {
        writer,
        checkpoints: values.checkpoints ? createDirectoryCheckpoints(values.checkpoints) : createMemoryCheckpoints(),
        pdf,
        tariff: values.tariff,
        titlePage,
        evidence: evidence?.data,
        onProgress: (p) => {
          process.stderr.write(`${String(p.percent).padStart(3)}% ${p.stage}\n`);
        },
      },
    );
    await mkdir(values.out, { recursive: true });
    const out = (name: string) => path.join(values.out!, name);
    await writeFile(out('slides.pptx'), kit.pptx);
    await writeFile(out('speech.docx'), kit.speech);
    await writeFile(out('questions.docx'), kit.questions);
    await writeFile(out('slides.pdf'), kit.preview);
    const { pptx: _x, speech: _s, questions: _q, preview: _p, ...meta } = kit;
    await writeFile(out('kit.json'), JSON.stringify(meta, null, 2));
    process.stdout.write(
      `Готово: ${out('slides.pptx')} (${kit.slides.length} слайдов), ${out('speech.docx')} (${kit.speechWords} слов), ` +
        `${out('questions.docx')} (${kit.questionList.length} вопросов), ${out('slides.pdf')}\n` +
        `Нормоконтроль слайдов: нарушений нет (исправлено по ходу: ${kit.normocontrol.corrected.length})\n`,
    );
    if (writer.kind === 'offline') process.stdout.write('Текст написан офлайн-генератором без языковой модели.\n');
    return 0;
  } finally {
    await pdf.close();
  }
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  try {
    if (command === 'generate') return await generate(rest);
    if (command === 'check') return await check(rest);
    if (command === 'extract') return await extract(rest);
    if (command === 'defence') return await defence(rest);
    process.stdout.write(`${USAGE}\n`);
    return command ? 2 : 0;
  } catch (error) {
    process.stderr.write(`Ошибка: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}

process.exitCode = await main();
