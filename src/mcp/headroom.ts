/** One rule in force as the account view lists it (GET /v1/accounts/{id} `headroom`, docs/RULES.md). */
export interface RuleHeadroom {
  rule: string;
  unit: 'usd' | 'days';
  limit: string;
  value: string;
  headroom: string;
}

/** The parts of the account view (GET /v1/accounts/{id}) the tools state the limits from. */
export interface AccountView {
  id: string;
  status: string;
  product: string;
  equity: string;
  rule: { drawdown: { mode: string } | null };
  headroom: RuleHeadroom[];
}

/** How each rule reads in a sentence: the limit, the value now, the room left (the API's figures, not re-judged). */
function sentence(h: RuleHeadroom, a: AccountView): string {
  switch (h.rule) {
    case 'daily_loss':
      return `daily loss limit ${h.limit} USD (used ${h.value}, left today ${h.headroom})`;
    case 'drawdown':
      return `drawdown floor ${h.limit} USD equity (${h.headroom} USD away, ${a.rule.drawdown?.mode ?? ''} drawdown)`;
    case 'profit_target':
      return `profit target ${h.limit} USD (profit ${h.value}, ${h.headroom} to go)`;
    case 'consistency':
      return `best day at most ${h.limit} USD (best day so far ${h.value})`;
    case 'min_profitable_days':
      return `profitable days ${h.limit} (done ${h.value})`;
    case 'min_trading_days':
      return `min trading days ${h.limit} (done ${h.value})`;
    case 'inactivity_days':
      return `inactivity after ${h.limit} trading days without a fill (${h.value} so far, ${h.headroom} left)`;
    case 'inactivity_calendar_days':
      return `inactivity after ${h.limit} calendar days without a fill (${h.value} so far, ${h.headroom} left)`;
    case 'min_calendar_days':
      return `min calendar days ${h.limit} (counted ${h.value})`;
    default:
      return `${h.rule} limit ${h.limit} (value ${h.value}, headroom ${h.headroom})`;
  }
}

/** One line per account for tool descriptions: the limits an order must stay inside. */
export function ruleLine(a: AccountView): string {
  return [`account ${a.id} (${a.product}, ${a.status}, equity ${a.equity} USD)`, ...a.headroom.map((h) => sentence(h, a))].join('; ');
}
