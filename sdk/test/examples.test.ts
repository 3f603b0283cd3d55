import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/helpers/server.js';
import { client, pricedServer } from './support.js';

/** The examples of sdk/examples, run as a trader would (`node --import tsx sdk/examples/…`) against a started server. */
const root = resolve(import.meta.dirname, '../..');
let s: TestServer;
let t: Awaited<ReturnType<TestServer['trader']>>;
const children: ChildProcess[] = [];

beforeAll(async () => {
  s = await pricedServer();
  t = await s.trader();
});
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill();
});
afterAll(async () => {
  await s.close();
});

interface Run {
  out: string[];
  err: string[];
  exited: Promise<number | null>;
  line: (re: RegExp) => Promise<string>;
}

function example(name: string, env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', `sdk/examples/${name}`], {
    cwd: root,
    env: { ...process.env, RAMPART_API_KEY: t.key, RAMPART_BASE_URL: s.url.sandbox, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const run: Run = { out: [], err: [], exited: new Promise((done) => child.once('exit', (code) => done(code))), line: () => Promise.resolve('') };
  const waiters: (() => void)[] = [];
  const take = (into: string[]) => (chunk: Buffer) => {
    into.push(...String(chunk).split('\n').filter((l) => l !== ''));
    for (const w of waiters.splice(0)) w();
  };
  child.stdout!.on('data', take(run.out));
  child.stderr!.on('data', take(run.err));
  run.line = async (re) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const hit = run.out.find((l) => re.test(l));
      if (hit) return hit;
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${name}: no line ${re} in ${JSON.stringify(run.out)}; stderr ${run.err.join('\n')}`);
      await new Promise<void>((r) => {
        const timer = setTimeout(r, 100);
        waiters.push(() => {
          clearTimeout(timer);
          r();
        });
      });
    }
  };
  return run;
}

describe('sdk/examples', { timeout: 60_000 }, () => {
  it('place-with-exits.ts places a limit buy with a take-profit and a stop-loss, then moves the take-profit', async () => {
    const run = example('place-with-exits.ts');
    expect(await run.exited, run.err.join('\n')).toBe(0);
    const placed = run.out.find((l) => l.startsWith('placed '))!;
    expect(placed).toMatch(/^placed \S+ working buy 0\.01 BTC-USD @ 59400(\.\d+)?$/);
    const id = placed.split(' ')[1]!;
    const order = await client(s, t.key).rampart.orders.get(t.accountId, id);
    // 1% under 60000.5 is 59400.495, down to the 0.5 tick; the take-profit moved from 2% over to 3% over.
    expect(order.exits.map((e) => [e.kind, e.price])).toEqual([
      ['take_profit', '61800.5'],
      ['stop_loss', '58200'],
    ]);
    expect(run.out).toContain('  exit take_profit @ 61200.5');
    expect(run.out).toContain(`edited ${id}: take-profit now @ 61800.5`);
  });

  it('follow-stream.ts prints the events as they happen', async () => {
    const run = example('follow-stream.ts', { RAMPART_MAX_EVENTS: '1' });
    await run.line(/^following /);
    for (let i = 0; i < 200 && s.streamCount(t.accountId) === 0; i++) await new Promise((r) => setTimeout(r, 25));
    const order = await client(s, t.key).rampart.orders.place(t.accountId, { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.02', limit_price: '59000' });
    expect(await run.exited, run.err.join('\n')).toBe(0);
    expect(run.out).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^evt_test_\\S+ order\\.created ${order.id} buy 0\\.02 BTC-USD @ 59000 \\(working\\)$`))]));
    expect(run.out.at(-1)).toMatch(/^stopped after evt_test_/);
  });

  it('verify-webhook.ts registers its endpoint and verifies the deliveries', async () => {
    const run = example('verify-webhook.ts', { RAMPART_WEBHOOK_PORT: '0', RAMPART_MAX_EVENTS: '1' });
    await run.line(/^listening on /);
    expect(run.out[0]).toMatch(new RegExp(`^registered \\S+ for ${t.accountId}$`));
    await client(s, t.key).rampart.orders.place(t.accountId, { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.03', limit_price: '59000' });
    await s.settleTrading();
    await s.drainWebhooks();
    expect(await run.exited, run.err.join('\n')).toBe(0);
    expect(run.out).toEqual(expect.arrayContaining([expect.stringMatching(/^verified evt_test_\S+ order\.created$/)]));
  });
});
