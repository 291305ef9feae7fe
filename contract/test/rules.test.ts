import { describe, expect, it } from 'vitest';
import { DEFENCE_PRICES, defencePriceOf, priceOf, PRICES, REVISION_PRICES, revisionPriceOf } from '../src/rules.ts';
import { retriesLeftText } from '../src/messages.ts';
import { registerForm, newPasswordForm, codeForm, structureDraftForm, structureFromDraft } from '../src/forms.ts';
import { newOrder, purchaseJson, registerBody, reviewBody } from '../src/schemas.ts';
import { contract } from '../src/api.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('prices', () => {
  it('looks up by paper type and tariff', () => {
    expect(priceOf('demo', 'basic')).toBe(30);
    expect(priceOf('demo', 'professional')).toBe(50);
    expect(priceOf('full', 'basic')).toBe(1990);
    expect(priceOf('full', 'professional')).toBe(4990);
  });
  it('applies the discount percent, rounds, and never goes below 10', () => {
    expect(priceOf('full', 'basic', 15)).toBe(Math.round(1990 * 0.85));
    expect(priceOf('demo', 'basic', 50)).toBe(15);
    expect(priceOf('demo', 'basic', 90)).toBe(10);
    expect(priceOf('demo', 'professional', 99)).toBe(10);
    expect(priceOf('full', 'professional', 100)).toBe(10);
    expect(priceOf('demo', 'basic', 1)).toBe(30); // 29.7 rounds to 30
  });
  it('keeps every base price at or above the minimum', () => {
    for (const byPlan of Object.values(PRICES)) for (const p of Object.values(byPlan)) expect(p).toBeGreaterThanOrEqual(10);
  });
});

describe('retries counter', () => {
  it.each([
    [1, 'Осталось 1 попытка'],
    [2, 'Осталось 2 попытки'],
    [4, 'Осталось 4 попытки'],
    [5, 'Осталось 5 попыток'],
    [0, 'Осталось 0 попыток'],
    [11, 'Осталось 11 попыток'],
  ])('%i', (n, text) => expect(retriesLeftText(n)).toBe(text));
});

describe('validation messages', () => {
  const reg = { username: 'ivan_1', password: 'secret123', password_confirm: 'secret123', email: 'ivan@example.ru', agreement: true };
  it('accepts a valid registration', () => expect(registerForm.safeParse(reg).success).toBe(true));
  it.each([
    [{ username: '' }, 'Логин обязателен для заполнения'],
    [{ username: 'ab' }, 'Логин должен быть не менее 3 символов'],
    [{ username: 'a'.repeat(21) }, 'Логин должен быть не длиннее 20 символов'],
    [{ username: 'ivan-1' }, 'Логин может содержать только буквы, цифры и подчеркивание'],
    [{ password: '', password_confirm: '' }, 'Пароль обязателен'],
    [{ password: 'short', password_confirm: 'short' }, 'Пароль должен быть не менее 8 символов'],
    [{ password: 'p'.repeat(21), password_confirm: 'p'.repeat(21) }, 'Пароль должен быть не длиннее 20 символов'],
    [{ password_confirm: '' }, 'Подтверждение пароля обязательно'],
    [{ password_confirm: 'secret124' }, 'Пароли должны совпадать'],
    [{ email: '' }, 'Email обязателен'],
    [{ email: 'not-an-email' }, 'Некорректный формат email'],
    [{ agreement: false }, 'Это поле обязательно'],
  ])('register %j', (patch, message) => {
    expect(firstMessage(registerForm.safeParse({ ...reg, ...patch }))).toBe(message);
  });
  it('code messages', () => {
    expect(firstMessage(codeForm.safeParse({ code: '12a456' }))).toBe('Дожны быть только цифры');
    expect(firstMessage(codeForm.safeParse({ code: '12345' }))).toBe('Код должен быть не менее 6 символов');
    expect(firstMessage(codeForm.safeParse({ code: '1234567' }))).toBe('Код должен быть не длинее 6 символов');
    expect(codeForm.safeParse({ code: '123456' }).success).toBe(true);
  });
  it('new password confirmation', () => {
    expect(firstMessage(newPasswordForm.safeParse({ password: 'abcdefgh', password_confirm: 'abcdefgi' }))).toBe('Пароли должны совпадать');
  });
  it('review comment is trimmed and bounded', () => {
    expect(firstMessage(reviewBody.safeParse({ rating: 5, comment: '   short    ' }))).toBe(
      'Комментарий должен содержать от 10 до 500 символов',
    );
    expect(reviewBody.safeParse({ rating: 6, comment: 'a'.repeat(20) }).success).toBe(false);
    expect(reviewBody.safeParse({ rating: 5, comment: 'a'.repeat(500) }).success).toBe(true);
  });
  it('the API body rejects unknown fields', () => {
    expect(registerBody.safeParse({ username: 'ivan', email: 'a@b.ru', password: 'secret123', admin: true }).success).toBe(false);
  });
});

describe('order payload', () => {
  const order = {
    kind: 'new',
    title: 'Влияние цифровизации на экономику регионов',
    use_footnotes: false,
    separate_bibliography: false,
    min_publication_year: 2015,
    required_volume: 90,
    gost_citations: [],
    user_structure: null,
    model_name: 'basic',
    paper_type: 'demo',
  };
  it('accepts a valid new order', () => expect(purchaseJson.safeParse(order).success).toBe(true));
  it('topic messages', () => {
    expect(firstMessage(purchaseJson.safeParse({ ...order, title: 'коротко' }))).toBe('Тема диплома должна содержать минимум 10 символов');
    expect(firstMessage(purchaseJson.safeParse({ ...order, title: 'т'.repeat(201) }))).toBe(
      'Тема диплома должна содержать максимум 200 символов',
    );
  });
  it('split bibliography requires footnotes', () => {
    expect(purchaseJson.safeParse({ ...order, separate_bibliography: true }).success).toBe(false);
    expect(purchaseJson.safeParse({ ...order, separate_bibliography: true, use_footnotes: true }).success).toBe(true);
  });
  it('volume and year ranges', () => {
    expect(purchaseJson.safeParse({ ...order, required_volume: 79 }).success).toBe(false);
    expect(purchaseJson.safeParse({ ...order, required_volume: 121 }).success).toBe(false);
    expect(purchaseJson.safeParse({ ...order, min_publication_year: 1989 }).success).toBe(false);
    expect(purchaseJson.safeParse({ ...order, min_publication_year: 2026 }).success).toBe(false);
  });
  it('citation messages', () => {
    expect(firstMessage(purchaseJson.safeParse({ ...order, gost_citations: ['коротко'] }))).toBe(
      'ГОСТ ссылка должна содержать минимум 10 символов',
    );
  });
  it('the title page and the AI appendix are optional; the appendix is on by default', () => {
    const parsed = newOrder.parse(purchaseJson.parse(order));
    expect(parsed.title_page).toBeNull();
    expect(parsed.ai_appendix).toBe(true);
    expect(newOrder.parse(purchaseJson.parse({ ...order, ai_appendix: false })).ai_appendix).toBe(false);
    const titled = newOrder.parse(
      purchaseJson.parse({
        ...order,
        title_page: {
          ministry: 'education',
          work_kind: 'coursework',
          university: '  МГУ им. М. В. Ломоносова ',
          student: 'Иванова А. С.',
          group: 'ЭК-21',
        },
      }),
    );
    expect(titled.title_page).toEqual({
      ministry: 'education',
      work_kind: 'coursework',
      university: 'МГУ им. М. В. Ломоносова',
      student: 'Иванова А. С.',
      group: 'ЭК-21',
    });
  });
  it("a full version of a demo leaves them out unless given (it keeps the demo's)", () => {
    const fromDemo = purchaseJson.parse({ kind: 'from_demo', paper_id: 7 });
    expect(fromDemo).not.toHaveProperty('title_page');
    expect(fromDemo).not.toHaveProperty('ai_appendix');
    expect(purchaseJson.parse({ kind: 'from_demo', paper_id: 7, ai_appendix: false, title_page: { city: 'Омск' } })).toMatchObject({
      ai_appendix: false,
      title_page: { city: 'Омск' },
    });
  });
  it('a defence kit names the paper and nothing else; its price by tariff, with the discount', () => {
    expect(purchaseJson.parse({ kind: 'defence', paper_id: 7 })).toEqual({ kind: 'defence', paper_id: 7 });
    expect(purchaseJson.safeParse({ kind: 'defence', paper_id: 7, model_name: 'basic' }).success).toBe(false);
    expect(purchaseJson.safeParse({ kind: 'defence' }).success).toBe(false);
    expect(DEFENCE_PRICES).toEqual({ basic: 490, professional: 990 });
    expect(defencePriceOf('professional', 15)).toBe(842);
    expect(defencePriceOf('basic', 100)).toBe(10);
  });
  it('a paid revision round costs by tariff, discounted like every order', () => {
    expect(REVISION_PRICES).toEqual({ basic: 490, professional: 990 });
    expect(revisionPriceOf('basic')).toBe(490);
    expect(revisionPriceOf('professional', 15)).toBe(842);
    expect(revisionPriceOf('basic', 100)).toBe(10);
  });
  it('title page fields are checked with Russian messages', () => {
    expect(firstMessage(purchaseJson.safeParse({ ...order, title_page: { city: 'г'.repeat(61) } }))).toBe(
      'Поле «Город» должно содержать не более 60 символов',
    );
    expect(firstMessage(purchaseJson.safeParse({ ...order, title_page: { student: 'Иванов 007' } }))).toBe(
      'Поле «ФИО студента» может содержать только буквы, пробелы, точки и дефисы',
    );
    expect(firstMessage(purchaseJson.safeParse({ ...order, title_page: { university: 'Вуз <b>' } }))).toBe(
      'Поле «Вуз» содержит недопустимые символы',
    );
    expect(purchaseJson.safeParse({ ...order, title_page: { ministry: 'defence' } }).success).toBe(false);
    expect(purchaseJson.safeParse({ ...order, title_page: { rector: 'Петров П. П.' } }).success).toBe(false);
  });
  it('structure drafts drop empty subsections and need valid titles', () => {
    const draft = [0, 1, 2].map((i) => ({
      title: `Глава номер ${i + 1} о важном`,
      subsections: ['Первый подраздел главы', '', 'Третий подраздел главы'],
    }));
    expect(structureDraftForm.safeParse(draft).success).toBe(true);
    expect(structureFromDraft(draft)[0]).toEqual(['Глава номер 1 о важном', ['Первый подраздел главы', 'Третий подраздел главы']]);
    const bad = structuredClone(draft);
    bad[1].title = '';
    expect(firstMessage(structureDraftForm.safeParse(bad))).toBe('Название главы обязательно');
    bad[1].title = 'Глава номер два';
    bad[1].subsections[1] = 'короткий';
    expect(firstMessage(structureDraftForm.safeParse(bad))).toBe('Название подраздела должно содержать минимум 10 символов');
  });
});

describe('contract', () => {
  it('declares every path of the specification with its trailing slash', () => {
    const paths: string[] = [];
    const walk = (r: object) => {
      for (const v of Object.values(r))
        if ('method' in v && 'path' in v) paths.push(`${v.method} ${v.path}`);
        else walk(v);
    };
    walk(contract);
    for (const p of [
      'POST /api/v1/registration/register/',
      'POST /api/v1/registration/resend-verification-email/',
      'POST /api/v1/registration/verify-email/',
      'POST /api/v1/auth/login/',
      'GET /api/v1/users/me/',
      'POST /api/v1/auth/logout/',
      'POST /api/v1/auth/logout-all/',
      'POST /api/v1/users/change-password/',
      'DELETE /api/v1/users/delete/',
      'GET /api/v1/telegram/bind/',
      'POST /api/v1/telegram/unbind/',
      'GET /api/v1/users/has_active_generation/',
      'GET /api/v1/papers/',
      'GET /api/v1/papers/:paperId/',
      'GET /api/v1/payment/promo-code/:code/',
      'POST /api/v1/payment/create/',
      'POST /api/v1/payment/cancel/',
      'POST /api/v1/password-recovery/request/',
      'POST /api/v1/password-recovery/resend/',
      'POST /api/v1/password-recovery/verify-code/',
      'POST /api/v1/password-recovery/update/',
      'GET /api/v1/review/list/',
      'GET /api/v1/review/stats/',
      'GET /api/v1/review/available/',
      'POST /api/v1/review/create/',
      'PATCH /api/v1/review/:id/',
      'DELETE /api/v1/review/:id/',
    ])
      expect(paths).toContain(p);
  });
});
