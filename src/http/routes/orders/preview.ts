import { PlaceBody, Preview } from '../../schemas/orders.js';
import { defineRoute } from '../../route.js';
import { AccountParams, ask, fencesOf } from './shared.js';

export default defineRoute({
  method: 'POST',
  url: '/v1/accounts/:account_id/orders/test',
  operationId: 'previewOrder',
  summary: 'Preview an order: outcome, price, fee, margin, position after, exposure room, risk at the stop. Sends nothing.',
  description:
    'Runs every check of an order without sending it: the outcome (would fill, rest or be rejected, with the rejection), the price, fee, margin required and left, the position after, the exposure room, and the loss at the stop with the account rule\'s limit per trade. Takes the body of an order with its exits (take_profit, stop_loss, break_even are judged as they would be). Allowed to read keys.',
  tags: ['orders'],
  access: 'read',
  errors: ['invalid_size_step', 'invalid_price_tick', 'account_not_found', 'market_not_found', 'account_not_ready', 'state_unavailable', 'stale_quote', 'no_price'],
  schema: { params: AccountParams, body: PlaceBody, response: { 200: Preview } },
  handler: async ({ accounts, engine, markets, principal, params, body, environment }) => {
    const account = await accounts.reachable(params.account_id, principal.customer.id, environment);
    accounts.assertOpen(account);
    markets.require(body.market);
    const { take_profit, stop_loss, break_even, ...order } = body;
    const exits = take_profit || stop_loss || break_even ? { take_profit, stop_loss, break_even } : null;
    return ask(engine, environment, { kind: 'preview', account_id: account.id, order, exits, fences: fencesOf(principal) });
  },
});
