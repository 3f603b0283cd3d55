/** All time in Rampart comes from a Clock, so tests can move it (RAMPART_CLOCK=manual). */
export interface Clock {
  now(): number;
  readonly kind: 'system' | 'manual';
  /** Called after the time moves (manual clock only), so expiries and rollovers can be judged. */
  onAdvance(listener: (now: number) => void): () => void;
}

export class SystemClock implements Clock {
  readonly kind = 'system' as const;
  now(): number {
    return Date.now();
  }
  onAdvance(): () => void {
    return () => undefined;
  }
}

export class ManualClock implements Clock {
  readonly kind = 'manual' as const;
  private current: number;
  private readonly listeners = new Set<(now: number) => void>();

  constructor(start: number) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  /** Moves the clock; it never goes back (expiries and rollovers already judged stay judged). */
  set(now: number): boolean {
    if (!Number.isSafeInteger(now) || now < this.current) return false;
    this.current = now;
    for (const l of this.listeners) l(now);
    return true;
  }

  advance(ms: number): boolean {
    return this.set(this.current + ms);
  }

  onAdvance(listener: (now: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
