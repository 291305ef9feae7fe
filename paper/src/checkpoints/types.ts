/**
 * Where a run keeps the results of finished steps, so that a killed run continues from its last
 * finished step and never repeats a finished LLM call. The service stores them in PostgreSQL;
 * the engine ships an in-memory store (tests) and a directory store (CLI).
 * Values must be JSON-serialisable.
 */
export interface CheckpointStore {
  get(key: string): Promise<unknown | undefined>;
  set(key: string, value: unknown): Promise<void>;
}
