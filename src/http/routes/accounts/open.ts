import { Type } from 'typebox';
import { ApiError } from '../../../errors/api-error.js';
import { Account } from '../../schemas/resources.js';
import { defineRoute } from '../../route.js';

export default defineRoute({
  method: 'POST',
  url: '/v1/accounts',
  operationId: 'openAccount',
  summary: 'Open a sandbox account (202, pending, active within moments)',
  description:
    'Sandbox only. Opens a sandbox account, mirroring a product when `product` is given. Answers 202 with the account as created (`pending`) and a `Location` header; it becomes `active` within moments. Needs an Idempotency-Key.',
  tags: ['accounts'],
  access: 'trade',
  environments: ['sandbox'],
  idempotencyKey: true,
  responseHeaders: { 202: ['Location'] },
  optionalBody: true,
  errors: ['sandbox_limit_reached', 'sandbox_opening', 'sandbox_disabled', 'temporarily_unavailable', 'state_unavailable'],
  schema: {
    body: Type.Object(
      { product: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: "Mirror this product's size, balance and rule" })) },
      { additionalProperties: false },
    ),
    response: { 202: Account },
  },
  handler: async ({ accounts, environments, opener, principal, body, request, reply, idempotency }) => {
    if (body.product !== undefined) accounts.requireProduct(body.product);
    const answer = await idempotency.run(request, reply, principal, async (tx) => {
      // Checked inside: a retry of an open that already succeeded gets its account, not 503.
      if (!environments.get('sandbox').sandbox_opening) throw new ApiError('sandbox_disabled');
      const pending = await accounts.sandboxOpening(tx, principal.customer.id);
      if (pending) throw new ApiError('sandbox_opening', { details: { account_id: pending.id } });
      const account = await accounts.openSandbox(tx, principal.customer, body.product);
      // The account as created (pending): the account opener may open it before the answer leaves, once the batch is
      // on disk; the 202 says pending, and so does its body. A replay renders the account as it is then.
      return { status: 202, kind: 'account', id: account.id, view: accounts.view(account) };
    });
    opener.kick();
    reply.header('Location', `/v1/accounts/${(answer as { id: string }).id}`);
    return answer;
  },
});
