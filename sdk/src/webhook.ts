// Webhook verification, as Rampart signs its deliveries (Standard Webhooks): `webhook-signature` holds `v1,` and
// the base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`, keyed by the bytes of the whsec_ secret.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Event } from './types.js';

/** The delivery is not from Rampart, was changed, or is too old or too new. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

export interface VerifyOptions {
  /** How far the delivery's timestamp may be from now, in seconds (default 300), against replays. */
  toleranceSeconds?: number;
  /** Now, in ms since the epoch (default Date.now()). */
  now?: number;
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const rec = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(rec).find((k) => k.toLowerCase() === name);
  const v = key === undefined ? undefined : rec[key];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Checks a delivery and gives its event. `payload` is the raw body as received (verify before any JSON parse: a
 * re-serialized body does not match), `headers` the request's (a Headers, or Node's req.headers), `secret` the
 * endpoint's whsec_ secret. Throws WebhookVerificationError when it does not check out.
 */
export function verifyWebhook(payload: string | Uint8Array, headers: HeaderSource, secret: string, options: VerifyOptions = {}): Event {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('missing webhook-id, webhook-timestamp or webhook-signature');
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('webhook-timestamp is not a number of seconds');
  const tolerance = options.toleranceSeconds ?? 300;
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > tolerance) throw new WebhookVerificationError('webhook-timestamp is outside the tolerance');
  const body = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  // Several signatures may be sent (space-separated) while a secret rotates: one matching is enough.
  const ok = signatures.split(' ').some((s) => {
    const [version, sig] = s.split(',', 2);
    if (version !== 'v1' || sig === undefined) return false;
    const given = Buffer.from(sig, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!ok) throw new WebhookVerificationError('no webhook-signature matches');
  return JSON.parse(body) as Event;
}
