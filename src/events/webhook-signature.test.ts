import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, webhookSignature } from './webhook-signature.js';

describe('Standard Webhooks signing', () => {
  it('makes whsec_ secrets of 32 random bytes', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(a);
  });

  it('signs id.timestamp.body as the reference library does, and the library verifies it', () => {
    const secret = newWebhookSecret();
    const body = '{"id":"evt_test_000000000001","type":"order.created"}';
    const now = Math.floor(Date.now() / 1000);
    const signature = webhookSignature(secret, 'evt_test_000000000001', now, body);
    const wh = new Webhook(secret);
    expect(signature).toBe(wh.sign('evt_test_000000000001', new Date(now * 1000), body));
    const headers = { 'webhook-id': 'evt_test_000000000001', 'webhook-timestamp': String(now), 'webhook-signature': signature };
    expect(wh.verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => wh.verify(body.replace('created', 'filled'), headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });
});
