// Receives Rampart's webhooks and verifies each before trusting it. Registers its own endpoint unless
// RAMPART_WEBHOOK_SECRET is given (then it only verifies, for an endpoint registered before).
//   RAMPART_API_KEY=rk_test_… RAMPART_BASE_URL=http://127.0.0.1:8081 node --import tsx sdk/examples/verify-webhook.ts
// RAMPART_WEBHOOK_PORT (default 4000), RAMPART_WEBHOOK_URL (default http://127.0.0.1:<port>/hooks: a sandbox may
// deliver to this machine, live needs a public https address), RAMPART_MAX_EVENTS=n stops after n deliveries.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, WebhookVerificationError } from '../src/index.js';
import { accountId, fromEnv } from './env.js';

const max = Number(process.env.RAMPART_MAX_EVENTS ?? Infinity);
let secret = process.env.RAMPART_WEBHOOK_SECRET;
let seen = 0;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    try {
      // The raw body, exactly as received: verify first, parse after.
      const event = verifyWebhook(Buffer.concat(chunks), req.headers, secret!);
      console.log(`verified ${event.id} ${event.type}`);
      res.writeHead(204).end();
      if (++seen >= max) server.close();
    } catch (err) {
      if (!(err instanceof WebhookVerificationError)) throw err;
      console.error(`refused a delivery: ${err.message}`);
      res.writeHead(400).end();
    }
  });
});
await new Promise<void>((resolve) => server.listen(Number(process.env.RAMPART_WEBHOOK_PORT ?? 4000), '127.0.0.1', resolve));
const url = process.env.RAMPART_WEBHOOK_URL ?? `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;

if (!secret) {
  const rampart = fromEnv();
  const account = await accountId(rampart);
  const endpoint = await rampart.webhooks.create({ url, account_id: account });
  // The secret is shown only in this answer: a real receiver stores it (as a secret) now.
  secret = endpoint.secret;
  console.log(`registered ${endpoint.id} for ${account}`);
}
console.log(`listening on ${url}`);
