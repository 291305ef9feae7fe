/** Sending one notification to a bound chat. The caller decides what an error means for its job
 * (see isUnreachableChat). */
import type { Api } from 'grammy';
import { NO_PREVIEW } from './features/reply.ts';
import { notification, type Notification } from './texts.ts';

export async function sendNotification(api: Api, chatId: string, n: Notification, siteUrl: string): Promise<void> {
  await api.sendMessage(chatId, notification(n, siteUrl), NO_PREVIEW);
}
