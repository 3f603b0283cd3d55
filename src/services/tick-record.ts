import type { Clock } from '../engine/clock.js';
import { ApiError } from '../errors/api-error.js';
import type { TickLog } from '../feed/tick-recorder.js';
import type { Store, TickRow } from '../store/port.js';
import type { MarketService } from './markets.js';

/** A tick as GET /admin/v1/markets/{market}/ticks shows it: the stored row, its JSON columns parsed. */
export interface TickView extends Omit<TickRow, 'used' | 'set_aside'> {
  used: string[] | null;
  set_aside: { source: string; reason: string }[] | null;
}

export interface TickPage {
  data: TickView[];
  next_cursor: string | null;
  has_more: boolean;
}

/** A cursor is the (time, id) of the last row shown: the page goes on after it in the list's order. */
const CURSOR_RE = /^(\d{1,15})-(\d{1,15})$/;

const view = (r: TickRow): TickView => ({
  ...r,
  used: r.used === null ? null : (JSON.parse(r.used) as string[]),
  set_aside: r.set_aside === null ? null : (JSON.parse(r.set_aside) as TickView['set_aside']),
});

/** Reads of the tick record for the operator (src/feed/tick-recorder.ts writes it). */
export class TickRecordService {
  constructor(
    private readonly store: Pick<Store, 'listTicks'>,
    private readonly markets: MarketService,
    private readonly clock: Clock,
    private readonly tickLog: TickLog,
  ) {}

  /** A market's ticks with from ≤ time ≤ to (to: now by the Clock), oldest first, after the cursor. */
  async list(market: string, q: { from: number; to?: number | undefined; limit: number; cursor?: string | undefined }): Promise<TickPage> {
    this.markets.require(market);
    const to = q.to ?? this.clock.now();
    if (to < q.from) throw new ApiError('invalid_request', { message: 'to must not be before from', details: { field: 'to' } });
    let after: { time: number; id: number } | undefined;
    if (q.cursor !== undefined) {
      const m = CURSOR_RE.exec(q.cursor);
      if (!m) throw new ApiError('invalid_cursor', { details: { cursor: q.cursor } });
      after = { time: Number(m[1]), id: Number(m[2]) };
    }
    // What this node recorded is written first: a price set through this node is listed by the next call to it.
    await this.tickLog.flush();
    const rows = await this.store.listTicks({ market, from: q.from, to, ...(after ? { after } : {}), limit: q.limit + 1 });
    const shown = rows.slice(0, q.limit);
    const hasMore = rows.length > q.limit;
    const lastShown = shown.at(-1);
    return { data: shown.map(view), next_cursor: hasMore && lastShown ? `${lastShown.time}-${lastShown.id}` : null, has_more: hasMore };
  }
}
