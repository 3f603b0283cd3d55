// Places a limit buy with a take-profit and a stop-loss attached, then moves the take-profit.
//   RAMPART_API_KEY=rk_test_… RAMPART_BASE_URL=http://127.0.0.1:8081 node --import tsx sdk/examples/place-with-exits.ts
// Prices and sizes are decimal strings, in and out: never numbers.
import { RampartError, RuleRejectionError } from '../src/index.js';
import { accountId, fromEnv } from './env.js';

const rampart = fromEnv();
const account = await accountId(rampart);
const market = process.env.RAMPART_MARKET ?? 'BTC-USD';
const { last, tick_size: tick } = await rampart.markets.get(market);
if (last === null) throw new Error(`${market} has no price yet`);

// A limit 1% under the last price, a take-profit 2% over it and a stop-loss 3% under, on the market's tick.
const at = (percent: bigint) => onTick(last, tick, percent);

try {
  const order = await rampart.orders.place(account, {
    market,
    side: 'buy',
    type: 'limit',
    size: process.env.RAMPART_SIZE ?? '0.01',
    limit_price: at(99n),
    take_profit: { price: at(102n) },
    stop_loss: { price: at(97n) },
  });
  console.log(`placed ${order.id} ${order.status} buy ${order.size} ${market} @ ${order.limit_price}`);
  for (const exit of order.exits ?? []) console.log(`  exit ${exit.kind} @ ${exit.price ?? exit.trigger_price ?? '-'}`);

  const edited = await rampart.orders.edit(account, order.id, { exits: { take_profit: { price: at(103n) } } });
  console.log(`edited ${edited.id}: take-profit now @ ${(edited.exits ?? []).find((e) => e.kind === 'take_profit')?.price}`);
} catch (err) {
  if (err instanceof RuleRejectionError) console.error(`refused by a rule: ${err.code} ${JSON.stringify(err.details)}`);
  else if (err instanceof RampartError) console.error(`${err.name} ${err.code} (request ${err.requestId}): ${err.message}`);
  throw err;
}

/** `price` × percent / 100, rounded down to a whole number of ticks, in exact decimal arithmetic (bigint). */
function onTick(price: string, tickSize: string, percent: bigint): string {
  const scale = Math.max(decimals(price), decimals(tickSize));
  const units = (v: string) => BigInt(v.replace('.', '') + '0'.repeat(scale - decimals(v)));
  const t = units(tickSize);
  const ticks = (units(price) * percent) / 100n / t;
  const v = (ticks * t).toString().padStart(scale + 1, '0');
  return scale === 0 ? v : `${v.slice(0, -scale)}.${v.slice(-scale)}`.replace(/\.?0+$/, '');
}
function decimals(v: string): number {
  return v.includes('.') ? v.length - v.indexOf('.') - 1 : 0;
}
