/** Notices handed to the next page (router state) after an action that signs the user out. */
export const PASSWORD_CHANGED = 'Пароль изменён. Войдите с новым паролем.';
