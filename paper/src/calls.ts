/**
 * Every writer call of a run goes through here: a finished call is stored in the checkpoint store
 * under its key before its result is used, and a call whose key is already stored is not made
 * again (a killed run resumes without repeating a finished LLM call). Usage is summed here.
 */
import type { CheckpointStore } from './checkpoints/types.ts';
import { throwIfAborted } from './errors.ts';
import type { Tariff } from './input/types.ts';
import type { Writer, WriterReply, Usage, CallRunner } from './writer/types.ts';

function isReply(v: unknown): v is WriterReply {
  return typeof v === 'object' && v !== null && typeof (v as WriterReply).text === 'string';
}

export function createCallRunner(options: {
  writer: Writer;
  checkpoints: CheckpointStore;
  tariff: Tariff;
  signal?: AbortSignal;
  /** No new call once it fires (RunContext.stopping); the calls in flight go on. */
  stopping?: AbortSignal;
}): CallRunner {
  const usage: Usage = { promptTokens: 0, completionTokens: 0, calls: 0 };
  let fresh = 0;
  const inFlight = new Set<Promise<unknown>>();
  const account = (r: WriterReply) => {
    usage.calls++;
    usage.promptTokens += r.promptTokens;
    usage.completionTokens += r.completionTokens;
    if (r.costRub !== undefined) usage.costRub = (usage.costRub ?? 0) + r.costRub;
  };
  return {
    usage,
    get fresh() {
      return fresh;
    },
    async call(c) {
      const key = `llm:${c.key}`;
      const saved = await options.checkpoints.get(key);
      if (isReply(saved)) {
        account(saved);
        return saved;
      }
      throwIfAborted(options.signal);
      if (options.stopping?.aborted) {
        // The run ends only once the calls in flight are answered and stored: none is asked again.
        await Promise.allSettled(inFlight);
        throwIfAborted(options.stopping);
      }
      const answered = options.writer.complete({ ...c, tariff: options.tariff, signal: options.signal }).then(async (reply) => {
        await options.checkpoints.set(key, reply);
        return reply;
      });
      inFlight.add(answered);
      try {
        const reply = await answered;
        fresh++;
        account(reply);
        return reply;
      } finally {
        inFlight.delete(answered);
      }
    },
  };
}

/** The same runner with its calls stored under other keys: a stage run again asks the writer anew. */
export function withKeyPrefix(calls: CallRunner, prefix: string): CallRunner {
  return {
    call: (c) => calls.call({ ...c, key: `${prefix}${c.key}` }),
    get usage() {
      return calls.usage;
    },
    get fresh() {
      return calls.fresh;
    },
  };
}

/** Runs tasks in parallel; the first failure aborts the rest (they share `controller`). */
export async function allOrAbort<T>(tasks: ((signal: AbortSignal) => Promise<T>)[], parent?: AbortSignal): Promise<T[]> {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  parent?.addEventListener('abort', onAbort, { once: true });
  try {
    return await Promise.all(
      tasks.map((t) =>
        t(controller.signal).catch((error) => {
          controller.abort();
          throw error;
        }),
      ),
    );
  } finally {
    parent?.removeEventListener('abort', onAbort);
  }
}
