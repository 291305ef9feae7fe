/** Everything the bot says, in one place. Plain text: titles may hold any characters, and links
 * stay bare URLs (Telegram links them itself; buttons would refuse a development localhost URL). */
import { formatRubles, refundNotice } from '@app/contract';
import type { BindFailure, CurrentGeneration, PaperLink } from './deps.ts';

export const COMMANDS = [
  { command: 'status', description: 'Ход текущей генерации' },
  { command: 'papers', description: 'Последние работы' },
  { command: 'help', description: 'Что умеет бот' },
];

const commandList = ['/status — ход текущей генерации', '/papers — последние пять работ', '/help — эта подсказка'].join('\n');

export const welcome = (site: string) =>
  [
    'Здравствуйте! Это бот сервиса академических работ.',
    `Он присылает уведомления об оплате и о готовности работ. Чтобы их получать, привяжите Telegram: войдите на сайте ${site}, откройте меню и нажмите «Привязать Telegram».`,
    commandList,
  ].join('\n\n');

export const help = (site: string) => ['Команды:', commandList, `Сайт: ${site}`].join('\n\n');

export const unknownCommand = 'Не знаю такой команды.\n\n' + commandList;

export const bound = (username: string) =>
  [
    `Готово! Telegram привязан к аккаунту ${username}.`,
    'Сюда будут приходить уведомления об оплате и о готовности работ.',
    commandList,
  ].join('\n\n');

export function bindFailed(reason: BindFailure, site: string): string {
  const again = `Получите новую ссылку в личном кабинете: ${site}/home (меню → «Привязать Telegram»).`;
  switch (reason) {
    case 'unknown':
      return `Ссылка для привязки недействительна. ${again}`;
    case 'expired':
      return `Срок действия ссылки для привязки истёк. ${again}`;
    case 'used':
      return `Эта ссылка для привязки уже использована. ${again}`;
    case 'telegram_taken':
      return 'Этот Telegram уже привязан к другому аккаунту сервиса. Сначала отвяжите его в том аккаунте, затем повторите привязку.';
    case 'already_bound':
      return `К вашему аккаунту уже привязан другой Telegram. Отвяжите его в личном кабинете (${site}/home), затем повторите привязку.`;
  }
}

export const notBound = (site: string) =>
  `Telegram не привязан к аккаунту сервиса. Привяжите его в личном кабинете: ${site}/home (меню → «Привязать Telegram»).`;

export function status(g: CurrentGeneration | null, site: string): string {
  if (!g) return `Сейчас работа не создаётся. Заказать новую: ${site}/demo`;
  switch (g.status) {
    case 'pending_payment':
      return `Заказ «${g.topic}» ждёт оплаты. Оплатить или отменить его можно в личном кабинете: ${site}/home`;
    case 'waiting':
      return `Работа «${g.topic}» оплачена и стоит в очереди: генерация скоро начнётся. Следить: ${site}/home`;
    case 'started':
    case 'in_progress':
      return [
        `Работа «${g.topic}» создаётся.`,
        `Этап: ${g.stage}`,
        `Готово: ${g.progress}%`,
        `Следить в реальном времени: ${site}/home`,
      ].join('\n');
  }
}

export function papers(list: PaperLink[], site: string): string {
  if (!list.length) return `У вас пока нет работ. Заказать: ${site}/demo`;
  const items = list.map((p, i) => {
    const kind = p.type === 'demo' ? 'демо-версия' : p.downloadable ? 'полная версия, .docx в личном кабинете' : 'полная версия';
    return `${i + 1}. «${p.title}» (${kind})\n${site}/preview/${p.id}`;
  });
  return ['Последние работы:', ...items, `Все работы: ${site}/home`].join('\n\n');
}

export const somethingWentWrong = 'Что-то пошло не так. Попробуйте ещё раз чуть позже.';

/** Notifications from the queue (the same facts as the e-mails). */
export type Notification =
  | { kind: 'payment_succeeded'; topic: string; paperType: 'demo' | 'full' }
  | { kind: 'generation_completed'; title: string; paperId: number; paperType: 'demo' | 'full' }
  | { kind: 'generation_failed'; topic: string; message: string; supportEmail: string }
  | { kind: 'refund_succeeded'; topic: string; amount: number }
  | { kind: 'defence_paid'; topic: string; paperId: number }
  | { kind: 'defence_ready'; title: string; paperId: number }
  | { kind: 'defence_failed'; topic: string; message: string; supportEmail: string }
  | { kind: 'revision_paid'; title: string; paperId: number }
  | { kind: 'revision_completed'; title: string; paperId: number; version: number; done: number; total: number }
  | { kind: 'revision_failed'; title: string; message: string; refunded: boolean; supportEmail: string };

export function notification(n: Notification, site: string): string {
  switch (n.kind) {
    case 'payment_succeeded':
      return [
        `Оплата прошла. ${n.paperType === 'full' ? 'Полная версия работы' : 'Демо-версия работы'} «${n.topic}» поставлена в очередь на создание.`,
        `Ход генерации: /status или ${site}/home`,
      ].join('\n\n');
    case 'generation_completed':
      return n.paperType === 'full'
        ? [
            `Полная версия работы «${n.title}» готова.`,
            `Скачать .docx можно в личном кабинете: ${site}/home`,
            `Просмотр: ${site}/preview/${n.paperId}`,
          ].join('\n\n')
        : [`Демо-версия работы «${n.title}» готова.`, `Посмотреть её и купить полную версию: ${site}/preview/${n.paperId}`].join('\n\n');
    case 'generation_failed':
      return [`Не удалось создать работу на тему «${n.topic}».`, n.message, refundNotice(n.message, 'сообщение', n.supportEmail)]
        .filter(Boolean)
        .join('\n\n');
    case 'refund_succeeded':
      return [
        `Возврат ${formatRubles(n.amount)} за работу «${n.topic}» выполнен.`,
        'Банк обычно зачисляет деньги в течение нескольких дней.',
      ].join('\n\n');
    case 'defence_paid':
      return [
        `Оплата прошла. Комплект к защите работы «${n.topic}» готовится: обычно это несколько минут.`,
        `Ход: ${site}/defence/${n.paperId}`,
      ].join('\n\n');
    case 'defence_ready':
      return [
        `Комплект к защите работы «${n.title}» готов: презентация, доклад и вопросы комиссии с ответами.`,
        `Слайды и файлы: ${site}/defence/${n.paperId}`,
      ].join('\n\n');
    case 'defence_failed':
      return [
        `Не удалось подготовить комплект к защите работы «${n.topic}».`,
        n.message,
        refundNotice(n.message, 'сообщение', n.supportEmail),
      ]
        .filter(Boolean)
        .join('\n\n');
    case 'revision_paid':
      return [
        `Оплата доработки работы «${n.title}» получена: доработка уже идёт.`,
        `Ход: /status или ${site}/papers/${n.paperId}/revisions`,
      ].join('\n\n');
    case 'revision_completed':
      return [
        `Версия ${n.version} работы «${n.title}» готова: выполнено замечаний — ${n.done} из ${n.total}.`,
        `Новая версия и «Лист доработок»: ${site}/papers/${n.paperId}/revisions`,
      ].join('\n\n');
    case 'revision_failed':
      return [
        `Не удалось выполнить доработку работы «${n.title}».`,
        n.message,
        n.refunded
          ? refundNotice(n.message, 'сообщение', n.supportEmail)
          : `Доработка не засчитана в бесплатные: отправьте замечания ещё раз. Вопросы: ${n.supportEmail}.`,
      ]
        .filter(Boolean)
        .join('\n\n');
  }
}
