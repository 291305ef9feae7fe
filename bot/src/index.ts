/** The bot package: createBot for the bot process, notifications for the queue consumer. */
export { createBot, type BotOptions } from './bot.ts';
export type { BindFailure, BindResult, BotDeps, BotLog, CurrentGeneration, ForAccount, PaperLink } from './deps.ts';
export { isTokenRefused, isUnreachableChat, safeError } from './errors.ts';
export { sendNotification } from './notify.ts';
export { webhookListener } from './webhook.ts';
export { COMMANDS, type Notification } from './texts.ts';
export type { Api, Bot } from 'grammy';
export type { UserFromGetMe } from 'grammy/types';
