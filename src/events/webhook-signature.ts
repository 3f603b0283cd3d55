import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks secrets: `whsec_` and the base64 of the HMAC key. */
const PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}

/** `webhook-signature`: `v1,` and the base64 HMAC-SHA256 over `id.timestamp.body`, keyed by the secret's bytes. */
export function webhookSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}
