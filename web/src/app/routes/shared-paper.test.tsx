import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '@/test/render';
import { Component as SharedPaperPage } from './shared-paper';

// The PDF viewer (pdf.js) is the preview's, tested in the browser; here it only shows its address.
vi.mock('@/features/papers/components/pdf-preview', () => ({
  PdfPreview: ({ url }: { url: string }) => <div data-testid="pdf">{url}</div>,
}));

const TOKEN = 'qJ3m9Xw2cT8vYk1LpA7sZr4uB6dE0fGhN5oKiWxRtUc';

const shared = {
  title: 'Цифровая трансформация малого бизнеса в России',
  kind: 'full',
  version: 2,
  author: 'Смирнова Анна Сергеевна',
  page_count: 84,
  expires_at: '2026-12-20T10:00:00Z',
  report: {
    title: 'Цифровая трансформация малого бизнеса в России',
    entries: [],
    works: [],
    summary: { citations: 15, works: 12, fullTexts: 11, repaired: 0, rewritten: 0, removed: 0 },
  },
};

function renderAt(token: string) {
  return renderWithApp(
    <Routes>
      <Route path="/s/:token" element={<SharedPaperPage />} />
    </Routes>,
    { path: `/s/${token}` },
  );
}

describe('a supervisor’s link', () => {
  it('a wrong, expired or revoked link (404): the invalid-link page, and no session asked for', async () => {
    const fetch = mockApi((url) =>
      url.pathname.startsWith('/api/v1/shared/') ? [404, { detail: 'Ресурс не найден', code: 'not_found' }] : [200, {}],
    );
    renderAt('no-such-token');
    expect(await screen.findByRole('heading', { name: 'Ссылка недействительна или отозвана', level: 1 })).toBeTruthy();
    expect(screen.queryByTestId('pdf')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Личный кабинет' })).toBeNull();
    const asked = fetch.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(asked).toContain('/api/v1/shared/no-such-token/');
    expect(asked).not.toContain('/api/v1/users/me/');
  });

  it('a valid link: the title, the title page’s name, the expiry, the report’s files and the PDF', async () => {
    mockApi((url) =>
      url.pathname === `/api/v1/shared/${TOKEN}/` ? [200, shared] : [200, { support_email: 's@example.ru', legal_entity: 'ИП' }],
    );
    renderAt(TOKEN);
    expect(await screen.findByRole('heading', { name: shared.title, level: 1 })).toBeTruthy();
    const summary = screen.getByTestId('shared-paper');
    expect(summary.textContent).toContain('Автор: Смирнова Анна Сергеевна');
    expect(summary.textContent).toContain('Версия 2');
    expect(summary.textContent).toContain('84 страницы');
    expect(summary.textContent).toContain('Ссылка действует до 20 декабря 2026 г.');
    const report = screen.getByRole('region', { name: 'Отчёт об источниках' });
    expect(report.textContent).toContain('15 ссылок на 12 источников; полный текст прочитан у 11 из 12');
    expect(within(report).getByRole('button', { name: 'Скачать отчёт .docx' })).toBeTruthy();
    expect(within(report).getByRole('button', { name: 'Скачать отчёт PDF' })).toBeTruthy();
    expect(screen.getByTestId('pdf').textContent).toBe(`/api/v1/shared/${TOKEN}/paper.pdf`);
  });
});
