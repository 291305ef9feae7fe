import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Routes, useLocation } from 'react-router-dom';
import { mockApi, renderWithApp } from '@/test/render';
import { RevisionsView } from './revisions-view';

async function press(element: HTMLElement) {
  fireEvent.click(element);
  await act(async () => {});
}

/** The text of an element with its spaces (no-break ones from number formats included) as plain spaces. */
const text = (el: HTMLElement) => (el.textContent ?? '').replace(/\s+/g, ' ');

const info = (rounds: Partial<Record<string, unknown>> = {}, revisions: unknown[] = []) => ({
  paper: {
    id: 7,
    title: 'Цифровая трансформация малого бизнеса',
    sections: [
      { key: 'introduction', title: 'Введение' },
      { key: '2.1', title: 'Уровень цифровизации' },
      { key: 'conclusion', title: 'Заключение' },
    ],
  },
  versions: [
    {
      number: 1,
      created_at: '2026-11-20T10:00:00Z',
      page_count: 81,
      download_url: '/api/v1/papers/7/versions/1/docx/',
      preview_url: '/api/v1/papers/7/versions/1/preview.pdf',
      report_url: null,
    },
  ],
  revisions,
  rounds: { included: 3, used: 1, left: 2, free_until: '2027-05-19T10:00:00Z', price: 490, blocked: null, ...rounds },
});

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

function renderView() {
  return renderWithApp(
    <Routes>
      <Route path="/papers/:paperId/revisions" element={<RevisionsView paperId={7} />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { path: '/papers/7/revisions' },
  );
}

describe('revisions of a paper', () => {
  it('an included round: what is left, the remarks sent with the .docx and the chosen sections, then the progress page', async () => {
    let sent: FormData | null = null;
    mockApi((_url, init) => {
      if (init.method === 'POST') {
        sent = init.body as FormData;
        return [200, { ok: true, data: { task_id: 'task-1', confirmation_url: null, payment_id: null, amount: 0 } }];
      }
      return [200, info()];
    });
    renderView();
    expect(text(await screen.findByTestId('rounds-left'))).toContain('Бесплатных доработок осталось: 2 из 3 — до 19 мая 2027 г.');
    fireEvent.change(screen.getByLabelText('Замечания руководителя'), { target: { value: '1. Раскройте подробнее п. 2.1' } });
    expect(text(screen.getByTestId('remarks-count'))).toContain('29 / 10 000');
    const docx = new File(['PK'], 'замечания.docx');
    fireEvent.change(screen.getByTestId('remarks-docx'), { target: { files: [docx] } });
    await press(screen.getByRole('radio', { name: 'Только выбранные разделы' }));
    await press(within(screen.getByTestId('revision-sections')).getByRole('checkbox', { name: '2.1 Уровень цифровизации' }));
    fireEvent.change(screen.getByLabelText('Указание для раздела «Уровень цифровизации»'), { target: { value: 'Акцент на Сибири' } });
    fireEvent.click(screen.getByRole('button', { name: 'Доработать бесплатно' }));
    await waitFor(() => expect(text(screen.getByTestId('where'))).toContain('/payment/waiting?task_id=task-1&revision=7'));
    expect(sent!.get('remarks')).toBe('1. Раскройте подробнее п. 2.1');
    expect((sent!.get('docx') as File).name).toBe('замечания.docx');
    expect(sent!.get('pay')).toBe('false');
    expect(JSON.parse(String(sent!.get('scope')))).toEqual({
      sections: ['2.1'],
      instructions: [{ section: '2.1', text: 'Акцент на Сибири' }],
    });
  });

  it('no round left: the price on the button; the server says why a round is refused', async () => {
    mockApi((_url, init) =>
      init.method === 'POST'
        ? [
            400,
            {
              code: 'revision_no_remarks',
              detail: 'Замечаний нет: введите текст замечаний или приложите .docx с комментариями научного руководителя',
            },
          ]
        : [200, info({ used: 3, left: 0 })],
    );
    renderView();
    expect(text(await screen.findByTestId('rounds-left'))).toContain('Бесплатные доработки использованы: следующая доработка стоит 490 ₽');
    fireEvent.click(screen.getByRole('button', { name: /^Оплатить 490\s₽ и доработать$/ }));
    expect(text(await screen.findByRole('alert'))).toContain('Замечаний нет: введите текст замечаний');
  });

  it('a finished round: each remark with what was done and where; a running one: no new round, a link to its progress', async () => {
    const done = {
      task_id: 'task-1',
      status: 'completed',
      included: true,
      amount: 0,
      created_at: '2026-11-25T10:00:00Z',
      from_version: 1,
      version: 2,
      stage: 'Готово',
      progress: 100,
      error: null,
      remarks: 2,
      outcomes: [
        {
          n: 1,
          text: 'Раскройте подробнее',
          origin: 'comment',
          anchor: 'Маркетплейсы открывают',
          class: 'content',
          kind: 'expand',
          status: 'done',
          detail: 'П. 2.1 дополнен (+1800 знаков)',
          where: ['п. 2.1 «Уровень цифровизации», с. 34–36'],
        },
        {
          n: 2,
          text: 'Добавьте результаты анкетирования',
          origin: 'text',
          anchor: null,
          class: 'author',
          kind: 'author_data',
          status: 'author',
          detail: 'Требует данных автора: результаты опроса',
          where: [],
        },
      ],
    };
    const running = {
      ...done,
      task_id: 'task-2',
      status: 'in_progress',
      version: null,
      stage: 'Доработка по замечаниям',
      progress: 30,
      outcomes: [],
    };
    mockApi(() => [200, info({}, [running, done])]);
    renderView();
    const outcomes = await screen.findAllByTestId('remark-outcome');
    expect(text(outcomes[0])).toContain('1. Раскройте подробнее');
    expect(text(outcomes[0])).toContain('Выполнено');
    expect(text(outcomes[0])).toContain('К фрагменту: «Маркетплейсы открывают»');
    expect(text(outcomes[0])).toContain('Где: п. 2.1 «Уровень цифровизации», с. 34–36');
    expect(text(outcomes[1])).toContain('Требует данных автора');
    expect(screen.queryByRole('button', { name: 'Доработать бесплатно' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Следить за ходом доработки' }).getAttribute('href')).toBe(
      '/payment/waiting?task_id=task-2&revision=7',
    );
    expect(screen.getByText('Доработка по замечаниям: 30%')).toBeTruthy();
  });
});
