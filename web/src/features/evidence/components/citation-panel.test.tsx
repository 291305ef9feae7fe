import type { EvidenceEntry } from '@app/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { CitationPanel } from './citation-panel';

const ENTRIES: EvidenceEntry[] = [
  {
    n: 1,
    section: '1.1',
    sectionTitle: '1.1 Понятие и сущность объекта исследования',
    paperPage: 7,
    sentence: 'Так, в литературе отмечается, что лишь 45 % организаций ведут систематический учёт [2, с. 47].',
    reference: '[2, с.\u00a047]',
    footnote: null,
    work: 2,
    title: 'Цифровая трансформация малого бизнеса в России',
    doi: '10.1234/dt.2023.47',
    url: null,
    page: '47',
    quote: 'Главным ограничением остаётся нехватка данных: лишь 45 % организаций ведут систематический учёт.',
    figures: [{ value: '45', found: true }],
    keyTerms: [
      { term: 'организаций', via: null },
      { term: 'систематический', via: null },
      { term: 'учёт', via: null },
      { term: 'нехватка', via: null },
      { term: 'ограничением', via: null },
    ],
    keyTermsTotal: 7,
    readAs: 'full_text',
  },
  {
    n: 2,
    section: '1.2',
    sectionTitle: '1.2 Обзор исследований',
    paperPage: 8,
    sentence: 'Исследователи указывают, что выборка охватила 67 организаций.',
    reference: 'Dawson, L. C. Digital transformation : a textbook. – P. 21.',
    footnote: 3,
    work: 10,
    title: 'Digital transformation small business',
    doi: null,
    url: 'https://repository.example.org/record/10',
    page: null,
    quote: 'The sample covered 67 organisations from 39 regions.',
    figures: [{ value: '67', found: true }],
    keyTerms: [{ term: 'организаций', via: 'organisations' }],
    keyTermsTotal: 4,
    readAs: 'abstract',
  },
];

/** A citation button of the PDF that opens the panel, as the preview has them. */
function Harness() {
  const [entry, setEntry] = useState<EvidenceEntry | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={trigger} type="button" onClick={() => setEntry(ENTRIES[0])}>
        Ссылка [2, с. 47]: фрагмент источника
      </button>
      <CitationPanel entry={entry} entries={ENTRIES} onShow={setEntry} onClose={() => setEntry(null)} returnFocus={() => trigger.current} />
    </>
  );
}

describe('the citation panel', () => {
  it('shows the entry: the sentence, the work with its DOI, the page, the quote with marks and the verdict in words', async () => {
    renderWithApp(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Ссылка [2, с. 47]: фрагмент источника' }));
    const panel = await screen.findByRole('dialog', { name: 'Ссылка [2, с.\u00a047]' });
    expect(panel.textContent).toContain('лишь 45 % организаций ведут систематический учёт [2, с. 47].');
    expect(panel.textContent).toContain('2. Цифровая трансформация малого бизнеса в России');
    expect(within(panel).getByRole('link', { name: 'DOI: 10.1234/dt.2023.47' }).getAttribute('href')).toBe(
      'https://doi.org/10.1234/dt.2023.47',
    );
    expect(panel.textContent).toContain('Цитируемая страница: 47');
    const quote = screen.getByTestId('evidence-quote');
    expect([...quote.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'ограничением',
      'нехватка',
      '45',
      'организаций',
      'систематический учёт',
    ]);
    // The figures in bold, besides their mark.
    expect(within(quote).getByText('45').tagName).toBe('MARK');
    const verdict = screen.getByTestId('evidence-verdict');
    expect(verdict.textContent).toContain('Числа утверждения найдены во фрагменте: 45');
    expect(verdict.textContent).toContain('Ключевые термины: 5 из 7');
    expect(verdict.textContent).toContain('Прочитан полный текст');
  });

  it('goes to the next citation: a footnote read from its abstract, its English terms marked', async () => {
    renderWithApp(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Ссылка [2, с. 47]: фрагмент источника' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Следующая' }));
    const panel = await screen.findByRole('dialog', { name: 'Сноска 3' });
    expect(panel.textContent).toContain('Сноска 3: Dawson, L. C. Digital transformation');
    expect(within(panel).getByRole('link', { name: 'https://repository.example.org/record/10' })).toBeTruthy();
    expect(panel.textContent).toContain('Страница не указана: ссылка на аннотацию работы');
    expect([...screen.getByTestId('evidence-quote').querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['67', 'organisations']);
    expect(screen.getByTestId('evidence-verdict').textContent).toContain('Ключевые термины: 1 из 4 (организаций (англ. organisations))');
    expect(screen.getByTestId('evidence-verdict').textContent).toContain('Прочитана аннотация');
    expect(within(panel).getByRole('button', { name: 'Следующая' }).hasAttribute('disabled')).toBe(true);
  });

  it('Escape closes it and the focus goes back to the citation', async () => {
    renderWithApp(<Harness />);
    const citation = screen.getByRole('button', { name: 'Ссылка [2, с. 47]: фрагмент источника' });
    citation.focus();
    fireEvent.click(citation);
    const panel = await screen.findByRole('dialog', { name: 'Ссылка [2, с.\u00a047]' });
    await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true));
    await act(async () => {
      fireEvent.keyDown(document.activeElement!, { key: 'Escape', code: 'Escape' });
    });
    // Closed (jsdom runs no exit animation, so the closed panel stays in the tree, hidden).
    await waitFor(() => expect(panel.getAttribute('data-state')).toBe('closed'));
    await waitFor(() => expect(document.activeElement).toBe(citation));
  });
});
