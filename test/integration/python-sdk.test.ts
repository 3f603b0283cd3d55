import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Rampart } from '../../sdk/src/index.js';
import { TEST_ADMIN_TOKEN, TestServer } from '../helpers/server.js';

/**
 * The Python SDK (python/) against a live Rampart: its pytest suite (unit tests on scripted answers, then the live
 * ones, on a Client and on an AsyncClient), each example of python/examples run as a trader would, and the first
 * Python block of python/README.md as written. Python is Debian's interpreter with Debian's httpx and pytest
 * (.ci/run installs them); without them this file says SKIPPED, or fails under CI=true.
 */
const root = resolve(import.meta.dirname, '../..');
const PYTHON = '/usr/bin/python3';

/** Why Debian's Python cannot run the SDK here, or undefined. */
function pythonMissing(): string | undefined {
  if (!existsSync(PYTHON)) return `${PYTHON} is not installed`;
  const r = spawnSync(PYTHON, ['-c', 'import httpx, pytest'], { encoding: 'utf8' });
  return r.status === 0 ? undefined : `${PYTHON} cannot import httpx and pytest (${r.stderr.trim().split('\n').at(-1)})`;
}

const missing = pythonMissing();
const skip = missing !== undefined && process.env.CI !== 'true';
if (skip) console.warn(`SKIPPED: the Python SDK's tests and examples: ${missing}; apt-get install python3-httpx python3-pytest, or set CI=true to fail instead`);

let s: TestServer;
let t: Awaited<ReturnType<TestServer['trader']>>;
const children: ChildProcess[] = [];

interface Run {
  /** The lines it printed so far. */
  out: () => string[];
  exited: Promise<number | null>;
  /** Everything it printed, for a failure's message. */
  output: () => string;
  line: (re: RegExp) => Promise<string>;
}

/** Python's environment: this checkout's package, no bytecode written into it, the live server's addresses. */
function pythonEnv(extra: Record<string, string>): Record<string, string> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined && !e[0].startsWith('PYTHON')));
  return {
    ...inherited,
    PYTHONDONTWRITEBYTECODE: '1',
    PYTHONPATH: join(root, 'python'),
    RAMPART_API_KEY: t.key,
    RAMPART_BASE_URL: s.url.sandbox,
    ...extra,
  };
}

/** Runs `/usr/bin/python3 args…` from the checkout's root. */
function python(args: string[], env: Record<string, string> = {}, input?: string): Run {
  const child = spawn(PYTHON, args, { cwd: root, env: pythonEnv(env), stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
  children.push(child);
  if (input !== undefined) child.stdin!.end(input);
  let stdout = '';
  let stderr = '';
  const lines = () => stdout.split('\n').filter((l) => l !== '');
  const run: Run = {
    out: lines,
    exited: new Promise((done) => child.once('exit', (code) => done(code))),
    output: () => `${args.join(' ')}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`,
    line: () => Promise.resolve(''),
  };
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += String(chunk);
    wake();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += String(chunk);
    wake();
  });
  run.line = async (re) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const hit = lines().find((l) => re.test(l));
      if (hit) return hit;
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no line ${re}:\n${run.output()}`);
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

const example = (name: string, env: Record<string, string> = {}) => python([`python/examples/${name}`], env);
const LIMIT_BUY = { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.02', limit_price: '59000' } as const;

describe('the Python SDK (python/)', () => {
  it.skipIf(skip)("has Debian's Python with httpx and pytest (apt-get install python3-httpx python3-pytest)", () => {
    expect(missing, `CI=true: ${missing}`).toBeUndefined();
  });
});

describe.skipIf(missing !== undefined)('the Python SDK against a live server', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    s = await TestServer.start();
    expect((await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' })).status).toBe(200);
    await s.settleTrading();
    t = await s.trader();
  });
  afterEach(() => {
    for (const c of children.splice(0)) if (c.exitCode === null) c.kill();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('passes its pytest suite: unit tests, then live ones on a Client and an AsyncClient', async () => {
    const run = python(['-m', 'pytest', 'python/tests', '-q', '-rs', '-p', 'no:cacheprovider'], {
      RAMPART_ADMIN_URL: s.url.admin,
      RAMPART_ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      // The live tests fail rather than skip when the server's addresses are missing; under CI, so do the type
      // check and the offline install when mypy or venv are missing (.ci/run installs them).
      RAMPART_LIVE_REQUIRED: '1',
      ...(process.env.CI === 'true' ? { RAMPART_TOOLS_REQUIRED: '1' } : {}),
    });
    expect(await run.exited, run.output()).toBe(0);
    const summary = run.out().at(-1) ?? '';
    if (process.env.CI === 'true') expect(summary, run.output()).toMatch(/^\d+ passed in /);
    else expect(summary, run.output()).toMatch(/^\d+ passed(, \d+ skipped)? in /);
    for (const skipped of run.out().filter((l) => l.startsWith('SKIPPED'))) console.warn(`python/tests: ${skipped}`);
  });

  it('place_with_exits.py places a limit buy with a take-profit and a stop-loss, then moves the take-profit', async () => {
    const run = example('place_with_exits.py');
    expect(await run.exited, run.output()).toBe(0);
    const placed = run.out().find((l) => l.startsWith('placed ')) ?? '';
    expect(placed, run.output()).toMatch(/^placed \S+ working buy 0\.01 BTC-USD @ 59400(\.\d+)?$/);
    const id = placed.split(' ')[1]!;
    const order = await new Rampart({ apiKey: t.key, baseUrl: s.url.sandbox }).orders.get(t.accountId, id);
    // 1% under 60000.5 is 59400.495, down to the 0.5 tick; the take-profit moved from 2% over to 3% over.
    expect(order.exits.map((e) => [e.kind, e.price])).toEqual([
      ['take_profit', '61800.5'],
      ['stop_loss', '58200'],
    ]);
    expect(run.out()).toContain('  exit take_profit @ 61200.5');
    expect(run.out()).toContain(`edited ${id}: take-profit now @ 61800.5`);
  });

  it('follow_stream.py prints the events as they happen', async () => {
    const run = example('follow_stream.py', { RAMPART_MAX_EVENTS: '1' });
    await run.line(/^following /);
    for (let i = 0; i < 200 && s.streamCount(t.accountId) === 0; i++) await new Promise((r) => setTimeout(r, 25));
    const order = await new Rampart({ apiKey: t.key, baseUrl: s.url.sandbox }).orders.place(t.accountId, LIMIT_BUY);
    expect(await run.exited, run.output()).toBe(0);
    expect(run.out(), run.output()).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`^evt_test_\\S+ order\\.created ${order.id} buy 0\\.02 BTC-USD @ 59000 \\(working\\)$`))]),
    );
    expect(run.out().at(-1)).toMatch(/^stopped after evt_test_/);
  });

  it('verify_webhook.py registers its endpoint and verifies the deliveries', async () => {
    const run = example('verify_webhook.py', { RAMPART_WEBHOOK_PORT: '0', RAMPART_MAX_EVENTS: '1' });
    await run.line(/^listening on /);
    expect(run.out()[0]).toMatch(new RegExp(`^registered \\S+ for ${t.accountId}$`));
    await new Rampart({ apiKey: t.key, baseUrl: s.url.sandbox }).orders.place(t.accountId, LIMIT_BUY);
    expect(await run.exited, run.output()).toBe(0);
    expect(run.out(), run.output()).toEqual(expect.arrayContaining([expect.stringMatching(/^verified evt_test_\S+ order\.created$/)]));
  });

  it('async_trade_and_watch.py places and cancels an order while following the stream (AsyncClient)', async () => {
    const run = example('async_trade_and_watch.py');
    expect(await run.exited, run.output()).toBe(0);
    const placed = run.out().find((l) => l.startsWith('placed ')) ?? '';
    expect(placed, run.output()).toMatch(/^placed \S+ working$/);
    const id = placed.split(' ')[1]!;
    expect(run.out().filter((l) => l.startsWith('event ')), run.output()).toEqual([
      expect.stringMatching(new RegExp(`^event evt_test_\\S+ order\\.created ${id}$`)),
      expect.stringMatching(new RegExp(`^event evt_test_\\S+ order\\.canceled ${id}$`)),
    ]);
  });

  it("python/README.md's first Python block runs as written", async () => {
    const readme = readFileSync(join(root, 'python/README.md'), 'utf8');
    const first = /^```python\n([\s\S]*?)^```$/m.exec(readme)?.[1];
    expect(first, 'python/README.md has no ```python block').toBeDefined();
    const run = python(['-'], {}, first!);
    expect(await run.exited, run.output()).toBe(0);
    expect(run.out().join('\n'), run.output()).toMatch(/working/);
  });
});
