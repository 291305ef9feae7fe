/**
 * The critical path of a run, from the calls the simulated model served: the longest chain of
 * calls that wait for each other, each taken at the time it needs at the model's speed (the first
 * token, then its tokens at the stream's rate). The engine's steps follow one another (the outline,
 * the writing, the fact-check's repairs and recitals, each volume round); inside a step the calls
 * of one text follow one another (a subsection or a part of it, then the judge beside the repair of
 * what failed, then the repair of what the judge doubted), the texts side by side (the glossary and
 * the conclusions, written from the plan, among them); a chapter's conclusions written again from
 * its texts come after them.
 */
import type { CallLog } from '../dev/fake-llm.ts';

interface Speed {
  tokensPerSecond: number;
  firstTokenMs: number;
}

/** Where a call stands: its step, its lane in the step (a subsection, a chapter's conclusions), its place in the lane. */
interface Place {
  step: string;
  lane: string;
  level: number;
}

function placeOf(key: string): Place {
  const retry = /^(retry\d+):(.*)$/.exec(key);
  if (retry) {
    const inner = placeOf(retry[2]);
    return { ...inner, step: `${retry[1]} ${inner.step}` };
  }
  const m = (re: RegExp) => re.exec(key);
  let x: RegExpExecArray | null;
  if (key.startsWith('outline')) return { step: '1 outline', lane: 'outline', level: 0 };
  if (key === 'glossary') return { step: '3 writing', lane: 'glossary', level: 0 };
  if (/^(introduction|conclusion|annotation)(:\d+)?$/.test(key)) return { step: '3 writing', lane: key, level: 0 };
  // A subsection's text, or each of its parts (`section:1.2:2`), checked as soon as it is written.
  if ((x = m(/^section:(\d+\.\d+(?::\d+)?)$/))) return { step: '3 writing', lane: x[1], level: 0 };
  if ((x = m(/^(?:verify|repair):written:(\d+\.\d+(?::\d+)?)$/))) return { step: '3 writing', lane: x[1], level: 1 };
  if ((x = m(/^repair:written:(\d+\.\d+(?::\d+)?):judged$/))) return { step: '3 writing', lane: x[1], level: 2 };
  if ((x = m(/^chapter-conclusion:(\d+)$/))) return { step: '3 writing', lane: `chapter ${x[1]}`, level: 0 };
  if ((x = m(/^chapter-conclusion:(\d+):written$/))) return { step: '3 writing b', lane: `chapter ${x[1]}`, level: 0 };
  if ((x = m(/^review:(\d+)$/))) return { step: '4 review', lane: `chapter ${x[1]}`, level: 0 };
  if ((x = m(/^revise:(\d+\.\d+)$/))) return { step: '4 review', lane: `chapter ${x[1].split('.')[0]}`, level: 1 };
  if ((x = m(/^(?:verify|repair):revised:(\d+\.\d+)$/))) return { step: '4 review', lane: `chapter ${x[1].split('.')[0]}`, level: 2 };
  if ((x = m(/^repair:checked:(\d+\.\d+)$/))) return { step: '5 fact-check a', lane: x[1], level: 0 };
  if (key === 'recite:checked') return { step: '5 fact-check b', lane: 'recite', level: 0 };
  if ((x = m(/^extend:r(\d+):(\d+\.\d+)$/))) return { step: `6 volume ${x[1]} a`, lane: x[2], level: 0 };
  if ((x = m(/^(?:verify|repair):extended(\d+):(\d+\.\d+)$/))) return { step: `6 volume ${x[1]} a`, lane: x[2], level: 1 };
  if ((x = m(/^repair:extended(\d+):(\d+\.\d+):judged$/))) return { step: `6 volume ${x[1]} a`, lane: x[2], level: 2 };
  if ((x = m(/^repair:volume(\d+):(\d+\.\d+)$/))) return { step: `6 volume ${x[1]} b`, lane: x[2], level: 0 };
  if ((x = m(/^recite:volume(\d+)$/))) return { step: `6 volume ${x[1]} c`, lane: 'recite', level: 0 };
  return { step: `9 ${key}`, lane: key, level: 0 };
}

export interface CriticalPath {
  /** The chain, in order: each call's key and the time it needs. */
  chain: { key: string; ms: number }[];
  ms: number;
}

export function criticalPath(log: CallLog[], speed: Speed): CriticalPath {
  const need = (e: CallLog) => speed.firstTokenMs + (e.completionTokens / speed.tokensPerSecond) * 1000;
  // The answer that was used: the last completed attempt of each key.
  const calls = new Map<string, { key: string; ms: number }>();
  for (const e of log) if (e.completed) calls.set(e.key, { key: e.key, ms: need(e) });
  const steps = new Map<string, Map<string, Map<number, { key: string; ms: number }[]>>>();
  for (const c of calls.values()) {
    const { step, lane, level } = placeOf(c.key);
    const lanes = steps.get(step) ?? new Map();
    const levels = lanes.get(lane) ?? new Map();
    levels.set(level, [...(levels.get(level) ?? []), c]);
    lanes.set(lane, levels);
    steps.set(step, lanes);
  }
  const chain: CriticalPath['chain'] = [];
  for (const step of [...steps.keys()].sort()) {
    // A lane: its levels one after another, the longest call of each level.
    const laneChain = (levels: Map<number, { key: string; ms: number }[]>) =>
      [...levels.keys()].sort((a, b) => a - b).map((level) => levels.get(level)!.reduce((a, b) => (b.ms > a.ms ? b : a)));
    const lanes = [...steps.get(step)!.values()].map(laneChain);
    chain.push(...lanes.reduce((a, b) => (sum(b) > sum(a) ? b : a)));
  }
  return { chain, ms: sum(chain) };
}

const sum = (calls: { ms: number }[]) => calls.reduce((n, c) => n + c.ms, 0);
