/** What a model returns, cleaned into paragraphs of the paper. */
import { describe, expect, it } from 'vitest';
import { cleanText } from '../src/text/clean.ts';

describe('a model answer cleaned into paragraphs', () => {
  it('drops a refusal, and keeps a sentence that only mentions what cannot be done', () => {
    expect(
      cleanText(
        'Извините, я не могу помочь с этим запросом.\n\nК сожалению, малые предприятия не могут привлечь кредиты без залога.\n\nЯ не могу написать этот раздел.',
      ),
    ).toEqual(['К сожалению, малые предприятия не могут привлечь кредиты без залога.']);
  });

  it('turns Markdown numbered lists into GOST lists «1)» and drops horizontal rules', () => {
    expect(
      cleanText('## 1.1 Понятие\n\n1. Первый пункт списка.\n2) Второй пункт списка.\n\n---\n\n***\n\nОбычный абзац 1.2 текста.'),
    ).toEqual(['1) Первый пункт списка.', '2) Второй пункт списка.', 'Обычный абзац 1.2 текста.']);
  });
});

describe('a model drifting into English', () => {
  it('loses its English sentences; Russian ones citing English works stay', () => {
    const text =
      'Цифровая трансформация малого бизнеса изучена в ряде работ [[p3]]. ' +
      'The digital transformation of small firms in the regions requires public support and new skills [[p4]]. ' +
      'В статье «Digital tools for SMEs» показано, что малые предприятия внедряют облачные сервисы [[p5]]. ' +
      'Зарубежные авторы отмечают: «Small firms that adopt cloud accounting reduce the cost of managing their business» [[p6]].\n\n' +
      'Moreover, regional programmes were found to increase the adoption of cloud accounting among micro firms.';
    expect(cleanText(text)).toEqual([
      'Цифровая трансформация малого бизнеса изучена в ряде работ [[p3]]. В статье «Digital tools for SMEs» показано, что малые предприятия внедряют облачные сервисы [[p5]]. ' +
        'Зарубежные авторы отмечают: «Small firms that adopt cloud accounting reduce the cost of managing their business» [[p6]].',
    ]);
  });
});
