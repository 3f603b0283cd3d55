import { Engine, type EngineOptions } from './engine.js';
import type { Book } from './book.js';
import type { Dec } from './decimal.js';
import { initialRuleState } from './rules.js';
import type { Rule } from '../schemas/common.js';
import type { MarketSpec, Quote } from './types.js';

/**
 * For tests and benchmarks: an engine on the given markets with quotes the test sets (`quotes`), markets open, no weekends,
 * sequential ids (`ord_1`, `fil_2`, …), caps of 1,000 per account and per customer unless `extra` says otherwise.
 */
export function testEngine(markets: readonly MarketSpec[], extra: Partial<EngineOptions> = {}) {
  const quotes = new Map<string, Quote>();
  let ids = 0;
  const engine = new Engine({
    markets: new Map(markets.map((m) => [m.id, m])),
    quote: (m) => quotes.get(m),
    marketState: () => ({ status: 'open', offered: true }),
    newId: (p) => `${p}_${++ids}`,
    isWeekend: () => false,
    caps: { perAccount: 1000, perCustomer: 1000 },
    ...extra,
  });
  return { engine, quotes };
}

/** For tests: an active account 'A' (customer 'c') with `balance` as its starting balance, judged on `rule` from `createdAt`. */
export function ruleBook(rule: Rule, balance: Dec, calendar: { dayStart(t: number): number }, createdAt: number): Book {
  return {
    id: 'A',
    customerId: 'c',
    product: 'p',
    status: 'active',
    balance,
    orders: new Map(),
    positions: new Map(),
    margin: new Map(),
    weekendAllowed: rule.weekend_allowed,
    rule,
    rules: initialRuleState(balance, balance, calendar.dayStart(createdAt)),
    startingBalance: balance,
    createdAt,
    pausedUntil: null,
    statusReason: null,
  };
}
