/** What the bot needs from the rest of the service. The bot has no database and reads no
 * environment: the API process passes these in. Telegram ids are strings (they exceed 2^31). */

export type BindFailure = 'unknown' | 'expired' | 'used' | 'telegram_taken' | 'already_bound';
export type BindResult = { ok: true; username: string } | { ok: false; reason: BindFailure };

/** The user's current order as /status shows it. */
export interface CurrentGeneration {
  topic: string;
  /** pending_payment: waiting for the money; waiting: paid, in the queue; started/in_progress: being written. */
  status: 'pending_payment' | 'waiting' | 'started' | 'in_progress';
  stage: string;
  progress: number;
}

export interface PaperLink {
  id: number;
  title: string;
  type: 'demo' | 'full';
  /** A paid full paper: its .docx can be downloaded in the cabinet. */
  downloadable: boolean;
}

/** Not bound: the Telegram account belongs to no user of the site. */
export type ForAccount<T> = { bound: false } | ({ bound: true } & T);

export interface BotDeps {
  /** Address of the site, without a trailing slash. */
  siteUrl: string;
  bindAccount(token: string, telegramUid: string): Promise<BindResult>;
  currentGeneration(telegramUid: string): Promise<ForAccount<{ generation: CurrentGeneration | null }>>;
  lastPapers(telegramUid: string, limit: number): Promise<ForAccount<{ papers: PaperLink[] }>>;
}

/** A pino-compatible logger (only what the bot uses). */
export interface BotLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
