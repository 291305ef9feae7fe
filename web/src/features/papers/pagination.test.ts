import { describe, expect, it } from 'vitest';
import { pageCount, paginationModel } from './pagination';

describe('pagination rules', () => {
  it('4 papers a page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(4)).toBe(1);
    expect(pageCount(5)).toBe(2);
    expect(pageCount(41)).toBe(11);
  });

  it('shows up to 6 page numbers, 3 on narrow screens, keeping the current one inside', () => {
    expect(paginationModel(1, 3, false).pages).toEqual([1, 2, 3]);
    expect(paginationModel(1, 10, false).pages).toEqual([1, 2, 3, 4, 5, 6]);
    expect(paginationModel(5, 10, false).pages).toEqual([3, 4, 5, 6, 7, 8]);
    expect(paginationModel(10, 10, false).pages).toEqual([5, 6, 7, 8, 9, 10]);
    expect(paginationModel(1, 10, true).pages).toEqual([1, 2, 3]);
    expect(paginationModel(5, 10, true).pages).toEqual([4, 5, 6]);
    expect(paginationModel(10, 10, true).pages).toEqual([8, 9, 10]);
  });

  it('arrows are disabled at the ends', () => {
    expect(paginationModel(1, 4, false)).toMatchObject({ prevDisabled: true, nextDisabled: false });
    expect(paginationModel(4, 4, false)).toMatchObject({ prevDisabled: false, nextDisabled: true });
  });

  it('-5/+5 only past 6 pages; -5 disabled on pages 5 and below, +5 within 5 of the last', () => {
    expect(paginationModel(1, 6, false).showJumps).toBe(false);
    expect(paginationModel(1, 7, false).showJumps).toBe(true);
    expect(paginationModel(5, 12, false)).toMatchObject({ backDisabled: true, forwardDisabled: false });
    expect(paginationModel(6, 12, false)).toMatchObject({ backDisabled: false, forwardDisabled: false });
    expect(paginationModel(7, 12, false)).toMatchObject({ backDisabled: false, forwardDisabled: false });
    expect(paginationModel(8, 12, false)).toMatchObject({ backDisabled: false, forwardDisabled: true });
  });
});
