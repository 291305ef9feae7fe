/** Build-time configuration, validated once. Runtime settings (support e-mail, legal entity,
 * Telegram bot) come from the API's /api/v1/config/ instead. Checked by hand rather than with zod:
 * this module is in every page's first script, and zod is not needed there. */

/** Empty: the API is on the same origin (production, e2e). */
function apiUrlOf(value: string | undefined): string {
  if (!value) return '';
  if (!URL.canParse(value)) throw new Error(`Invalid web configuration: VITE_API_URL is not a URL: ${value}`);
  return value.replace(/\/$/, '');
}

export const env = {
  apiUrl: apiUrlOf(import.meta.env.VITE_API_URL),
  appName: 'Сервис академических работ',
} as const;
