/** Build-time configuration, validated once. Runtime settings (support e-mail, legal entity,
 * Telegram bot) come from the API's /api/v1/config/ instead. */
import { z } from 'zod';

const schema = z.object({
  /** Empty: the API is on the same origin (production, e2e). */
  VITE_API_URL: z.string().url().or(z.literal('')).default(''),
});

const parsed = schema.safeParse(import.meta.env);
if (!parsed.success) throw new Error(`Invalid web configuration: ${parsed.error.message}`);

export const env = {
  apiUrl: parsed.data.VITE_API_URL.replace(/\/$/, ''),
  appName: 'Сервис академических работ',
} as const;
