/** Non-breaking spaces a normocontroller looks for, in Cyrillic text (where `\b` fails). */
import { describe, expect, it } from 'vitest';
import { normalizeCitation } from '../src/bibliography/text.ts';
import { typographRu } from '../src/text/typography.ts';

/** Shows non-breaking spaces as "_" so that a failure reads plainly. */
const shown = (text: string) => text.replace(/\u00A0/g, '_');

describe('Russian typography of the body text', () => {
  it.each([
    ['По данным А. А. Иванова, рост составил 5 %.', 'По данным А._А._Иванова, рост составил 5_%.'],
    ['Как отмечает Иванов И. И., это важно.', 'Как отмечает Иванов_И._И., это важно.'],
    ['Об этом сказано в т. 2, ч. 1, ст. 5 и на с. 12.', 'Об этом сказано в т._2, ч._1, ст._5 и на с._12.'],
    ['Закон № 44-ФЗ и №5, а также § 3.', 'Закон №_44-ФЗ и №_5, а также §_3.'],
    [
      'В 2020 г. и в 2019–2021 гг. выручка выросла на 10 млн руб., а в XX в. её не было.',
      'В 2020_г. и в 2019–2021_гг. выручка выросла на 10_млн руб., а в XX в. её не было.',
    ],
    ['Налоги, сборы и т. д., т. е. платежи, и т. п.', 'Налоги, сборы и_т._д., т._е. платежи, и_т._п.'],
    ['Доля 15 % от 100 тыс. чел. и 2 000 руб.', 'Доля 15_% от 100_тыс. чел. и 2 000_руб.'],
  ])('%s', (input, expected) => {
    expect(shown(typographRu(input))).toBe(expected);
  });

  it('leaves ordinary words alone', () => {
    const text = 'В 2020 году в России с ростом цен т. к. спрос рос, город Т. и в 5 главах.';
    expect(shown(typographRu(text))).toBe('В 2020 году в России с ростом цен т._к. спрос рос, город Т. и в 5 главах.');
  });
});

describe('a citation the user typed', () => {
  it('binds «С.» to its page in Cyrillic', () => {
    expect(shown(normalizeCitation('Иванов И. И. Экономика. – М. : Наука, 2020. – С. 12–18'))).toBe(
      'Иванов_И._И. Экономика. – М. : Наука, 2020. – С._12–18. – Текст : непосредственный.',
    );
  });

  it('adds the content type a user left out (GOST 7.0.100), before «//» in an article', () => {
    expect(normalizeCitation('Петров П. П. Статья о бизнесе // Вестник. – 2021. – № 2. – С. 5–9.')).toBe(
      'Петров\u00a0П.\u00a0П. Статья о бизнесе. – Текст : непосредственный // Вестник. – 2021. – №\u00a02. – С.\u00a05–9.',
    );
    expect(normalizeCitation('Сидоров С. С. Сайт. – URL: https://example.ru (дата обращения: 01.03.2025)')).toBe(
      'Сидоров\u00a0С.\u00a0С. Сайт. – URL: https://example.ru (дата обращения: 01.03.2025). – Текст : электронный.',
    );
    const complete = 'Иванов И. И. Книга / И. И. Иванов. – Москва : Наука, 2020. – 200 с. – Текст : непосредственный.';
    expect(normalizeCitation(complete).match(/Текст :/g)).toHaveLength(1);
  });
});
