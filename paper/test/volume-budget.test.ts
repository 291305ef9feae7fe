/** A demo's character budget leaves room for what follows its chapter: the list of the sources it
 * cites and the appendix on the use of AI (ticked by default), so neither pushes it past 15 pages. */
import { describe, expect, it } from 'vitest';
import { CHARS_PER_PAGE } from '../src/gost/constants.ts';
import { budgetFor, DEMO_PAGES } from '../src/run/budget.ts';

const chapters = [{ subsections: ['а', 'б', 'в', 'г'] }, { subsections: ['д', 'е'] }];
const chapterPages = (o: { sourceCount: number; aiAppendix: boolean }) =>
  [...budgetFor({ type: 'demo', volume: 80, chapters, introTailChars: 0, ...o }).subsections.values()].reduce((a, b) => a + b, 0) /
  CHARS_PER_PAGE;

describe('a demo budget', () => {
  it('takes a page for the appendix from the chapter', () => {
    const without = chapterPages({ sourceCount: 8, aiAppendix: false });
    expect(without).toBeGreaterThan(5.5);
    expect(chapterPages({ sourceCount: 8, aiAppendix: true })).toBeCloseTo(without - 1, 2);
  });

  it('takes the length of a longer list from the chapter, up to the dozen sources a demo cites', () => {
    const eight = chapterPages({ sourceCount: 8, aiAppendix: true });
    const dozen = chapterPages({ sourceCount: 12, aiAppendix: true });
    expect(eight - dozen).toBeCloseTo((4 * 230) / CHARS_PER_PAGE, 2);
    expect(chapterPages({ sourceCount: 400, aiAppendix: true })).toBeCloseTo(dozen, 5);
    // Title, contents, introduction (3), the chapter, its list on a page of its own, the appendix.
    expect(5 + dozen + ((12 * 230) / CHARS_PER_PAGE + 0.3 + 0.5) + 1).toBeLessThanOrEqual(DEMO_PAGES.aim + 1.01);
  });

  it('writes the chapter of a demo only', () => {
    const budget = budgetFor({ type: 'demo', volume: 80, chapters, introTailChars: 0, sourceCount: 12, aiAppendix: true });
    expect([...budget.subsections.keys()]).toEqual(['1.1', '1.2', '1.3', '1.4']);
    expect(budget.conclusion).toBe(0);
  });
});
