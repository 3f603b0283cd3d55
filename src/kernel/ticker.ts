import type { Clock } from '../engine/clock.js';

/**
 * Runs `fn` every `ms` of the Clock's time: on the system clock a timer, on the manual clock when the clock is
 * moved past the next due time (tests move time rather than wait). Returns the function that stops it.
 */
export function every(clock: Clock, ms: number, fn: () => void): () => void {
  if (clock.kind === 'manual') {
    let due = clock.now() + ms;
    return clock.onAdvance((now) => {
      if (now < due) return;
      due = now + ms;
      fn();
    });
  }
  const timer = setInterval(fn, ms);
  timer.unref();
  return () => clearInterval(timer);
}
