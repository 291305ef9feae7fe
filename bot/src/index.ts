/** The bot package: createBot for the bot process, notifications for the queue consumer. */
export { createBot, type BotOptions } from './bot.ts';
export type { BindFailure, BindResult, BotDeps, BotLog, CurrentGeneration, ForAccount, PaperLink } from './deps.ts';
export { isUnreachableChat, safeError } from './errors.ts';
export { sendNotification } from './notify.ts';
export { COMMANDS, type Notification } from './texts.ts';
