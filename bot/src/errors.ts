/** Errors as they may be logged: the bot token is part of every Bot API URL, and network errors
 * carry that URL, so nothing is logged as thrown. */
import { GrammyError, HttpError } from 'grammy';

export function safeError(error: unknown, token: string): Record<string, unknown> {
  const scrub = (text: string) => (token ? text.split(token).join('***') : text);
  if (error instanceof GrammyError) {
    return { type: 'GrammyError', method: error.method, error_code: error.error_code, description: scrub(error.description) };
  }
  if (error instanceof HttpError) {
    // The wrapped error's message holds the URL with the token; its code says enough.
    const code = (error.error as { code?: unknown } | undefined)?.code;
    return { type: 'HttpError', message: scrub(error.message), ...(typeof code === 'string' ? { code } : {}) };
  }
  if (error instanceof Error) return { type: error.name, message: scrub(error.message), stack: scrub(error.stack ?? '') };
  return { type: typeof error, message: scrub(String(error)) };
}

/** Telegram will not deliver to this chat whatever we do: the user blocked the bot, deleted the
 * account, or the chat does not exist. Retrying is pointless. */
export function isUnreachableChat(error: unknown): boolean {
  if (!(error instanceof GrammyError)) return false;
  return error.error_code === 403 || (error.error_code === 400 && /chat not found|user not found/i.test(error.description));
}

/** Telegram does not know this bot token (revoked, mistyped). */
export function isTokenRefused(error: unknown): boolean {
  return error instanceof GrammyError && (error.error_code === 401 || error.error_code === 404);
}
