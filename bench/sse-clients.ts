// The stream benchmark's load generator, in its own process: CLIENTS Server-Sent Events connections spread over
// the accounts given, each parsing its events and timing them against the event's created_at (same machine, same
// wall clock). Prints {"ready":n} once every connection answered 200, and its figures as JSON when told "stop" on stdin.
import { Agent, request } from 'node:http';
import { sseBlocks } from './sse.js';

const base = process.env.SSE_URL!;
const key = process.env.SSE_KEY!;
const accounts = process.env.SSE_ACCOUNTS!.split(',');
const clients = Number(process.env.SSE_CLIENTS ?? 1000);

const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
const latencies: number[] = [];
let received = 0;
let ready = 0;
let failed = 0;

function open(accountId: string): void {
  const req = request(`${base}/v1/accounts/${accountId}/stream`, { agent, headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' } }, (res) => {
    if (res.statusCode !== 200) {
      failed++;
      res.resume();
      return;
    }
    ready++;
    if (ready === clients) process.stdout.write(`${JSON.stringify({ ready })}\n`);
    res.setEncoding('utf8');
    res.on(
      'data',
      sseBlocks((block) => {
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (!data || !block.includes('\nevent: ')) return;
        const event = JSON.parse(data.slice(6)) as { created_at?: number };
        if (typeof event.created_at === 'number') {
          latencies.push(Date.now() - event.created_at);
          received++;
        }
      }),
    );
  });
  req.on('error', () => failed++);
  req.end();
}

for (let i = 0; i < clients; i++) open(accounts[i % accounts.length]!);

process.stdin.setEncoding('utf8');
process.stdin.on('data', (text: string) => {
  if (!text.includes('stop')) return;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  process.stdout.write(`${JSON.stringify({ clients: ready, failed, received, p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? 0 })}\n`);
  process.exit(0);
});
