import type { Dec } from '../../engine/decimal.js';
import type { ConnectionOptions, SourceConfig } from '../../config/feeds.js';

// A source's settings are read with config/feeds.json (src/config/feeds.ts); the adapters take them from here.
export type { ConnectionOptions, SourceConfig };

/**
 * One exchange connection's view of one of our markets: the latest best bid, best ask and last trade it reported,
 * with the message that carried it. Adapters (src/feed/exchanges/<exchange>.ts) make these; the composite
 * (src/feed/composite.ts) turns the sources' ticks into the quote the engine acts on.
 */
export interface SourceTick {
  /** The source's id in config/feeds.json (two sources may speak the same exchange's protocol). */
  readonly source: string;
  /** Our market id (BTC-USD), mapped from the exchange's symbol by the source's `markets`. */
  readonly market: string;
  readonly bid: Dec;
  readonly ask: Dec;
  /** The last trade; an adapter that has seen no trade yet reports the mid of bid and ask. */
  readonly last: Dec;
  /** The exchange's own time of the event (ms since epoch), when the message carries one. */
  readonly exchangeTime: number | null;
  /** Clock time the message arrived (the engine's Clock, never Date.now()). */
  readonly received: number;
  /** The raw message text (or the part of it about this market), kept for the tick record. */
  readonly raw: string;
}

/** Connection state of a source, as /v1/status reports it. */
export type SourceState = 'connecting' | 'connected' | 'reconnecting' | 'stopped';

/** Something an adapter tells beside prices: connection changes, a sequence gap, a message it could not read. */
export type SourceEvent =
  | {
      readonly kind: 'state';
      readonly source: string;
      readonly state: SourceState;
      readonly attempt: number;
      readonly delayMs?: number;
      /** On 'reconnecting': why the connection was left (closed by the peer or an error, silence, a sequence gap). */
      readonly reason?: 'closed' | 'silence' | 'gap' | 'stopped';
    }
  | { readonly kind: 'gap'; readonly source: string; readonly market: string; readonly expected: number; readonly got: number }
  | { readonly kind: 'garbled'; readonly source: string; readonly reason: string; readonly raw: string }
  /** The exchange said the market is alive (heartbeat) without a price change: the source's quote stays fresh. */
  | { readonly kind: 'alive'; readonly source: string; readonly market: string; readonly received: number };

/** One live exchange connection: start connects (and keeps reconnecting until stop). */
export interface ExchangeSource {
  readonly config: SourceConfig;
  readonly state: SourceState;
  start(): void;
  stop(): Promise<void>;
}

export interface SourceHandlers {
  onTick(tick: SourceTick): void;
  onEvent(event: SourceEvent): void;
}
