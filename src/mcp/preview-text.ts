/** The parts of an order preview (POST …/orders/test) the write tools put in words. */
export interface Preview {
  outcome: 'would_fill' | 'would_rest' | 'would_reject';
  reject: { code: string; message: string } | null;
  side: string;
  size: string | null;
  market: string;
  price: { price: string | null };
  fee: string | null;
  margin: { required: string | null; remaining: string | null };
  risk_at_stop?: { stop_price: string; risk_usd: string; max_risk_usd: string | null } | null;
  rule_impact?: { breaches: { rule: string; by_usd: string }[]; breach_prices: { rule: string; price: string | null }[] } | null;
}

const RULE_NAMES: Record<string, string> = { daily_loss: 'the daily loss limit', drawdown: 'the drawdown floor' };

/** A preview in one paragraph: fill or rest, fee and margin, the loss at the stop, what the account rule would say. */
export function describePreview(p: Preview, exits: string[]): string {
  if (p.outcome === 'would_reject') return `Rampart would refuse this order: ${p.reject?.code} (${p.reject?.message}).`;
  const how = p.outcome === 'would_fill' ? `fill now at about ${p.price.price ?? 'the market price'}` : 'rest on the book';
  const withExits = exits.length ? `, with ${exits.join(', ')} attached` : '';
  const r = p.risk_at_stop;
  const risk = r ? ` Loss at the stop ${r.stop_price}: ${r.risk_usd} USD${r.max_risk_usd !== null ? ` (the account allows ${r.max_risk_usd} per trade)` : ''}.` : '';
  const impact = p.rule_impact;
  const now = impact?.breaches.length ? ` It would reach ${impact.breaches.map((b) => `${RULE_NAMES[b.rule] ?? b.rule} at once (by ${b.by_usd} USD)`).join(' and ')}.` : '';
  const at = impact?.breach_prices.filter((b) => b.price !== null).map((b) => `${RULE_NAMES[b.rule] ?? b.rule} at ${p.market} ${b.price}`) ?? [];
  const prices = at.length ? ` The position after it reaches ${at.join(', ')}.` : '';
  return `${p.side} ${p.size ?? '?'} ${p.market}: would ${how}${withExits}; fee ${p.fee ?? '0'}, margin ${p.margin.required ?? '0'} USD (left after: ${p.margin.remaining ?? '?'}).${risk}${now}${prices}`;
}
