/**
 * How long each stage of a run takes, by tariff: the fleet's histogram lives in PostgreSQL
 * (metric_stage_seconds, one row per bucket), so that any API process reports every worker's
 * stages and nothing is lost with a worker. A stage ends when the run reports the next one; a
 * stage a run did not finish (a crash, a shutdown, a failure) is not counted, and one that is
 * entered again (the volume corrected) counts each time.
 */
import { STAGES } from '@app/paper/progress';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';

/** Upper bounds (seconds) of the stage-time buckets: a demo's stage takes seconds, a full paper's writing many minutes. */
export const STAGE_BUCKETS = [1, 5, 15, 30, 60, 120, 300, 600, 1200, 1800, 3600, Infinity];

/** The progress events name a stage in Russian (shown to the user); the metrics, by its id. */
const STAGE_IDS = new Map<string, string>(Object.entries(STAGES).map(([id, name]) => [name, id]));

export function stageTimer(em: EntityManager, tariff: string, log: FastifyBaseLogger) {
  let current: { stage: string; since: number } | null = null;
  return {
    /** A progress event: when it names another stage, the one before has ended. */
    async entered(stageName: string): Promise<void> {
      const stage = STAGE_IDS.get(stageName) ?? 'other';
      if (current?.stage === stage) return;
      const ended = current;
      current = { stage, since: performance.now() };
      if (!ended) return;
      const seconds = (current.since - ended.since) / 1000;
      const le = STAGE_BUCKETS.find((bound) => seconds <= bound)!;
      await em
        .execute(
          `insert into metric_stage_seconds as m (stage, tariff, le, count, sum_seconds) values (?, ?, ?, 1, ?)
           on conflict (stage, tariff, le) do update set count = m.count + 1, sum_seconds = m.sum_seconds + excluded.sum_seconds`,
          [ended.stage, tariff, le, seconds],
        )
        .catch((error) => log.warn({ err: error, stage: ended.stage }, 'the time of a stage was not recorded'));
    },
  };
}
