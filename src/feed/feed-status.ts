import type { SourceState } from './exchanges/types.js';

/** A market the feed halted (its sources disagree), since Clock time `since`. */
export interface FeedHalt {
  readonly market: string;
  readonly reason: 'sources_disagree';
  readonly since: number;
}

/** One exchange source as GET /v1/status shows it. */
export interface SourceStatus {
  readonly id: string;
  readonly exchange: string;
  readonly state: SourceState;
  /** Clock time of its latest tick (any market), null before the first. */
  readonly last_tick_at: number | null;
  /** Markets whose composite leaves this source out (its price strays from the others'). */
  readonly set_aside: readonly string[];
  /** Markets it maps but has not been heard about for longer than their stale_after_ms. */
  readonly stale: readonly string[];
  /** Sequence gaps the adapter saw, messages it could not read (since the feed started). */
  readonly gaps: number;
  readonly garbled: number;
}

/** What the exchanges feed tells about itself: plain JSON, so a cluster op can carry it to the other nodes. */
export interface FeedSnapshot {
  readonly halts: readonly FeedHalt[];
  readonly sources: readonly SourceStatus[];
}

export const EMPTY_SNAPSHOT: FeedSnapshot = { halts: [], sources: [] };

/**
 * The feed's halts and sources as this node knows them: written by the feed where it runs, by the cluster op
 * 'feed' elsewhere. The market service overlays the halts on the operator's market states.
 */
export class FeedStatusBoard {
  private current: FeedSnapshot = EMPTY_SNAPSHOT;
  private halts = new Map<string, FeedHalt>();
  /** Where the feed runs in this process: its sources as they are now (last tick times change with every tick). */
  private live: (() => FeedSnapshot) | undefined;

  get snapshot(): FeedSnapshot {
    return this.live ? { halts: this.current.halts, sources: this.live().sources } : this.current;
  }

  /** The feed running here: the sources are read from it (undefined when it stops). */
  attach(live: (() => FeedSnapshot) | undefined): void {
    this.live = live;
  }

  set(snapshot: FeedSnapshot): void {
    this.current = snapshot;
    this.halts = new Map(snapshot.halts.map((h) => [h.market, h]));
  }

  halt(market: string): FeedHalt | undefined {
    return this.halts.get(market);
  }
}
