/** What the user is told about a defence kit: the e-mails, and the Telegram messages' facts. */
import { DEFENCE_KIT, formatRubles, rangeText, refundNotice } from '@app/contract';
import type { Notification } from '@app/bot';
import type { Config } from '../../config.ts';
import type { NotifyJob } from '../../jobs/queues.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { layout } from '../mail/templates.ts';
import type { Order } from '../orders/entities.ts';

const mail = (to: string, subject: string, title: string, lines: string[]): MailMessage => ({
  to,
  subject,
  text: lines.join('\n\n'),
  html: layout(title, lines),
});

/** The kit's page on the site. */
const pageOf = (config: Config, order: Order) => `${config.publicUrl}/defence/${order.sourcePaper?.id ?? ''}`;

export function defenceMail(to: string, kind: NotifyJob['kind'], order: Order, config: Config): MailMessage {
  const url = pageOf(config, order);
  switch (kind) {
    case 'payment_succeeded':
      return mail(to, 'Оплата получена', 'Оплата получена', [
        `Оплата ${formatRubles(order.amount)} получена: комплект к защите работы «${order.topic}» — презентация, доклад и вопросы комиссии с ответами.`,
        'Комплект уже готовится: обычно это занимает несколько минут. Когда он будет готов, мы пришлём письмо.',
        'Следить за ходом можно по ссылке:',
        url,
      ]);
    case 'generation_completed':
      return mail(to, 'Комплект к защите готов', 'Комплект к защите готов', [
        `Комплект к защите работы «${order.topic}» готов: презентация с заметками докладчика, доклад на ${rangeText(DEFENCE_KIT.speechMinutes)} минут и вопросы комиссии с ответами и страницами работы.`,
        'Посмотреть слайды и скачать файлы можно в разделе «Подготовка к защите»:',
        url,
      ]);
    case 'generation_failed':
      return mail(to, 'Не удалось подготовить комплект к защите', 'Комплект не подготовлен', [
        `Не удалось подготовить комплект к защите работы «${order.topic}».`,
        order.error ?? '',
        refundNotice(order.error ?? '', 'письмо', config.supportEmail),
      ]);
    case 'refund_succeeded':
      return mail(to, 'Возврат выполнен', 'Возврат выполнен', [
        `Возврат ${formatRubles(order.amount)} за комплект к защите работы «${order.topic}» выполнен.`,
        'Банк обычно зачисляет деньги на карту или счёт в течение нескольких дней. Статус возврата виден в личном кабинете.',
      ]);
  }
}

export function defenceNotification(kind: NotifyJob['kind'], order: Order, config: Config): Notification {
  const paperId = order.sourcePaper?.id ?? 0;
  switch (kind) {
    case 'payment_succeeded':
      return { kind: 'defence_paid', topic: order.topic, paperId };
    case 'generation_completed':
      return { kind: 'defence_ready', title: order.topic, paperId };
    case 'generation_failed':
      return { kind: 'defence_failed', topic: order.topic, message: order.error ?? '', supportEmail: config.supportEmail };
    case 'refund_succeeded':
      return { kind: 'refund_succeeded', topic: order.topic, amount: order.amount };
  }
}
