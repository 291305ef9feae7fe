/** Russian e-mails: subject, plain text and HTML. */
import { formatRubles, refundNotice } from '@app/contract';
import type { MailMessage } from './mailer.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function layout(title: string, paragraphs: string[], code?: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 12px">${escape(p)}</p>`).join('');
  const codeBlock = code ? `<p style="font-size:28px;letter-spacing:6px;font-weight:bold;margin:16px 0">${escape(code)}</p>` : '';
  return (
    `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;color:#1a202c">` +
    `<h2 style="margin:0 0 16px">${escape(title)}</h2>${codeBlock}${body}</body></html>`
  );
}

function codeMail(
  to: string,
  code: string,
  kind: { subject: string; title: string; first: string; page: string; ignore: string },
  ttlMinutes: number,
): MailMessage {
  const lines = [`${kind.first}: ${code}`, `Введите его на странице ${kind.page}. Код действует ${ttlMinutes} минут.`, kind.ignore];
  return { to, subject: kind.subject, text: lines.join('\n\n'), html: layout(kind.title, lines.slice(1), code), devCode: code };
}

export const verificationCodeMail = (to: string, code: string, ttlMinutes: number) =>
  codeMail(
    to,
    code,
    {
      subject: 'Код подтверждения регистрации',
      title: 'Подтверждение почты',
      first: 'Ваш код подтверждения',
      page: 'подтверждения почты',
      ignore: 'Если вы не регистрировались в нашем сервисе, просто проигнорируйте это письмо.',
    },
    ttlMinutes,
  );

export const recoveryCodeMail = (to: string, code: string, ttlMinutes: number) =>
  codeMail(
    to,
    code,
    {
      subject: 'Восстановление пароля',
      title: 'Восстановление пароля',
      first: 'Код для восстановления пароля',
      page: 'восстановления',
      ignore: 'Если вы не запрашивали восстановление пароля, проигнорируйте это письмо: пароль останется прежним.',
    },
    ttlMinutes,
  );

/** After a password recovery: what ended with the old password, and how to bind Telegram again. */
export function passwordChangedMail(to: string, p: { telegramUnbound: boolean; cabinetUrl: string; supportEmail: string }): MailMessage {
  const lines = [
    'Пароль вашего аккаунта изменён через восстановление по почте.',
    'Мы завершили все сеансы: на всех устройствах нужно войти заново с новым паролем.',
    ...(p.telegramUnbound
      ? [
          'Telegram отвязан от аккаунта: после восстановления пароля мы не можем знать, у кого сейчас доступ к нему. ' +
            'Чтобы снова получать уведомления в Telegram, войдите в личный кабинет и нажмите «Привязать Telegram»:',
          p.cabinetUrl,
        ]
      : []),
    `Если пароль меняли не вы, сразу восстановите доступ через «Забыли пароль?» на странице входа и напишите нам на ${p.supportEmail}.`,
  ];
  return { to, subject: 'Пароль изменён', text: lines.join('\n\n'), html: layout('Пароль изменён', lines) };
}

export function generationCompletedMail(to: string, p: { title: string; url: string; full: boolean }): MailMessage {
  const lines = [
    p.full ? `Полная версия работы «${p.title}» готова.` : `Демо-версия работы «${p.title}» готова.`,
    p.full ? 'Скачать .docx можно в личном кабинете:' : 'Посмотреть её и купить полную версию можно по ссылке:',
    p.url,
  ];
  return {
    to,
    subject: p.full ? 'Ваша работа готова' : 'Демо-версия работы готова',
    text: lines.join('\n\n'),
    html: layout('Работа готова', lines),
  };
}

export function paymentSucceededMail(to: string, p: { topic: string; full: boolean; amount: number; url: string }): MailMessage {
  const lines = [
    `Оплата ${formatRubles(p.amount)} получена: ${p.full ? 'полная версия' : 'демо-версия'} работы «${p.topic}».`,
    'Работа уже создаётся: обычно это занимает от 5 до 20 минут. Когда она будет готова, мы пришлём письмо.',
    'Следить за ходом работы можно по ссылке:',
    p.url,
  ];
  return { to, subject: 'Оплата получена', text: lines.join('\n\n'), html: layout('Оплата получена', lines) };
}

export function generationFailedMail(to: string, p: { topic: string; message: string; supportEmail: string }): MailMessage {
  const lines = [`Не удалось создать работу на тему «${p.topic}».`, p.message, refundNotice(p.message, 'письмо', p.supportEmail)];
  return { to, subject: 'Не удалось создать работу', text: lines.join('\n\n'), html: layout('Работа не создана', lines) };
}

export function refundSucceededMail(to: string, p: { topic: string; amount: number }): MailMessage {
  const lines = [
    `Возврат ${formatRubles(p.amount)} за работу «${p.topic}» выполнен.`,
    'Банк обычно зачисляет деньги на карту или счёт в течение нескольких дней. Статус возврата виден в личном кабинете.',
  ];
  return { to, subject: 'Возврат выполнен', text: lines.join('\n\n'), html: layout('Возврат выполнен', lines) };
}

/** A revision round paid for: it has started. */
export function revisionPaidMail(to: string, p: { title: string; amount: number; url: string }): MailMessage {
  const lines = [
    `Оплата ${formatRubles(p.amount)} получена: доработка работы «${p.title}».`,
    'Доработка уже идёт: обычно это занимает несколько минут. Когда новая версия будет готова, мы пришлём письмо.',
    'Следить за ходом можно по ссылке:',
    p.url,
  ];
  return { to, subject: 'Оплата доработки получена', text: lines.join('\n\n'), html: layout('Оплата получена', lines) };
}

/** A revision round done: the new version and what became of the remarks. */
export function revisionCompletedMail(
  to: string,
  p: { title: string; version: number; done: number; total: number; author: number; url: string },
): MailMessage {
  const lines = [
    `Версия ${p.version} работы «${p.title}» готова: выполнено замечаний — ${p.done} из ${p.total}.`,
    ...(p.author
      ? [
          `Замечаний, которые требуют ваших данных (опросы, сведения организации, подписи), — ${p.author}: их мы не выполняем, чтобы не выдумывать данные.`,
        ]
      : []),
    'Новую версию и «Лист доработок» (что сделано по каждому замечанию и где) можно скачать в личном кабинете:',
    p.url,
  ];
  return { to, subject: `Доработка готова: версия ${p.version}`, text: lines.join('\n\n'), html: layout('Доработка готова', lines) };
}

/** A revision round that failed for good: a paid one is refunded, an included one is not counted. */
export function revisionFailedMail(to: string, p: { title: string; message: string; amount: number; supportEmail: string }): MailMessage {
  const lines = [
    `Не удалось выполнить доработку работы «${p.title}».`,
    p.message,
    p.amount
      ? refundNotice(p.message, 'письмо', p.supportEmail)
      : `Эта доработка не засчитана в бесплатные: отправьте замечания ещё раз или напишите нам: ${p.supportEmail}.`,
  ];
  return { to, subject: 'Не удалось выполнить доработку', text: lines.join('\n\n'), html: layout('Доработка не выполнена', lines) };
}
