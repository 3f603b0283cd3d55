import type { Dec } from '../engine/decimal.js';

/**
 * Why a quote exists, kept with it so the tick record can explain a fill: which feed made it and, for the
 * exchanges' composite, which sources it was made of and which were set aside (and why).
 */
export interface QuoteOrigin {
  /** `composite` (exchanges), `simulated`, `replay`, `operator` (a manual price). */
  readonly source: string;
  /** Composite only: the sources whose prices the median was taken of. */
  readonly used?: readonly string[];
  /** Composite only: fresh sources left out, with the reason (`strays_from_median`). */
  readonly setAside?: readonly { readonly source: string; readonly reason: string }[];
}

/**
 * One row of the tick record (`GET /admin/v1/markets/{market}/ticks`):
 * - `quote`: a quote the engine acted on (what reached the QuoteBook), with its origin;
 * - `source`: one exchange message's prices for the market, with the raw message.
 */
export type TickRecord =
  | {
      readonly kind: 'quote';
      readonly market: string;
      readonly time: number;
      readonly bid: Dec;
      readonly ask: Dec;
      readonly last: Dec;
      readonly origin: QuoteOrigin;
    }
  | {
      readonly kind: 'source';
      readonly market: string;
      /** Clock time the message arrived. */
      readonly time: number;
      readonly source: string;
      readonly bid: Dec;
      readonly ask: Dec;
      readonly last: Dec;
      readonly exchangeTime: number | null;
      readonly raw: string;
    };

/** Where ticks go to be recorded (batched to the store off the hot path; a full buffer drops and counts). */
export interface TickSink {
  record(tick: TickRecord): void;
}
