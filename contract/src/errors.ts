/** Every error the API answers, by a stable code: its HTTP status and its Russian message. The
 * body is `{ detail, code, ...extra }`; clients switch on `code`, never on the text of `detail`. */
import { z } from 'zod';
import { E, STATUS_TEXT, V } from './messages.ts';

const error = <S extends number>(status: S, message: string) => ({ status, message });

export const ERRORS = {
  // ---------- generic: malformed requests, sessions, limits ----------
  bad_request: error(400, STATUS_TEXT[400]),
  invalid_characters: error(400, 'Запрос содержит недопустимые символы'),
  invalid_json: error(400, 'Некорректный JSON в теле запроса'),
  empty_body: error(400, 'Пустое тело запроса'),
  malformed_multipart: error(400, 'Некорректное тело запроса multipart/form-data'),
  unknown_field: error(400, 'Неизвестное поле в запросе'),
  unauthorized: error(401, STATUS_TEXT[401]),
  forbidden: error(403, STATUS_TEXT[403]),
  not_found: error(404, STATUS_TEXT[404]),
  body_too_large: error(413, 'Слишком большой запрос'),
  uri_too_long: error(414, 'Слишком длинный адрес запроса'),
  unsupported_media_type: error(415, 'Неподдерживаемый тип содержимого запроса'),
  validation_failed: error(422, STATUS_TEXT[422]),
  rate_limited: error(429, STATUS_TEXT[429]),
  internal: error(500, STATUS_TEXT[500]),

  // ---------- accounts ----------
  registration_conflict: error(409, 'Конфликт данных'),
  code_too_early: error(429, 'Код уже отправлен. Повторите позже'),
  code_invalid: error(400, 'Код недействителен. Запросите новый код'),
  code_expired: error(400, 'Срок действия кода истёк. Запросите новый код'),
  code_wrong: error(400, 'Неверный код'),
  code_not_verified: error(400, 'Сначала подтвердите код из письма'),
  mail_failed: error(503, 'Не удалось отправить письмо. Попробуйте позже'),
  user_not_found: error(404, E.userNotFound),
  email_already_verified: error(400, 'Почта уже подтверждена. Войдите в аккаунт'),
  bad_credentials: error(401, E.badCredentials),
  email_not_verified: error(403, 'Почта не подтверждена. Введите код из письма'),
  same_password: error(409, E.samePassword),
  recovery_unknown_email: error(404, E.recoveryUnknownEmail),
  telegram_already_bound: error(409, 'Telegram уже привязан к аккаунту'),
  telegram_not_bound: error(400, 'Telegram не привязан'),
  /** No bot is configured on this installation (TELEGRAM_BOT_USERNAME): a token would lead nowhere.
   * An expected condition of such an installation, not a fault: a 4xx, not logged as an error. */
  telegram_unavailable: error(
    404,
    'Привязка Telegram сейчас недоступна: бот сервиса не подключён. Уведомления о работах приходят на почту',
  ),

  // ---------- reviews and papers ----------
  review_not_available: error(400, 'Отзыв можно оставить после покупки полной версии работы'),
  review_not_found: error(404, 'Отзыв не найден'),
  paper_not_found: error(404, 'Работа не найдена'),
  docx_not_paid: error(404, 'Файл доступен после оплаты полной версии'),
  preview_unavailable: error(404, 'Предпросмотр недоступен'),

  // ---------- orders and payments ----------
  promo_not_found: error(400, V.promoNotFound),
  /** The order's promo code cannot be used (payment/create answers 412 for it, section 8). */
  promo_rejected: error(412, V.promoNotFound),
  pending_payment: error(406, E.pendingPurchase),
  active_generation: error(409, E.activeGeneration),
  no_active_generation: error(400, E.noActiveGeneration),
  demo_not_found: error(400, E.demoNotFound),
  demo_already_bought: error(409, 'Полная версия этой работы уже куплена: скачайте её в личном кабинете'),
  citations_mismatch: error(412, V.citationsMatchFiles),
  purchase_invalid: error(422, E.purchaseValidation),
  files_too_large: error(413, E.filesTooLarge),
  file_unsupported: error(415, E.onlyAllowedFiles),
  file_empty: error(400, 'Файл пустой'),
  payment_not_found: error(400, E.paymentNotFoundOrProcessed),
  payment_provider_unavailable: error(503, 'Платёжная система временно недоступна. Попробуйте позже'),

  // ---------- the defence kit ----------
  defence_paper_not_purchased: error(400, 'Подготовка к защите доступна для купленной полной версии работы'),
  defence_already_bought: error(409, 'Комплект к защите этой работы уже куплен: он в разделе «Подготовка к защите»'),
  defence_in_progress: error(409, 'Комплект к защите этой работы уже готовится: следите за ходом в разделе «Подготовка к защите»'),
  defence_not_ready: error(404, 'Комплект к защите ещё не готов'),
  /** The databases have too few works on the topic for the paper ordered (the detail says what to change). */
  not_enough_sources: error(
    422,
    'Недостаточно научных источников по теме: сформулируйте тему шире, укажите более ранний год издания или приложите свои источники',
  ),

  // ---------- revisions ----------
  revision_not_purchased: error(400, 'Доработка доступна для купленной полной версии работы'),
  /** Included rounds used or the free period over, and the request did not agree to pay (data.price). */
  revision_rounds_used: error(402, 'Бесплатные доработки по этой работе закончились: следующая доработка платная'),
  revision_no_remarks: error(400, 'Замечаний нет: введите текст замечаний или приложите .docx с комментариями научного руководителя'),
  revision_running: error(409, 'По этой работе уже идёт доработка: дождитесь её окончания'),
  remarks_too_long: error(422, 'Замечания слишком длинные: не больше 10 000 знаков текстом и 100 комментариев в файле'),
  revision_unavailable: error(
    409,
    'Эту работу нельзя доработать автоматически: она создана до появления доработок. Напишите в поддержку — доработаем вручную',
  ),
  version_not_found: error(404, 'Версия работы не найдена'),
  /** A paper (or version) delivered before «Отчёт об источниках» existed has none. */
  evidence_unavailable: error(
    404,
    'Отчёт об источниках составляется для работ, написанных после его появления: у этой работы (версии) его нет',
  ),
  /** A supervisor's link that opens nothing: wrong, expired, revoked, or its paper refunded (one answer for all). */
  share_link_invalid: error(404, 'Ссылка недействительна: её отозвали, срок её действия истёк или в адресе ошибка'),
  share_link_not_found: error(404, 'Ссылка не найдена'),
} as const;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]];
export const errorCode = z.enum(ERROR_CODES);
