// Follows an account's events as they happen; after a dropped connection it resumes where it stopped
// (Last-Event-ID), so no event is missed or seen twice. Ctrl-C to stop.
//   RAMPART_API_KEY=rk_test_… RAMPART_BASE_URL=http://127.0.0.1:8081 node --import tsx sdk/examples/follow-stream.ts
// RAMPART_RESUME=<event id> starts after that event; RAMPART_MAX_EVENTS=n stops after n events.
import type { Event } from '../src/index.js';
import { accountId, fromEnv } from './env.js';

const rampart = fromEnv();
const account = await accountId(rampart);
const max = Number(process.env.RAMPART_MAX_EVENTS ?? Infinity);
const stream = rampart.events.stream(account, process.env.RAMPART_RESUME ? { resume: process.env.RAMPART_RESUME } : {});
process.once('SIGINT', () => stream.close());
console.log(`following ${account}`);

let seen = 0;
for await (const event of stream) {
  console.log(`${event.id} ${describe(event)}`);
  if (++seen >= max) break;
}
// Keep stream.lastEventId to resume from there next time.
console.log(`stopped after ${stream.lastEventId ?? 'no event'}`);

/** `data` narrows by `type`: an order, a fill, a position, the engine's restart, a soft rule breach, a rulebook move or a signal's alert. */
function describe(e: Event): string {
  switch (e.type) {
    case 'order.created':
    case 'order.edited':
    case 'order.filled':
    case 'order.canceled':
    case 'order.expired':
    case 'order.rejected':
      return `${e.type} ${e.data.id} ${e.data.side ?? ''} ${e.data.size} ${e.data.market} @ ${e.data.limit_price ?? e.data.stop_price ?? 'market'} (${e.data.status})`;
    case 'fill.created':
      return `${e.type} ${e.data.order_id} ${e.data.size} @ ${e.data.price}`;
    case 'position.opened':
    case 'position.changed':
    case 'position.closed':
      return `${e.type} ${e.data.market} ${e.data.size} @ ${e.data.entry_price}`;
    case 'engine.restarted':
      return `${e.type} (${e.data.canceled_orders} orders canceled)`;
    case 'account.rule_breach':
      return `${e.type} ${e.data.rule} ${e.data.status} (back within ${e.data.limit} by ${new Date(e.data.correct_by).toISOString()})`;
    case 'account.rule_version':
      return `${e.type} ${e.data.product} version ${e.data.from_version} → ${e.data.to_version}`;
    case 'signal.alert':
      return `${e.type} ${e.data.signal_id} ${e.data.action} ${e.data.market ?? 'every market'}: ${e.data.outcome}${e.data.code ? ` (${e.data.code})` : ''}`;
  }
}
