import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../../test/helpers/receiver.js';
import { TestServer } from '../../test/helpers/server.js';
import { verifyWebhook, WebhookVerificationError } from '../src/index.js';
import { client, orderOf, setPrice } from './support.js';

/** verifyWebhook on a real delivery of a started server, and on its forgeries. */
let s: TestServer;
let rcv: WebhookReceiver;
beforeAll(async () => {
  s = await TestServer.start();
  rcv = await WebhookReceiver.start();
  await setPrice(s, 'BTC-USD', '60000', '60001', '60000.5');
});
afterAll(async () => {
  await s.close();
  await rcv.close();
});

describe('verifyWebhook', () => {
  it("checks a real delivery signed with the endpoint's secret, as the Standard Webhooks library does; refuses forgeries", async () => {
    const t = await s.trader();
    const { rampart } = client(s, t.key);
    const hook = await rampart.webhooks.create({ url: rcv.url, account_id: t.accountId });
    expect(hook.secret).toMatch(/^whsec_/);
    const order = await rampart.orders.place(t.accountId, { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000' });
    await s.settleTrading();
    await s.drainWebhooks();
    expect(rcv.accepted.length).toBeGreaterThan(0);
    const { body, headers } = rcv.accepted[0]!;

    const event = verifyWebhook(body, headers, hook.secret);
    expect(event.type).toBe('order.created');
    expect(orderOf(event)).toBe(order.id);
    expect(event.id).toBe(headers['webhook-id']);
    // The same as the reference library, and from a Headers object or bytes too.
    expect(event).toEqual(new Webhook(hook.secret).verify(body, headers as Record<string, string>));
    const h = new Headers(Object.entries(headers).filter((e): e is [string, string] => typeof e[1] === 'string'));
    expect(verifyWebhook(new TextEncoder().encode(body), h, hook.secret)).toEqual(event);

    const refused = (f: () => unknown, why: RegExp) => expect(f).toThrow(expect.objectContaining({ name: 'WebhookVerificationError', message: expect.stringMatching(why) }));
    refused(() => verifyWebhook(body.replace('"0.01"', '"1"'), headers, hook.secret), /no webhook-signature matches/);
    refused(() => verifyWebhook(body, headers, `whsec_${Buffer.alloc(32, 1).toString('base64')}`), /no webhook-signature matches/);
    refused(() => verifyWebhook(body, { ...headers, 'webhook-id': 'evt_test_forged' }, hook.secret), /no webhook-signature matches/);
    refused(() => verifyWebhook(body, { ...headers, 'webhook-signature': undefined }, hook.secret), /missing/);
    const sent = Number(headers['webhook-timestamp']) * 1000;
    refused(() => verifyWebhook(body, headers, hook.secret, { now: sent + 301_000 }), /tolerance/);
    expect(verifyWebhook(body, headers, hook.secret, { now: sent + 299_000 })).toEqual(event);
    expect(() => verifyWebhook(body, headers, 'whsec_AAAA')).toThrow(WebhookVerificationError);
  });
});
