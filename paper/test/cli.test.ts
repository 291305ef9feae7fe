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
