import { ApiError } from '../errors/api-error.js';
import type { Clock } from '../engine/clock.js';
import { randomBase62 } from '../kernel/ids.js';
import type { Store } from '../store/port.js';

/**
 * The news calendar (docs/RULES.md "News windows"): the operator's list of scheduled releases, each with the markets
 * it moves (null: all) and the minutes before and after it during which a rule with `news` refuses trading. Kept in
 * the store, one setting per window (`news:<id>`), so two operators adding at once on two nodes both keep theirs;
 * each node holds the list in memory, read again when another node changes it (the admin API tells every node at
 * once) and every `RELOAD_MS` (a change made with the CLI, which talks to the store alone).
 */
export interface NewsWindow {
  id: string;
  title: string;
  /** When the release is, Unix ms. */
  at: number;
  markets: string[] | null;
  minutes_before: number;
  minutes_after: number;
  /** The window: [from, until), Unix ms. */
  from: number;
  until: number;
  created_at: number;
}

export interface NewsInput {
  title: string;
  at: number;
  markets?: string[] | null | undefined;
  minutes_before: number;
  minutes_after: number;
}

/** The part of a window the engine refuses by. */
export type NewsSpan = Pick<NewsWindow, 'id' | 'title' | 'from' | 'until'>;

const PREFIX = 'news:';
const MINUTE = 60_000;
/** How often a node reads the calendar again on its own (changes made with the CLI). */
export const NEWS_RELOAD_MS = 5_000;
/** The most windows kept: a calendar is a few releases a day. */
export const NEWS_MAX = 1_000;

export class NewsService {
  private windows: NewsWindow[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: Pick<Store, 'listSettings' | 'transaction'>,
    private readonly clock: Clock,
    private readonly marketIds: ReadonlySet<string>,
  ) {}

  async load(): Promise<void> {
    const rows = await this.store.listSettings(PREFIX);
    this.windows = rows.map((r) => JSON.parse(r.value) as NewsWindow).sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
  }

  /** Reads the calendar again every NEWS_RELOAD_MS (changes made with the CLI reach a running node so). */
  start(): void {
    this.timer ??= setInterval(() => void this.load().catch(() => undefined), NEWS_RELOAD_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** The windows, by time; with `from` / `to`, those whose window overlaps [from, to). */
  list(range: { from?: number | undefined; to?: number | undefined } = {}): NewsWindow[] {
    return this.windows.filter((w) => (range.from === undefined || w.until > range.from) && (range.to === undefined || w.from < range.to));
  }

  /** The window in force on the market at t, if any (the one that ends last when several overlap). */
  activeAt(market: string, t: number): NewsSpan | null {
    let hit: NewsWindow | null = null;
    for (const w of this.windows) {
      if (w.from <= t && t < w.until && (w.markets === null || w.markets.includes(market)) && (hit === null || w.until > hit.until)) hit = w;
    }
    return hit ? { id: hit.id, title: hit.title, from: hit.from, until: hit.until } : null;
  }

  async add(input: NewsInput): Promise<NewsWindow> {
    const markets = input.markets ?? null;
    if (markets !== null) {
      if (markets.length === 0) throw new ApiError('invalid_request', { message: 'markets must name at least one market, or be null for all', details: { field: 'markets' } });
      const unknown = markets.find((m) => !this.marketIds.has(m));
      if (unknown !== undefined) throw new ApiError('market_not_found', { details: { market: unknown } });
    }
    if (this.windows.length >= NEWS_MAX) {
      throw new ApiError('invalid_request', { message: `The calendar holds at most ${NEWS_MAX} windows: remove past ones first`, details: { field: 'at' } });
    }
    const w: NewsWindow = {
      id: `news_${randomBase62(16)}`,
      title: input.title,
      at: input.at,
      markets: markets === null ? null : [...new Set(markets)].sort(),
      minutes_before: input.minutes_before,
      minutes_after: input.minutes_after,
      from: input.at - input.minutes_before * MINUTE,
      until: input.at + input.minutes_after * MINUTE,
      created_at: this.clock.now(),
    };
    await this.store.transaction((tx) => tx.setSetting(PREFIX + w.id, JSON.stringify(w)));
    await this.load();
    return w;
  }

  async remove(id: string): Promise<NewsWindow> {
    await this.load();
    const w = this.windows.find((x) => x.id === id);
    const removed = w ? await this.store.transaction((tx) => tx.deleteSetting(PREFIX + id)) : false;
    await this.load();
    if (!w || !removed) throw new ApiError('route_not_found', { message: `No news window ${id}.` });
    return w;
  }
}
