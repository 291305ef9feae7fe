/** Every Russian text the API and the web share: validation messages (section 5) and the error
 * catalogue (section 8), exactly as the specification writes them. */

export const V = {
  topicRequired: 'Тема диплома обязательна для заполнения',
  topicMin: 'Тема диплома должна содержать минимум 10 символов',
  topicMax: 'Тема диплома должна содержать максимум 200 символов',
  gostRequired: 'ГОСТ ссылка обязательна для заполнения',
  gostMin: 'ГОСТ ссылка должна содержать минимум 10 символов',
  gostMax: 'ГОСТ ссылка должна содержать максимум 150 символов',
  unsupportedFileTitle: 'Неподдерживаемый формат файла',
  tooManyFilesTitle: 'Превышен лимит файлов',
  tooManyFilesText: 'Можно загрузить максимум 5 файлов',
  chapterRequired: 'Название главы обязательно',
  chapterMin: 'Название главы должно содержать минимум 10 символов',
  chapterMax: 'Название главы должно содержать максимум 200 символов',
  subsectionMin: 'Название подраздела должно содержать минимум 10 символов',
  subsectionMax: 'Название подраздела должно содержать максимум 200 символов',
  structureInvalid: 'Пожалуйста, исправьте ошибки в оглавлении',
  promoNotFound: 'Промокод не найден',
  usernameRequired: 'Логин обязателен для заполнения',
  usernameMin: 'Логин должен быть не менее 3 символов',
  usernameMax: 'Логин должен быть не длиннее 20 символов',
  usernamePattern: 'Логин может содержать только буквы, цифры и подчеркивание',
  passwordRequired: 'Пароль обязателен',
  passwordMin: 'Пароль должен быть не менее 8 символов',
  passwordMax: 'Пароль должен быть не длиннее 20 символов',
  passwordConfirmRequired: 'Подтверждение пароля обязательно',
  passwordsMustMatch: 'Пароли должны совпадать',
  emailRequired: 'Email обязателен',
  emailInvalid: 'Некорректный формат email',
  agreementRequired: 'Это поле обязательно',
  loginRequired: 'Логин обязателен',
  loginPasswordRequired: 'Пароль обязателен',
  codeDigits: 'Дожны быть только цифры',
  codeMin: 'Код должен быть не менее 6 символов',
  codeMax: 'Код должен быть не длинее 6 символов',
  recoveryEmailRequired: 'Поле обязательно для заполнения',
  recoveryEmailInvalid: 'Некорректный формат почты',
  reviewComment: 'Комментарий должен содержать от 10 до 500 символов',
  reviewRating: 'Оценка должна быть от 1 до 5',
  yearRange: 'Год публикации должен быть от 1990 до 2025',
  volumeRange: 'Объём работы должен быть от 80 до 120 страниц',
  separateNeedsFootnotes: 'Разделение списка литературы доступно только при оформлении ссылок сносками',
  citationsMatchFiles: 'Для каждого файла нужна одна ГОСТ ссылка',
  titleFieldMax: (label: string, max: number) => `Поле «${label}» должно содержать не более ${max} символов`,
  titleFieldChars: (label: string) => `Поле «${label}» содержит недопустимые символы`,
  personName: (label: string) => `Поле «${label}» может содержать только буквы, пробелы, точки и дефисы`,
} as const;

/** Generic texts by HTTP status (section 8), used by the web's error helper. */
export const STATUS_TEXT: Record<number, string> = {
  400: 'Неверный запрос',
  401: 'Необходима авторизация',
  403: 'Доступ запрещен',
  404: 'Ресурс не найден',
  409: 'Конфликт данных',
  412: 'Ошибка валидации',
  413: 'Слишком большой размер файла',
  415: 'Неподдерживаемый формат файла',
  422: 'Ошибка валидации формы',
  429: 'Слишком много запросов. Попробуйте позже',
  500: 'Внутренняя ошибка сервера',
};
export const NETWORK_ERROR = 'Ошибка сети. Проверьте подключение к интернету';
export const FALLBACK_ERROR = 'Произошла ошибка';

/** Texts of the error catalogue, by flow. */
export const E = {
  usernameTaken: 'Этот логин уже зарегистрирован',
  emailTaken: 'Этот email уже зарегистрирован',
  badCredentials: 'Неверный логин или пароль',
  tryLater: 'Произошла ошибка. Попробуйте позже',
  retryLater: 'Повторите попытку позже',
  recoveryUnknownEmail: 'Пользователя с такой почтой не существует',
  samePassword: 'Новый пароль не может совпадать с текущим паролем',
  changePasswordFailed: 'Произошла ошибка при смене пароля. Попробуйте позже',
  reviewNotAllowed: 'Не удается создать отзыв. Возможно, у вас недостаточно прав.',
  reviewSaveFailed: 'Произошла ошибка при сохранении отзыва',
  demoNotFound: 'Демо работа не найдена',
  userNotFound: 'Пользователь не найден',
  pendingPurchase: 'У вас есть незавершенная покупка',
  activeGeneration: 'У вас уже есть активная задача на генерацию',
  purchaseValidation: 'Ошибка валидации данных',
  filesTooLarge: 'Файлы слишком большие или их слишком много',
  onlyAllowedFiles: 'Разрешены только файлы PDF, DOCX и TXT',
  unexpectedServerResponse: 'Неожиданный ответ сервера',
  paymentNotFoundOrProcessed: 'Платеж не найден или уже обработан',
  cancelPaymentFailed: 'Произошла ошибка при отмене платежа',
  paymentCanceled: 'Платеж успешно отменен',
  statusCheckFailed: 'Произошла ошибка при проверке статуса генерации.',
  unknownStatus: 'Получен неизвестный статус',
  noActiveGeneration: 'Нет активных работ',
} as const;

/** 'Осталось N попытка/попытки/попыток' with Russian plural rules. */
export function retriesLeftText(n: number): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  let word = 'попыток';
  if (mod10 === 1 && mod100 !== 11) word = 'попытка';
  else if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) word = 'попытки';
  return `Осталось ${n} ${word}`;
}

/** The one sentence that tells a user their money goes back: in a failed order's message (the site,
 * the bot's status), in its e-mail and in its Telegram notice. */
export const REFUND_PROMISE = 'Оплата будет возвращена автоматически.';

/**
 * How a failed order's e-mail (`by`: «письмо») or Telegram notice («сообщение») tells of its refund
 * after the order's own message: the promise, unless that message made it already, how the user
 * hears that the refund went through, and whom to ask.
 */
export function refundNotice(message: string, by: 'письмо' | 'сообщение', supportEmail: string): string {
  const promise = message.includes(REFUND_PROMISE) ? '' : `${REFUND_PROMISE} `;
  return `${promise}Мы пришлём ${by}, когда возврат пройдёт. Вопросы: ${supportEmail}.`;
}
