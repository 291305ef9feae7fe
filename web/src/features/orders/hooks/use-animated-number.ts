import { useEffect, useRef, useState } from 'react';
import { TIMINGS } from '@/config/ui';

/** A number that moves to a new value over `durationMs` (the pay button's price, 800 ms). */
export function useAnimatedNumber(target: number, durationMs: number = TIMINGS.priceAnimationMs): number {
  const [shown, setShown] = useState(target);
  const current = useRef(target);

  useEffect(() => {
    const from = current.current;
    if (from === target) return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
      current.current = target;
      setShown(target);
      return;
    }
    const start = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / durationMs);
      const eased = 1 - (1 - t) ** 3;
      current.current = t === 1 ? target : Math.round(from + (target - from) * eased);
      setShown(current.current);
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs]);

  return shown;
}
