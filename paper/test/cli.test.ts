/** The command line: generate a paper offline, check it, check a broken one. */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip } from '../dev/zip.ts';
import { readZip } from '../src/zip.ts';

const cwd = path.resolve(import.meta.dirname, '..');
const cli = (...args: string[]) => spawnSync(process.execPath, ['src/cli.ts', ...args], { cwd, encoding: 'utf8', timeout: 120_000 });
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'paper-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('CLI', () => {
  it('generates a demo to .docx, .pdf and .json, then checks it', async () => {
    const out = path.join(dir, 'demo');
    const gen = cli('generate', '--topic', 'Управление персоналом в малых IT-компаниях', '--type', 'demo', '--footnotes', '--out', out);
    expect(gen.status, gen.stderr).toBe(0);
    expect(gen.stdout).toContain('Нормоконтроль: нарушений нет');
    expect(gen.stdout).toContain('без языковой модели');
    expect(gen.stderr).toContain('100% Готово');
    const meta = JSON.parse(await readFile(`${out}.json`, 'utf8'));
    expect(meta).toMatchObject({ title: 'Управление персоналом в малых IT-компаниях', writer: 'offline' });
    expect((await readFile(`${out}.pdf`)).subarray(0, 5).toString()).toBe('%PDF-');

    const ok = cli('check', `${out}.docx`, '--pdf', `${out}.pdf`);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/нарушений нет[\s\S]*страниц \d+/);

    const parts = await readZip(await readFile(`${out}.docx`), () => true);
    const bad = buildZip(
      [...parts].map(([name, data]) => ({
        name,
        data: name === 'word/document.xml' ? Buffer.from(data.toString().replace('w:right="850"', 'w:right="1134"')) : data,
      })),
    );
    await writeFile(path.join(dir, 'bad.docx'), bad);
    const failed = cli('check', path.join(dir, 'bad.docx'), '--json');
    expect(failed.status).toBe(1);
    expect(JSON.parse(failed.stdout).issues).toEqual([
      { rule: 'page.margins', message: 'Поля страницы должны быть: левое 30 мм, правое 15 мм, верхнее 20 мм, нижнее 20 мм' },
    ]);
  });

  it('makes the defence kit of a paper the user brings', async () => {
    const out = path.join(dir, 'kit');
    const r = cli('defence', 'samples/sme-edo-full.docx', '--out', out, '--tariff', 'professional');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Готово: .*slides\.pptx \(1\d слайдов\), .*speech\.docx \(\d+ слов\), .*questions\.docx \(\d+ вопросов\)/);
    expect(r.stdout).toContain('Нормоконтроль слайдов: нарушений нет');
    expect(r.stderr).toContain('100% Готово');
    expect((await readFile(path.join(out, 'slides.pdf'))).subarray(0, 5).toString()).toBe('%PDF-');
    for (const name of ['slides.pptx', 'speech.docx', 'questions.docx'])
      expect((await readFile(path.join(out, name))).subarray(0, 2).toString()).toBe('PK');
    const meta = JSON.parse(await readFile(path.join(out, 'kit.json'), 'utf8'));
    expect(meta.title).toBe('Электронный документооборот в управлении малым бизнесом');
    const usage = cli('defence', 'samples/sme-edo-full.docx');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Укажите работу и папку');
  });

  it("checks a delivered paper against the sources it was written from (--sources: the run's checkpoints)", async () => {
    const out = path.join(dir, 'sourced');
    const ckpt = path.join(dir, 'sourced-checkpoints');
    const sources = [
      [
        'platformy.txt',
        'Цифровые платформы поддержки малого бизнеса собирают меры поддержки в одном окне. Региональные платформы сокращают время получения субсидий малыми предприятиями. Руководители малых предприятий проходят обучение работе с цифровыми сервисами управления.',
        'Сидоров, С. С. Цифровые платформы поддержки малого бизнеса / С. С. Сидоров. – Казань : Наука, 2023. – 210 с. – Текст : непосредственный.',
      ],
      [
        'oblako.txt',
        'Облачные сервисы бухгалтерского учёта снижают издержки управления малым бизнесом. Малые предприятия переходят на облачную бухгалтерию, когда региональные программы возмещают часть подписки. Электронный документооборот сокращает сроки расчётов малых предприятий с контрагентами.',
        'Петрова, Е. А. Облачные сервисы в управлении малым предприятием / Е. А. Петрова. – Москва : Инфра-М, 2022. – 180 с. – Текст : непосредственный.',
      ],
    ];
    const args: string[] = [];
    for (const [name, text, citation] of sources) {
      await writeFile(path.join(dir, name), text.repeat(6));
      args.push('--source', `${path.join(dir, name)}::${citation}`);
    }
    const topic = 'Цифровая трансформация управления малым бизнесом в регионах';
    const gen = cli('generate', '--topic', topic, '--type', 'demo', '--footnotes', '--out', out, '--checkpoints', ckpt, ...args);
    expect(gen.status, gen.stderr).toBe(0);
    expect(gen.stdout).toMatch(/Исправлено по источникам: имён не из списка \d+/);
    const ok = cli('check', `${out}.docx`, '--sources', ckpt);
    expect(ok.stdout).toContain('Проверка по источникам: нарушений нет');
    expect(ok.status, ok.stdout).toBe(0);

    // An invented author and work put into the delivered text are found, with the exit code of a violation.
    const parts = await readZip(await readFile(`${out}.docx`), () => true);
    const xml = parts.get('word/document.xml')!.toString();
    const at = xml.indexOf('<w:t xml:space="preserve">', xml.lastIndexOf('>ВВЕДЕНИЕ<'));
    const invented = 'Как отмечает Колокольцев Д. С., автор концепции «Цифровой рывок регионального предпринимательства», это важно. ';
    const at2 = at + '<w:t xml:space="preserve">'.length;
    const bad = buildZip(
      [...parts].map(([name, data]) => ({
        name,
        data: name === 'word/document.xml' ? Buffer.from(xml.slice(0, at2) + invented + xml.slice(at2)) : data,
      })),
    );
    await writeFile(path.join(dir, 'invented.docx'), bad);
    const found = cli('check', path.join(dir, 'invented.docx'), '--sources', ckpt, '--json');
    expect(found.status).toBe(1);
    expect(JSON.parse(found.stdout).grounding.map((f: { message: string }) => f.message)).toEqual([
      'Упомянут автор не из списка источников: Колокольцев Д. С.',
      'Упомянута работа не из списка источников: концепции «Цифровой рывок регионального предпринимательства»',
    ]);
    const missing = cli('check', `${out}.docx`, '--sources', path.join(dir, 'nowhere'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('нет прочитанных источников работы');
  });

  it('explains bad input in Russian', async () => {
    await writeFile(path.join(dir, 'x.docx'), 'не документ');
    const r = cli('check', path.join(dir, 'x.docx'));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^Ошибка: Файл повреждён/);
    const g = cli('generate', '--topic', 'коротко');
    expect(g.status).toBe(2);
    expect(g.stderr).toContain('Тема работы должна содержать от 10 до 200 символов');
  });
});
