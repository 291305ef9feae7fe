/** The bot link with the one-time token as the start parameter. */
export function telegramStartUrl(botUsername: string | null, token: string, fallback: string | null): string | null {
  if (botUsername) return `https://t.me/${encodeURIComponent(botUsername.replace(/^@/, ''))}?start=${encodeURIComponent(token)}`;
  return fallback;
}
