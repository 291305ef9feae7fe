import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp, sentOrder } from '@/test/render';
import { OrderForm } from './order-form';

const TOPIC = 'Цифровая трансформация малого бизнеса';
const CREATED = { ok: true, data: { confirmation_url: '/pay/here', task_id: 't1', payment_id: 'p1', amount: 30 } };

function checkbox(name: string | RegExp) {
  return screen.getByRole('checkbox', { name });
}

/** Clicks, then lets the components settle (checkboxes and dialogs report changes a microtask later). */
async function press(element: HTMLElement) {
  fireEvent.click(element);
  await act(async () => {});
}
const toggle = press;

/** A dialog that is gone or closing. */
function closed(name: string, role: 'dialog' | 'alertdialog' = 'dialog') {
  const dialog = screen.queryByRole(role, { name });
  return dialog === null || dialog.dataset.state === 'closed';
}

function fillTopic(value = TOPIC) {
  fireEvent.change(screen.getByRole('textbox', { name: /Тема работы/ }), { target: { value } });
}

/** The requests of the test, without the estimate of sources the form asks for by itself. */
function apiCalls(fetch: { mock: { calls: [RequestInfo | URL, RequestInit?][] } }) {
  return fetch.mock.calls.filter(([url]) => !String(url).includes('/sources/estimate/'));
}

function payButton() {
  return screen.getByRole('button', { name: /^Оплатить/ });
}

/** Stops the page from leaving for the payment page; returns where it would have gone. */
function stubRedirect() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('order form', () => {
  it('split bibliography needs footnotes: disabled without them, unticked with them', async () => {
    mockApi(() => [200, CREATED]);
    renderWithApp(<OrderForm />);
    const footnotes = checkbox(/ссылок на источники сносками/);
    const split = checkbox(/Разделённый список литературы/);
    expect((split as HTMLInputElement).disabled).toBe(true);
    await toggle(footnotes);
    expect((split as HTMLInputElement).disabled).toBe(false);
    await toggle(split);
    expect((split as HTMLInputElement).checked).toBe(true);
    await toggle(footnotes);
    expect((footnotes as HTMLInputElement).checked).toBe(false);
    expect((split as HTMLInputElement).checked).toBe(false);
    expect((split as HTMLInputElement).disabled).toBe(true);
  });

  it('title page block: folded, optional, checked with the contract messages, sent only when filled; AI appendix ticked by default', async () => {
    // Refused as if a generation were running: the form stays to be sent again.
    const fetch = mockApi(() => [409, { detail: 'Уже идёт генерация', code: 'active_generation' }]);
    renderWithApp(<OrderForm />);
    const ai = checkbox('Добавить приложение об использовании ИИ') as HTMLInputElement;
    expect(ai.checked).toBe(true);
    const trigger = screen.getByRole('button', { name: 'Титульный лист (необязательно)' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');

    // Nothing filled in: no title page is sent, the appendix is.
    fillTopic();
    fireEvent.click(payButton());
    await vi.waitFor(() => expect(apiCalls(fetch)).toHaveLength(1));
    expect(sentOrder(apiCalls(fetch)[0][1]!).purchase).toMatchObject({ title_page: null, ai_appendix: true });
    await screen.findByText('У вас уже есть активная задача на генерацию');

    // A wrong field while the block is folded: the order is refused and the block unfolds to show why.
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(screen.getByRole('textbox', { name: 'Город', hidden: true }), { target: { value: 'г'.repeat(61) } });
    fireEvent.change(screen.getByRole('textbox', { name: 'ФИО студента', hidden: true }), { target: { value: 'Иванова 2А' } });
    fireEvent.click(payButton());
    expect(await screen.findByText('Поле «Город» должно содержать не более 60 символов')).toBeTruthy();
    expect(screen.getByText('Поле «ФИО студента» может содержать только буквы, пробелы, точки и дефисы')).toBeTruthy();
    // The block unfolds in an effect after the errors render: on a loaded machine a moment later.
    await vi.waitFor(() => expect(trigger.getAttribute('aria-expanded')).toBe('true'));
    expect(apiCalls(fetch)).toHaveLength(1);

    fireEvent.change(screen.getByRole('textbox', { name: 'Город' }), { target: { value: ' Екатеринбург ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'ФИО студента' }), { target: { value: 'Иванова А. С.' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Вуз' }), { target: { value: 'Уральский федеральный университет' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Вид работы' }), { target: { value: 'coursework' } });
    await toggle(ai);
    expect(ai.checked).toBe(false);
    fireEvent.click(payButton());
    await vi.waitFor(() => expect(apiCalls(fetch)).toHaveLength(2));
    expect(sentOrder(apiCalls(fetch)[1][1]!).purchase).toMatchObject({
      ai_appendix: false,
      title_page: {
        ministry: 'science',
        work_kind: 'coursework',
        university: 'Уральский федеральный университет',
        student: 'Иванова А. С.',
        city: 'Екатеринбург',
      },
    });
  });

  it('checks the topic with the contract messages and sends nothing while it is wrong', async () => {
    const fetch = mockApi(() => [200, CREATED]);
    renderWithApp(<OrderForm />);
    fireEvent.click(payButton());
    // The form validates asynchronously (react-hook-form): the messages appear a tick later.
    expect(await screen.findByText('Тема диплома обязательна для заполнения')).toBeTruthy();
    fillTopic('Короткая');
    expect(await screen.findByText('Тема диплома должна содержать минимум 10 символов')).toBeTruthy();
    fillTopic('а'.repeat(201));
    expect(await screen.findByText('Тема диплома должна содержать максимум 200 символов')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('table of contents: 3 chapters of 3 subsections, a 4th removable one, validation, close rules', async () => {
    // Every order is refused, so that several can be sent and looked at.
    const fetch = mockApi(() => [409, { detail: 'Уже идёт генерация', code: 'active_generation' }]);
    renderWithApp(<OrderForm />);
    const toc = checkbox('Своё оглавление');

    // Ticking opens the dialog; closing it with nothing typed unticks the box.
    await toggle(toc);
    let dialog = await screen.findByRole('dialog', { name: 'Своё оглавление' });
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(3 + 9);
    expect(within(dialog).getByLabelText('Подраздел 3.3')).toBeTruthy();
    await press(within(dialog).getByRole('button', { name: 'Закрыть' }));
    expect((toc as HTMLInputElement).checked).toBe(false);

    await toggle(toc);
    dialog = await screen.findByRole('dialog', { name: 'Своё оглавление' });
    // Up to 4 subsections; the 4th can be removed.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить подраздел 1.4' }));
    expect(within(dialog).getByLabelText('Подраздел 1.4')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Добавить подраздел 1\./ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить подраздел 1.4' }));
    expect(within(dialog).queryByLabelText('Подраздел 1.4')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Удалить подраздел/ })).toBeNull();

    // Saving checks every title.
    fireEvent.change(within(dialog).getByLabelText('Название главы 1'), { target: { value: 'Теоретические основы цифровизации' } });
    fireEvent.change(within(dialog).getByLabelText('Подраздел 1.1'), { target: { value: 'Кратко' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(within(dialog).getAllByText('Название главы обязательно')).toHaveLength(2);
    expect(within(dialog).getByText('Название подраздела должно содержать минимум 10 символов')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Название главы 2'), { target: { value: 'к'.repeat(201) } });
    expect(within(dialog).getByText('Название главы должно содержать максимум 200 символов')).toBeTruthy();

    // Closing with content keeps the box ticked; the order is refused until the draft is fixed.
    await press(within(dialog).getByRole('button', { name: 'Закрыть' }));
    expect((toc as HTMLInputElement).checked).toBe(true);
    fillTopic();
    fireEvent.click(payButton());
    expect(await screen.findByText('Пожалуйста, исправьте ошибки в оглавлении')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    await press(screen.getByRole('button', { name: 'Изменить оглавление' }));
    dialog = await screen.findByRole('dialog', { name: 'Своё оглавление' });
    fireEvent.change(within(dialog).getByLabelText('Подраздел 1.1'), { target: { value: 'Понятие цифровой трансформации' } });
    fireEvent.change(within(dialog).getByLabelText('Название главы 2'), { target: { value: 'Анализ практики малых предприятий' } });
    fireEvent.change(within(dialog).getByLabelText('Подраздел 2.2'), { target: { value: 'Опрос владельцев бизнеса' } });
    fireEvent.change(within(dialog).getByLabelText('Название главы 3'), { target: { value: 'Рекомендации по внедрению' } });
    fireEvent.change(within(dialog).getByLabelText('Подраздел 3.1'), { target: { value: 'Дорожная карта внедрения' } });
    await press(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(closed('Своё оглавление')).toBe(true);
    expect(screen.queryByText('Пожалуйста, исправьте ошибки в оглавлении')).toBeNull();

    fireEvent.click(payButton());
    await vi.waitFor(() => expect(apiCalls(fetch)).toHaveLength(1));
    // Empty subsections are dropped.
    expect(sentOrder(apiCalls(fetch)[0][1]!).purchase.user_structure).toEqual([
      ['Теоретические основы цифровизации', ['Понятие цифровой трансформации']],
      ['Анализ практики малых предприятий', ['Опрос владельцев бизнеса']],
      ['Рекомендации по внедрению', ['Дорожная карта внедрения']],
    ]);

    // Unticking clears the structure: ticking again starts empty, and the next order has none.
    await screen.findByText('У вас уже есть активная задача на генерацию');
    await toggle(toc);
    await toggle(toc);
    dialog = await screen.findByRole('dialog', { name: 'Своё оглавление' });
    expect((within(dialog).getByLabelText('Название главы 1') as HTMLInputElement).value).toBe('');
    await press(within(dialog).getByRole('button', { name: 'Закрыть' }));
    expect((toc as HTMLInputElement).checked).toBe(false);
    fireEvent.click(payButton());
    await vi.waitFor(() => expect(apiCalls(fetch)).toHaveLength(2));
    expect(sentOrder(apiCalls(fetch)[1][1]!).purchase.user_structure).toBeNull();
  });

  it('files: only .txt/.pdf/.docx, at most 5, one GOST reference each, sent in order', async () => {
    const fetch = mockApi(() => [200, CREATED]);
    const assign = stubRedirect();
    renderWithApp(<OrderForm />);
    const input = screen.getByTestId('file-input');
    const file = (name: string) => new File(['текст источника'], name);

    fireEvent.change(input, { target: { files: [file('a.pdf'), file('photo.png'), file('b.DOCX')] } });
    let dialog = await screen.findByRole('alertdialog', { name: 'Неподдерживаемый формат файла' });
    expect(within(dialog).getByText('photo.png')).toBeTruthy();
    await press(within(dialog).getByRole('button', { name: 'Понятно' }));
    expect(screen.getAllByTestId('attached-file').map((e) => e.textContent)).toEqual([
      expect.stringContaining('a.pdf'),
      expect.stringContaining('b.DOCX'),
    ]);

    fireEvent.change(input, { target: { files: [file('c.txt'), file('d.txt'), file('e.txt'), file('f.txt')] } });
    dialog = await screen.findByRole('alertdialog', { name: 'Превышен лимит файлов' });
    expect(within(dialog).getByText(/Можно загрузить максимум 5 файлов/)).toBeTruthy();
    await press(within(dialog).getByRole('button', { name: 'Понятно' }));
    expect(screen.getAllByTestId('attached-file')).toHaveLength(2);

    fillTopic();
    fireEvent.click(payButton());
    expect(await screen.findAllByText('ГОСТ ссылка обязательна для заполнения')).toHaveLength(2);
    const first = screen.getByLabelText('ГОСТ ссылка на источник 1');
    const second = screen.getByLabelText('ГОСТ ссылка на источник 2');
    fireEvent.change(first, { target: { value: 'Коротко' } });
    expect(screen.getByText('ГОСТ ссылка должна содержать минимум 10 символов')).toBeTruthy();
    fireEvent.change(first, { target: { value: 'я'.repeat(151) } });
    expect(screen.getByText('ГОСТ ссылка должна содержать максимум 150 символов')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(first, { target: { value: 'Иванов И. И. Малый бизнес. — М.: Наука, 2021. — 200 с.' } });
    fireEvent.change(second, { target: { value: 'Петров П. П. Цифровая экономика. — СПб.: Питер, 2022. — 180 с.' } });
    fireEvent.click(payButton());
    await vi.waitFor(() => expect(assign).toHaveBeenCalled());
    const sent = sentOrder(apiCalls(fetch)[0][1]!);
    expect(sent.files.map((f) => f.name)).toEqual(['a.pdf', 'b.DOCX']);
    expect(sent.purchase).toMatchObject({
      kind: 'new',
      title: TOPIC,
      model_name: 'basic',
      paper_type: 'demo',
      min_publication_year: 1990,
      required_volume: 80,
      use_footnotes: false,
      separate_bibliography: false,
      gost_citations: [
        'Иванов И. И. Малый бизнес. — М.: Наука, 2021. — 200 с.',
        'Петров П. П. Цифровая экономика. — СПб.: Питер, 2022. — 180 с.',
      ],
    });
    expect(sent.promo).toBeNull();
  });
});

const ESTIMATE = {
  searched: true,
  found: 13,
  russian: 11,
  foreign: 2,
  recent: 9,
  minimum_demo: 8,
  minimum_full: 30,
  planned: { demo: 12, full: 13 },
  enough_for_demo: true,
  enough_for_full: false,
  complete: true,
  sample: [
    {
      title: 'Цифровая трансформация малого бизнеса: региональный аспект',
      authors: ['Иванов И. И.', 'Петров П. С.'],
      year: 2021,
      container: 'Вопросы экономики',
    },
  ],
  advice: {
    demo: null,
    full: 'Недостаточно источников для полной работы: по теме найдено 13 источников, а для работы нужно не меньше 30. Сформулируйте тему шире.',
  },
};

describe('order form sources estimate', () => {
  it('asks 800 ms after the topic stops changing; shows the counts, what the paper will cite, a sample and, below the minimum, what to change', async () => {
    vi.useFakeTimers();
    const fetch = mockApi((url) => (url.pathname === '/api/v1/sources/estimate/' ? [200, ESTIMATE] : [200, CREATED]));
    const estimates = () =>
      fetch.mock.calls.map(([url]) => new URL(String(url), 'http://x')).filter((u) => u.pathname === '/api/v1/sources/estimate/');
    renderWithApp(<OrderForm />);
    // A topic the form refuses is not asked about.
    fillTopic('Коротко');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(estimates()).toHaveLength(0);

    fillTopic('Цифровая трансформация');
    await act(() => vi.advanceTimersByTimeAsync(400));
    fillTopic(`  ${TOPIC} `);
    await act(() => vi.advanceTimersByTimeAsync(799));
    expect(estimates()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(estimates()).toHaveLength(1);
    expect(Object.fromEntries(estimates()[0].searchParams)).toEqual({
      topic: TOPIC,
      min_year: '1990',
      required_volume: '80',
      attached: '0',
    });

    // The works found, and the least the chosen paper's list will hold (a demo's plan: 12 of them).
    await vi.waitFor(() => screen.getByText('Найдено 13 источников (русских 11, иностранных 2), в работе будет не меньше 12'), {
      interval: 10,
    });
    expect(
      screen.getByText(
        /Иванов И\. И\., Петров П\. С\. Цифровая трансформация малого бизнеса: региональный аспект \/\/ Вопросы экономики\. 2021/,
      ),
    ).toBeTruthy();
    // Enough for the demo the form starts with: no advice; the full paper gets the API's advice.
    expect(screen.queryByText(/Недостаточно источников/)).toBeNull();
    expect((payButton() as HTMLButtonElement).disabled).toBe(false);
    await press(screen.getByRole('radio', { name: /Полная работа/ }));
    expect(screen.getByText('Найдено 13 источников (русских 11, иностранных 2), в работе будет не меньше 13')).toBeTruthy();
    expect(screen.getByText(ESTIMATE.advice.full)).toBeTruthy();
  });

  it('keeps «Оплатить» disabled while the estimate says too few; an attached file counts, an incomplete estimate blocks nothing', async () => {
    vi.useFakeTimers();
    stubRedirect();
    // The API's answer by the files counted: with one more file the full paper has its minimum.
    let complete = true;
    const fetch = mockApi((url) => {
      if (url.pathname !== '/api/v1/sources/estimate/') return [200, CREATED];
      const short = url.searchParams.get('attached') === '0';
      return [200, { ...ESTIMATE, complete, enough_for_full: !short, advice: { demo: null, full: short ? ESTIMATE.advice.full : null } }];
    });
    renderWithApp(<OrderForm />);
    await press(screen.getByRole('radio', { name: /Полная работа/ }));
    fillTopic();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await vi.waitFor(() => screen.getByText(ESTIMATE.advice.full), { interval: 10 });
    expect((payButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Оплата недоступна: по теме слишком мало источников/)).toBeTruthy();
    fireEvent.click(payButton());
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(apiCalls(fetch)).toHaveLength(0);

    // The demo needs fewer: it can be paid for.
    await press(screen.getByRole('radio', { name: /Демо работа/ }));
    expect((payButton() as HTMLButtonElement).disabled).toBe(false);
    await press(screen.getByRole('radio', { name: /Полная работа/ }));
    expect((payButton() as HTMLButtonElement).disabled).toBe(true);

    // A file of the user's own is asked about anew and lifts the shortfall.
    fireEvent.change(screen.getByTestId('file-input'), {
      target: { files: [new File(['Текст источника о цифровой экономике'], 'source.txt', { type: 'text/plain' })] },
    });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await vi.waitFor(() => expect((payButton() as HTMLButtonElement).disabled).toBe(false), { interval: 10 });
    expect(screen.queryByText(ESTIMATE.advice.full)).toBeNull();
    const asked = fetch.mock.calls.map(([url]) => new URL(String(url), 'http://x').searchParams.get('attached')).filter(Boolean);
    expect(asked).toEqual(['0', '1']);

    // A database that did not answer in time: the advice stays, the order can be paid for.
    complete = false;
    fillTopic(`${TOPIC} в регионах`);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await press(screen.getByRole('button', { name: 'Убрать файл source.txt' }));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await vi.waitFor(() => screen.getByText(/Не все базы данных ответили вовремя/), { interval: 10 });
    expect((payButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows nothing when no database is configured or the estimate fails', async () => {
    vi.useFakeTimers();
    let answer: [number, unknown] = [200, { ...ESTIMATE, searched: false, found: 0, russian: 0, foreign: 0, sample: [] }];
    mockApi(() => answer);
    const { unmount } = renderWithApp(<OrderForm />);
    fillTopic();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await vi.waitFor(() => expect(screen.queryByText('Ищем источники по теме…')).toBeNull(), { interval: 10 });
    expect(screen.queryByText(/Найден/)).toBeNull();
    unmount();
    answer = [429, { detail: 'Слишком много запросов', code: 'rate_limited' }];
    renderWithApp(<OrderForm />);
    fillTopic();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await vi.waitFor(() => expect(screen.queryByText('Ищем источники по теме…')).toBeNull(), { interval: 10 });
    expect(screen.queryByText(/Найден/)).toBeNull();
  });
});

describe('order form promo code', () => {
  it('is checked 500 ms after the last keystroke, from 4 characters; any change resets it', async () => {
    vi.useFakeTimers();
    const fetch = mockApi((url) =>
      url.pathname.includes('promo-code/SALE20')
        ? [200, { ok: true, data: { discount: 20 } }]
        : [400, { detail: 'Промокод не найден', code: 'promo_not_found' }],
    );
    renderWithApp(<OrderForm />);
    const promo = screen.getByRole('textbox', { name: 'Промокод' }) as HTMLInputElement;
    expect(promo.maxLength).toBe(10);

    fireEvent.change(promo, { target: { value: 'SAL' } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(promo, { target: { value: 'SALE' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(promo, { target: { value: 'SALE2' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(promo, { target: { value: 'SALE20' } });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(fetch).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(apiCalls(fetch)).toHaveLength(1);
    expect(String(apiCalls(fetch)[0][0])).toContain('/api/v1/payment/promo-code/SALE20/');

    // Demo, basic tariff: 30 ₽, 20 % off: 24 ₽, the old price struck through; the button moves in 800 ms.
    await vi.waitFor(() => screen.getByText('Промокод применён: скидка 20%'), { interval: 10 });
    expect(screen.getByLabelText(/без скидки 30/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(payButton().textContent).not.toMatch(/Оплатить 24/);
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(payButton().textContent).toMatch(/Оплатить 24\s₽/);

    // Any change resets the discount at once.
    fireEvent.change(promo, { target: { value: 'SALE2' } });
    expect(screen.queryByText(/Промокод применён/)).toBeNull();
    expect(screen.queryByLabelText(/без скидки/)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(500));
    await vi.waitFor(() => screen.getByText('Промокод не найден'), { interval: 10 });
    // An empty code resets everything.
    fireEvent.change(promo, { target: { value: '' } });
    expect(screen.queryByText('Промокод не найден')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(payButton().textContent).toMatch(/Оплатить 30\s₽/);
  });

  it('the discounted price is rounded and never below 10 ₽', async () => {
    vi.useFakeTimers();
    mockApi(() => [200, { ok: true, data: { discount: 99 } }]);
    renderWithApp(<OrderForm />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Промокод' }), { target: { value: 'ALMOSTFREE' } });
    await act(() => vi.advanceTimersByTimeAsync(500));
    await vi.waitFor(() => screen.getByText('Промокод применён: скидка 99%'), { interval: 10 });
    await act(() => vi.advanceTimersByTimeAsync(800));
    expect(payButton().textContent).toMatch(/Оплатить 10\s₽/);
    // Professional full paper: 4990 ₽ at 99 % is 49.9, rounded to 50.
    await press(screen.getByRole('radio', { name: 'Профессиональный' }));
    await press(screen.getByRole('radio', { name: /Полная работа/ }));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(payButton().textContent).toMatch(/Оплатить 50\s₽/);
  });

  it('an unconfirmed code is checked on submit and blocks the order when not found; a 412 about the promo resets it', async () => {
    const fetch = mockApi((url) => {
      if (url.pathname.includes('promo-code/ABC')) return [400, { detail: 'Промокод не найден', code: 'promo_not_found' }];
      if (url.pathname.includes('promo-code/GOOD')) return [200, { ok: true, data: { discount: 10 } }];
      return [412, { detail: 'Промокод не найден', code: 'promo_rejected' }];
    });
    renderWithApp(<OrderForm />);
    fillTopic();
    const promo = screen.getByRole('textbox', { name: 'Промокод' });
    // Shorter than 4 characters: never found, no request.
    fireEvent.change(promo, { target: { value: 'ABC' } });
    fireEvent.click(payButton());
    expect(await screen.findByText('Промокод не найден')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(promo, { target: { value: 'GOOD' } });
    fireEvent.click(payButton());
    await vi.waitFor(() => expect(apiCalls(fetch)).toHaveLength(2));
    expect(String(apiCalls(fetch)[0][0])).toContain('promo-code/GOOD');
    expect(sentOrder(apiCalls(fetch)[1][1]!).promo).toBe('GOOD');
    // The server no longer accepts it (used up meanwhile): the message, and the discount is gone.
    expect(await screen.findByText('Промокод не найден')).toBeTruthy();
    expect(screen.queryByText(/Промокод применён/)).toBeNull();
  });
});

describe('order form answers', () => {
  it.each([
    [409, { detail: 'x', code: 'active_generation' }, 'У вас уже есть активная задача на генерацию'],
    [413, { detail: 'x', code: 'files_too_large' }, 'Файлы слишком большие или их слишком много'],
    [
      415,
      { detail: 'Файл «a.pdf» не является PDF', code: 'file_unsupported' },
      'Разрешены только файлы PDF, DOCX и TXT. Файл «a.pdf» не является PDF',
    ],
    [429, { detail: 'x', code: 'rate_limited' }, 'Слишком много запросов. Попробуйте позже'],
    [200, { ok: true, data: {} }, 'Неожиданный ответ сервера'],
  ])('%i: shows the catalogue text', async (status, body, text) => {
    mockApi(() => [status, body]);
    renderWithApp(<OrderForm />);
    fillTopic();
    fireEvent.click(payButton());
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('406 opens the pending purchase dialog; its countdown closes it at zero', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const pending = {
      confirmation_url: '/pay/old',
      topic: 'Старая тема заказа',
      task_id: 'tid',
      payment_id: 'pid',
      minutes_to_cancel: 0,
      seconds_to_cancel: 3,
    };
    mockApi(() => [406, { detail: 'У вас есть незавершенная покупка', code: 'pending_payment', data: pending }]);
    renderWithApp(<OrderForm />);
    fillTopic();
    fireEvent.click(payButton());
    await act(() => vi.advanceTimersByTimeAsync(0));
    const dialog = screen.getByRole('dialog', { name: 'Незавершенная покупка' });
    expect(within(dialog).getByText(/Старая тема заказа/)).toBeTruthy();
    expect(within(dialog).getByTestId('pending-countdown').textContent).toBe('00:03');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(within(dialog).getByTestId('pending-countdown').textContent).toBe('00:02');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(closed('Незавершенная покупка')).toBe(true);
  });
});
