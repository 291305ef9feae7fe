import { describe, expect, it } from 'vitest';
import { formatRubles } from '@app/contract';
import { formatDate, formatRating } from './format';

describe('Russian formats', () => {
  it('long dates', () => expect(formatDate('2026-03-05T12:00:00Z')).toBe('5 марта 2026 г.'));
  it('rubles', () => expect(formatRubles(1990).replace(/\s/g, ' ')).toBe('1 990 ₽'));
  it('rating with one decimal or a dash', () => {
    expect(formatRating(4.25)).toBe('4,3');
    expect(formatRating(5)).toBe('5,0');
    expect(formatRating(0)).toBe('—');
  });
});
