import { describe, expect, it } from 'vitest';
import { chaptersOf } from './contents';

describe('the table of contents of a paper', () => {
  it('numbers the chapters in the order of their own numbers, whatever the order of the keys', () => {
    // As PostgreSQL's jsonb gives the structure back: the shorter key first.
    const structure = { '2. Практика': [], '1. Теоретические основы темы': ['1.1 Основные понятия', '1.2 Обзор исследований'] };
    expect(chaptersOf(structure)).toEqual([
      { title: 'Глава 1. Теоретические основы темы', subchapters: ['1.1 Основные понятия', '1.2 Обзор исследований'] },
      { title: 'Глава 2. Практика', subchapters: [] },
    ]);
  });

  it('keeps the order given when the headings have no numbers', () => {
    expect(chaptersOf({ 'Теория вопроса': ['Понятия'], Практика: [] }).map((c) => c.title)).toEqual([
      'Глава 1. Теория вопроса',
      'Глава 2. Практика',
    ]);
  });
});
