import { settingOf } from '../../../engine/book.js';
import { fmt, fmtMoney, max, parseDec, roundMoney, sub, ZERO } from '../../../engine/decimal.js';
import { rejectionToError, type Rejection } from '../../../errors/api-error.js';
import { CODES } from '../../../errors/codes.js';
import { Preview, PreviewBody } from '../../schemas/orders.js';
import { defineRoute } from '../../route.js';
import { AccountParams, fencesOf } from './shared.js';

export default defineRoute({
  method: 'POST',
  url: '/v1/accounts/:account_id/orders/test',
  operationId: 'previewOrder',
  summary: 'Preview an order: outcome, price, fee, margin, position after, exposure room. Sends nothing.',
  description:
    'Runs every check of an order without sending it: the outcome (would fill, rest or be rejected, with the rejection), the price, fee, margin required and left, the position after and the exposure room. Allowed to read keys.',
  tags: ['orders'],
  access: 'read',
  errors: ['invalid_size_step', 'invalid_price_tick', 'account_not_found', 'market_not_found', 'account_not_ready', 'state_unavailable', 'stale_quote', 'no_price'],
  schema: { params: AccountParams, body: PreviewBody, response: { 200: Preview } },
  handler: async ({ rampart, principal, params, body, environment }) => {
    const account = await rampart.accounts.reachable(params.account_id, principal.customer.id, environment);
    rampart.accounts.assertOpen(account);
    rampart.markets.require(body.market);
    const book = rampart.trading.ensureBook(account);
    const engine = rampart.trading.engine(environment);
    const m = rampart.trading.specs.get(body.market)!;
    const figures = engine.figures(book);
    const now = rampart.clock.now();
    const tradable: Rejection | null =
      account.status === 'active' ? null : { code: 'account_not_tradable', details: { account_id: account.id, status: account.status, reason: account.status_reason ?? account.status } };
    const ev = tradable
      ? { ok: false as const, rejection: tradable }
      : engine.evaluate({ accountId: account.id, body, exits: null, actor: { keyId: null, fences: fencesOf(principal), origin: 'api' }, now });
    const base = { market: body.market, side: body.side, type: body.type };
    if (!ev.ok) {
      const { status } = CODES[ev.rejection.code];
      // Malformed requests and unavailable prices are errors here too; rule refusals are the preview's answer.
      if (status !== 422) throw rejectionToError(ev.rejection);
      const err = rejectionToError(ev.rejection);
      // Nothing would change: the answer shows the account as it is (its setting, position and exposure).
      const setting = settingOf(book, m);
      const held = book.positions.get(m.id);
      const exposure = engine.exposureOf(account.id, m.id) ?? { cap: m.exposureCap, open: ZERO };
      const open = roundMoney(exposure.open);
      const asked = body.size === undefined ? undefined : parseDec(body.size);
      return {
        outcome: 'would_reject',
        reject: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) },
        ...base,
        size: asked === undefined ? null : fmt(asked),
        price: { fills_immediately: false, price: null, worst_price: null },
        value_usd: null,
        fee: null,
        margin: { mode: setting.mode, leverage: setting.leverage, required: null, available: fmtMoney(figures.available), remaining: null },
        position_after: held ? { size: fmt(held.size), side: held.side, entry_price: fmtMoney(held.entryPrice) } : null,
        exposure: { cap_usd: fmt(exposure.cap), open_usd: fmt(open), room_usd: fmt(max(ZERO, sub(exposure.cap, open))) },
      };
    }
    const v = ev.value;
    const p = v.priced;
    const exposureOpen = roundMoney(v.exposure.open);
    return {
      outcome: p.immediate !== null ? 'would_fill' : p.expiresUnfilled ? 'would_reject' : 'would_rest',
      reject: p.expiresUnfilled ? { code: 'order_rejected', message: 'An ioc or fok order that cannot fill at once would end expired.', details: { reason: 'would_expire' } } : null,
      ...base,
      size: fmt(p.size),
      price: { fills_immediately: p.immediate !== null, price: fmt(p.immediate ?? p.limitPrice ?? p.stopPrice ?? p.valuePrice), worst_price: p.worstPrice === null ? null : fmt(p.worstPrice) },
      value_usd: fmt(roundMoney(p.notional)),
      fee: fmt(v.fee),
      margin: {
        mode: v.mode,
        leverage: v.leverage,
        required: fmt(roundMoney(v.required)),
        available: fmt(roundMoney(v.before.available)),
        remaining: fmt(roundMoney(sub(v.before.available, v.required))),
      },
      position_after: v.positionAfter ? { size: fmt(v.positionAfter.size), side: v.positionAfter.side, entry_price: fmtMoney(v.positionAfter.entryPrice) } : null,
      exposure: { cap_usd: fmt(v.exposure.cap), open_usd: fmt(exposureOpen), room_usd: fmt(max(ZERO, sub(v.exposure.cap, exposureOpen))) },
    };
  },
});
