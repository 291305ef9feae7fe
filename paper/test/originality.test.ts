/**
 * The originality report: the internal check on texts whose overlap is known word by word, the
 * Text.ru check against a local stand-in that behaves like the real API (uid first, "not checked
 * yet" for the first polls, a wrong key, a timeout), and the stage that falls back to the
 * internal check when the outside one fails.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { entryText } from '../src/bibliography/list.ts';
import { createMemoryCheckpoints } from '../src/checkpoints/stores.ts';
import { PaperError } from '../src/errors.ts';
import { measureOverlap } from '../src/originality/overlap.ts';
import { checkOriginality, internalReport, plainTextOf } from '../src/originality/stage.ts';
import { createTextRuCheck, splitForTextRu } from '../src/originality/text-ru.ts';
import type { OriginalityCheck } from '../src/types.ts';
import { OriginalityCheckError } from '../src/originality/types.ts';
import { readText } from '../src/originality/words.ts';
import type { PaperRun, PaperState } from '../src/run/state.ts';
import { startTextRuStandIn, type TextRuStandIn } from './support/text-ru-stand-in.ts';

const PASSAGE = 'Рост малого бизнеса зависит от доступа к кредитам и налоговых льгот.';
const passages = [{ sourceId: 'S3', text: PASSAGE }];
const one = (text: string, key = '1.1') => [{ key, text }];

describe('reading a text', () => {
  it('lower-cases, makes ё е, drops punctuation and citation markers of every form', () => {
    const read = readText(
      'Ещё РОСТ — «малого» бизнеса [3, с. 12], [[S3, с. 47]] (сноска: Иванов И. И. Экономика (учебник). – М., 2020.) итог.',
    );
    expect(read.words.map((w) => w.word)).toEqual(['еще', 'рост', 'малого', 'бизнеса', 'итог']);
    expect(read.words.every((w) => !w.quoted)).toBe(true);
  });

  it('marks the words of a quotation that a citation follows, and only those', () => {
    const cited = readText('Он пишет: «рост «малого» бизнеса» [3, с. 12], а «не цитата» здесь.');
    expect(cited.words.filter((w) => w.quoted).map((w) => w.word)).toEqual(['рост', 'малого', 'бизнеса']);
    const footnoted = readText('Он пишет: «рост бизнеса»\u00a0(сноска: Иванов И. И. Экономика. – М., 2020.) далее.');
    expect(footnoted.words.filter((w) => w.quoted).map((w) => w.word)).toEqual(['рост', 'бизнеса']);
  });
});

describe('the internal check', () => {
  it('counts the words in 5-grams shared with a source, whatever the case, ё and punctuation', () => {
    // 3 own words, 8 from the source (4 shared 5-grams), 6 own words: 8 of 17.
    const text =
      'Авторы отмечают, что РОСТ малого бизнеса, зависит — от доступа к кредитам [3, с. 12]. Далее следует собственный вывод автора работы.';
    const overlap = measureOverlap({ sections: one(text), passages });
    expect(overlap).toMatchObject({ words: 17, quotedWords: 0, sourceWords: 8, selfWords: 0 });
    expect(overlap.fragments).toEqual([
      { text: 'РОСТ малого бизнеса, зависит — от доступа к кредитам', words: 8, section: '1.1', sourceId: 'S3' },
    ]);
    const report = internalReport(overlap, () => ({ number: 3, title: 'Иванов И. И. Экономика (2020)' }));
    expect(report).toMatchObject({
      method: 'internal',
      originalityPercent: 52.9,
      sourcePercent: 47.1,
      selfPercent: 0,
      quotedPercent: 0,
      words: 17,
    });
    expect(report.fragments[0]).toMatchObject({ kind: 'source', sourceNumber: 3, sourceTitle: 'Иванов И. И. Экономика (2020)' });
  });

  it('leaves out a quotation marked with a citation, but not one without', () => {
    const quoted = 'По словам автора, «рост малого бизнеса зависит от доступа к кредитам» [3, с. 12]. Это важно для работы.';
    expect(measureOverlap({ sections: one(quoted), passages })).toMatchObject({ words: 15, quotedWords: 8, sourceWords: 0 });
    const footnoted =
      'По словам автора, «рост малого бизнеса зависит от доступа к кредитам» (сноска: Иванов И. И. Экономика (учебник). – М., 2020. – С. 12.). Это важно для работы.';
    expect(measureOverlap({ sections: one(footnoted), passages })).toMatchObject({ words: 15, quotedWords: 8, sourceWords: 0 });
    const unmarked = 'По словам автора, «рост малого бизнеса зависит от доступа к кредитам». Это важно для работы.';
    expect(measureOverlap({ sections: one(unmarked), passages })).toMatchObject({ words: 15, quotedWords: 0, sourceWords: 8 });
    const report = internalReport(measureOverlap({ sections: one(quoted), passages }), () => undefined);
    expect(report).toMatchObject({ originalityPercent: 100, quotedPercent: 53.3 });
  });

  it('counts a repetition of an earlier place of the paper, not its first occurrence', () => {
    const sections = [
      { key: '1.1', text: 'альфа бета гамма дельта эпсилон дзета эта тета' },
      { key: '1.2', text: 'йота каппа альфа бета гамма дельта эпсилон дзета лямбда' },
    ];
    const overlap = measureOverlap({ sections, passages });
    expect(overlap).toMatchObject({ words: 17, sourceWords: 0, selfWords: 6 });
    expect(overlap.fragments).toEqual([{ text: 'альфа бета гамма дельта эпсилон дзета', words: 6, section: '1.2', sourceId: null }]);
    expect(internalReport(overlap, () => undefined)).toMatchObject({ originalityPercent: 64.7, selfPercent: 35.3 });
  });

  it('gives the longest fragments first, a 5-gram never crossing paragraphs, and 100 % for an own text', () => {
    const sections = [
      { key: 'introduction', text: `${PASSAGE.slice(0, 45)}\n\nсобственный текст здесь\n\nальфа бета гамма дельта эпсилон` },
      { key: 'conclusion', text: `альфа бета гамма дельта эпсилон. ${PASSAGE}` },
    ];
    const overlap = measureOverlap({ sections, passages });
    // 16 + 16 words: 7 + 11 from the source ("кред" is cut), 5 repeated; the paragraph break keeps "кред | собственный" apart.
    expect(overlap).toMatchObject({ words: 32, sourceWords: 18, selfWords: 5 });
    expect(overlap.fragments.map((f) => [f.words, f.sourceId])).toEqual([
      [11, 'S3'],
      [7, 'S3'],
      [5, null],
    ]);
    const own = measureOverlap({ sections: one('Совершенно собственный текст автора без единого заимствования из источников.'), passages });
    expect(internalReport(own, () => undefined).originalityPercent).toBe(100);
    expect(internalReport(measureOverlap({ sections: [], passages }), () => undefined).originalityPercent).toBe(100);
  });
});

const KEY = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
const LONG_TEXT = 'Собственный текст работы о развитии малого бизнеса в регионах России. '.repeat(10);
let standIn: TextRuStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});
const fast = { pollIntervalMs: 20, timeoutMs: 5_000, requestTimeoutMs: 2_000 };

describe('Text.ru', () => {
  it('submits the text, polls while it is not checked yet, and reads the uniqueness and the matching pages', async () => {
    standIn = await startTextRuStandIn({ userKey: KEY, notReadyPolls: 3, urls: [{ url: 'https://example.ru/a', plagiat: 12.5 }] });
    const check = createTextRuCheck({ userKey: KEY, baseUrl: standIn.url, ...fast });
    const result = await check.check(LONG_TEXT, {});
    expect(result).toEqual({ uniquePercent: 87.5, matches: [{ url: 'https://example.ru/a', percent: 12.5 }] });
    expect(standIn.requests.map((r) => Object.keys(r).sort().join(','))).toEqual([
      'text,userkey',
      ...Array(4).fill('jsonvisible,uid,userkey'),
    ]);
    expect(standIn.requests[1].jsonvisible).toBe('detail');
  });

  it('sends a text over 150 000 characters in parts and weighs their uniqueness by length', async () => {
    const long = Array.from({ length: 2600 }, (_, i) => `Абзац ${i} о развитии малого бизнеса в регионах России и мерах поддержки.`).join(
      '\n\n',
    );
    expect(long.length).toBeGreaterThan(150_000);
    const parts = splitForTextRu(long);
    expect(parts.length).toBe(2);
    expect(parts.every((p) => p.length <= 150_000)).toBe(true);
    expect(parts.join('\n\n')).toBe(long);
    standIn = await startTextRuStandIn({ userKey: KEY, notReadyPolls: 1, unique: (t) => (t.startsWith('Абзац 0 ') ? 90 : 60) });
    const result = await createTextRuCheck({ userKey: KEY, baseUrl: standIn.url, ...fast }).check(long, {});
    expect(standIn.submitted).toEqual(parts);
    const expected = (90 * parts[0].length + 60 * parts[1].length) / (parts[0].length + parts[1].length);
    expect(result.uniquePercent).toBe(Math.round(expected * 10) / 10);
  });

  it('says so when the key is wrong, the text too short, or no answer comes in time', async () => {
    standIn = await startTextRuStandIn({ userKey: KEY });
    const reasonOf = (check: OriginalityCheck, text = LONG_TEXT) =>
      check.check(text, {}).then(
        () => 'ok',
        (e: unknown) => (e instanceof OriginalityCheckError ? e.reason : String(e)),
      );
    expect(await reasonOf(createTextRuCheck({ userKey: 'wrong', baseUrl: standIn.url, ...fast }))).toBe(
      'Text.ru отклонил ключ API (код 141)',
    );
    expect(await reasonOf(createTextRuCheck({ userKey: KEY, baseUrl: standIn.url, ...fast }), 'Коротко.')).toBe(
      'текст короче 100 символов',
    );
    await standIn.close();
    standIn = await startTextRuStandIn({ userKey: KEY, notReadyPolls: 1_000 });
    const started = Date.now();
    expect(await reasonOf(createTextRuCheck({ userKey: KEY, baseUrl: standIn.url, pollIntervalMs: 20, timeoutMs: 300 }))).toBe(
      'Text.ru не проверил текст за 0 с',
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    await standIn.close();
    standIn = await startTextRuStandIn({ userKey: KEY, hang: true });
    expect(await reasonOf(createTextRuCheck({ userKey: KEY, baseUrl: standIn.url, requestTimeoutMs: 200 }))).toBe(
      'Text.ru не ответил вовремя',
    );
  });

  it('polls a remembered submission after a restart instead of paying for the text again', async () => {
    standIn = await startTextRuStandIn({ userKey: KEY, notReadyPolls: 0 });
    const memo = createMemoryCheckpoints();
    const check = createTextRuCheck({ userKey: KEY, baseUrl: standIn.url, ...fast });
    await check.check(LONG_TEXT, { memo });
    await check.check(LONG_TEXT, { memo });
    expect(standIn.submitted).toHaveLength(1);
    expect(standIn.requests.filter((r) => r.uid)).toHaveLength(2);
  });
});

describe('the stage', () => {
  const sectionTexts = [
    {
      key: 'introduction',
      heading: 'ВВЕДЕНИЕ',
      text: 'Авторы отмечают, что рост малого бизнеса зависит от доступа к кредитам [1, с. 12]. Далее вывод.',
    },
    {
      key: '1.1',
      heading: '1.1 Теория',
      text: 'Собственный текст раздела о предмете исследования и его методах, написанный автором без заимствований (сноска: Иванов И. И. Экономика. – М., 2020.).',
    },
  ];
  const citation = 'Иванов, И. И. Экономика. – М., 2020. – 200 с.';
  const state = {
    warnings: [],
    final: { sectionTexts },
    bibliography: {
      entries: [{ sourceId: 'S1', number: 1, text: entryText({ id: 'S1', origin: 'attached', citation }), origin: 'attached' }],
      numberOf: { S1: 1 },
      references: [],
    },
    passages: { list: [{ id: 'p1', sourceId: 'S1', page: '12', text: PASSAGE }] },
    sources: {
      byId: new Map([['S1', { id: 'S1', label: 'Иванов И. И. Экономика', bib: { id: 'S1', origin: 'attached', citation } }]]),
    },
  } as unknown as PaperState;
  const runOf = (originality: OriginalityCheck | null, demo = false, signal?: AbortSignal) =>
    ({ demo, signal, ctx: { originality, checkpoints: createMemoryCheckpoints() } }) as unknown as PaperRun;

  it('reports the internal check with the source numbers of the list', async () => {
    const { originality } = await checkOriginality(runOf(null), state);
    expect(originality).toMatchObject({ method: 'internal', note: null, sourcePercent: 30.8, originalityPercent: 69.2, words: 26 });
    expect(originality!.fragments[0]).toMatchObject({ kind: 'source', sourceNumber: 1, sourceTitle: 'Иванов И. И. Экономика', words: 8 });
    expect(plainTextOf(sectionTexts)).not.toMatch(/сноска|\[1/);
  });

  it('uses Text.ru for a full paper when configured, and the internal check for a demo', async () => {
    standIn = await startTextRuStandIn({ userKey: KEY, notReadyPolls: 1, unique: () => 91.25 });
    const check = createTextRuCheck({ userKey: KEY, baseUrl: standIn.url, ...fast });
    const full = (await checkOriginality(runOf(check), state)).originality!;
    expect(full).toMatchObject({ method: 'text.ru', originalityPercent: 91.3, note: null, words: 26 });
    expect(full.fragments).toHaveLength(1);
    expect(standIn.submitted[0]).toContain('ВВЕДЕНИЕ');
    const demo = (await checkOriginality(runOf(check, true), state)).originality!;
    expect(demo.method).toBe('internal');
    expect(standIn.submitted).toHaveLength(1);
  });

  it('falls back to the internal check when Text.ru fails, and says why; a cancelled run stops', async () => {
    standIn = await startTextRuStandIn({ userKey: KEY });
    const wrongKey = createTextRuCheck({ userKey: 'wrong', baseUrl: standIn.url, ...fast });
    const report = (await checkOriginality(runOf(wrongKey), state)).originality!;
    expect(report).toMatchObject({
      method: 'internal',
      note: 'Проверка Text.ru не выполнена (Text.ru отклонил ключ API (код 141)): показана внутренняя проверка',
    });
    expect(report.originalityPercent).toBe(69.2);
    await standIn.close();
    standIn = await startTextRuStandIn({ userKey: KEY, notReadyPolls: 1_000 });
    const controller = new AbortController();
    const slow = createTextRuCheck({ userKey: KEY, baseUrl: standIn.url, pollIntervalMs: 50, timeoutMs: 60_000 });
    setTimeout(() => controller.abort(), 200);
    await expect(checkOriginality(runOf(slow, false, controller.signal), state)).rejects.toBeInstanceOf(PaperError);
  });
});
