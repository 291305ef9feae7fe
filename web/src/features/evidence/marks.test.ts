import { describe, expect, it } from 'vitest';
import { quotePieces } from './marks';
import { stemEn, stemRu } from './stem';

const marked = (pieces: ReturnType<typeof quotePieces>) => pieces.filter((p) => p.mark).map((p) => `${p.mark}:${p.text}`);

describe('the quoted passage with its marks', () => {
  it('marks the figures found (in either decimal form) and the key terms in the forms the page has', () => {
    const pieces = quotePieces({
      quote: 'Главным ограничением остаётся нехватка данных: лишь 45 % организаций ведут учёт; доля выросла до 12,5 % к 2020 году.',
      figures: [
        { value: '45', found: true },
        { value: '12.5', found: true },
        { value: '7', found: false },
      ],
      keyTerms: [
        { term: 'ограничение', via: null },
        { term: 'организации', via: null },
        { term: 'учета', via: null },
      ],
    });
    expect(marked(pieces)).toEqual(['term:ограничением', 'figure:45', 'term:организаций', 'term:учёт', 'figure:12,5']);
    // Nothing is lost or repeated.
    expect(pieces.map((p) => p.text).join('')).toBe(
      'Главным ограничением остаётся нехватка данных: лишь 45 % организаций ведут учёт; доля выросла до 12,5 % к 2020 году.',
    );
  });

  it('marks the English word a Russian term was matched through on a foreign page, and joins neighbours', () => {
    const pieces = quotePieces({
      quote: 'The sample covered 67 organisations from 39 small business regions.',
      figures: [{ value: '67', found: true }],
      keyTerms: [
        { term: 'организаций', via: 'organisations' },
        { term: 'малого', via: 'small' },
        { term: 'бизнеса', via: 'business' },
      ],
    });
    expect(marked(pieces)).toEqual(['figure:67', 'term:organisations', 'term:small business']);
  });

  it('stems Russian and English words to what their forms share', () => {
    expect(stemRu('организаций')).toBe(stemRu('организации'));
    expect(stemRu('малого')).toBe(stemRu('малый'));
    expect(stemRu('бизнеса')).toBe('бизнес');
    expect(stemRu('трансформация')).toBe(stemRu('трансформации'));
    expect(stemEn('organisations')).toBe(stemEn('organisation'));
    expect(stemEn('regions')).toBe('region');
    expect(stemEn('business')).toBe('business');
  });
});
