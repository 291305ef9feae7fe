/** The sandbox provider's confirmation page (Russian, server-rendered, no scripts). */
import { formatRubles } from '@app/contract';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function sandboxPageHtml(p: { id: string; amount: number; description: string; status: string; returnUrl: string }): string {
  const amount = formatRubles(p.amount);
  const action = (decision: string) => `/api/v1/payment/sandbox/${encodeURIComponent(p.id)}/${decision}/`;
  const body =
    p.status === 'pending'
      ? `<form method="post" action="${action('pay')}"><button type="submit" class="pay">Оплатить ${escape(amount)}</button></form>
         <form method="post" action="${action('cancel')}"><button type="submit" class="cancel">Отменить платёж</button></form>`
      : `<p>Платёж уже обработан: ${p.status === 'canceled' ? 'отменён' : 'оплачен'}.</p><p><a href="${escape(p.returnUrl)}">Вернуться в сервис</a></p>`;
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Тестовая оплата</title>
<style>
  body { font-family: Arial, sans-serif; background: #f4f6fb; color: #1a202c; margin: 0; padding: 24px; }
  main { max-width: 440px; margin: 40px auto; background: #fff; border-radius: 12px; padding: 28px; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  .note { background: #fff7e0; border: 1px solid #f0c36d; padding: 10px 12px; border-radius: 8px; font-size: 14px; }
  .amount { font-size: 32px; font-weight: bold; margin: 16px 0 4px; }
  button { width: 100%; padding: 14px; margin-top: 12px; font-size: 16px; border-radius: 8px; border: 0; cursor: pointer; }
  .pay { background: #2b6cb0; color: #fff; } .cancel { background: #e2e8f0; color: #1a202c; }
</style></head>
<body><main>
  <h1>Тестовая оплата</h1>
  <p class="note">Это песочница платёжной системы: деньги не списываются.</p>
  <p class="amount">${escape(amount)}</p>
  <p>${escape(p.description)}</p>
  ${body}
</main></body></html>`;
}
