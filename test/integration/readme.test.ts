import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, call, startChild, type ChildServer } from '../helpers/child-server.js';

/**
 * The README as a newcomer runs it: a fresh `npm start` (simulated prices, system clock, rate limits on, the demo
 * customer and key printed), then every `curl` line of the README's shell blocks, in order, with the real curl
 * binary and bash. The values the README asks the reader to copy (`KEY=rk_test_…`, `CURSOR=evt_test_…`,
 * `WEBHOOK=whk_…`) are taken from what was printed or answered before, as a reader would; everything else runs as
 * written. Each call must answer 2xx, and the preview must not be `would_reject`.
 */

const README = resolve(import.meta.dirname, '../../README.md');
const DEFAULT_HOSTS: Record<string, 'live' | 'sandbox' | 'admin'> = {
  'http://127.0.0.1:8080': 'live',
  'http://127.0.0.1:8081': 'sandbox',
  'http://127.0.0.1:8090': 'admin',
};

/**
 * The commands of the README's sh blocks, without their comments: lines joined across `\` continuations and open
 * quotes (a JSON body may span lines).
 */
function shellCommands(markdown: string): string[] {
  const out: string[] = [];
  for (const block of markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)) {
    let current = '';
    let quote: string | null = null;
    for (const line of block[1]!.split('\n')) {
      let code = line;
      for (let i = 0; i < line.length; i++) {
        const ch = line[i]!;
        if (quote === null && (ch === "'" || ch === '"')) quote = ch;
        else if (ch === quote) quote = null;
        else if (quote === null && ch === '#' && (i === 0 || /\s/.test(line[i - 1]!))) {
          code = line.slice(0, i).trimEnd();
          break;
        }
      }
      current += (current === '' ? '' : '\n') + code;
      if (quote !== null || /\\\s*$/.test(code)) continue;
      if (current.trim() !== '') out.push(current.trim());
      current = '';
    }
  }
  return out;
}

interface Ran {
  command: string;
  status: number;
  body: string;
  exit: number;
}

function bash(script: string, env: Record<string, string>): Promise<{ exit: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile('bash', ['-c', script], { env: { ...process.env, ...env }, timeout: 30_000 }, (err, stdout, stderr) => {
      const exit = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0;
      done({ exit, stdout, stderr });
    });
  });
}

let child: ChildServer;
let dir: string;
let printed: { key: string; account: string };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rampart-readme-'));
  // A weekend trading day refuses opening orders on the first sandbox account (as the README says): the README's
  // first order is run on a weekday, moving the manual clock to the next Monday when the test runs on a weekend.
  const day = new Date().getUTCDay();
  const weekend = day === 0 || day === 6;
  // The shipped config, but with event-loop-lag shedding out of the way (as TestServer does): on a CI machine busy
  // with the rest of the suite a fresh process can lag a second, and the README would meet 503 capacity.
  const configDir = join(dir, 'config');
  cpSync(resolve(import.meta.dirname, '../../config'), configDir, { recursive: true });
  const limits = JSON.parse(readFileSync(join(configDir, 'limits.json'), 'utf8')) as { capacity: { max_event_loop_delay_ms: number } };
  limits.capacity.max_event_loop_delay_ms = 600_000;
  writeFileSync(join(configDir, 'limits.json'), JSON.stringify(limits));
  child = await startChild({
    dbFile: join(dir, 'rampart.db'),
    env: {
      RAMPART_PRICE_FEED: 'simulated',
      RAMPART_CLOCK: weekend ? 'manual' : 'system',
      RAMPART_BOOTSTRAP: '1',
      RAMPART_RATE_LIMITS: 'on',
      RAMPART_CONFIG_DIR: configDir,
      RAMPART_LOG_LEVEL: 'warn',
    },
  });
  const m = /sandbox key were created[^\n]*\n\s+(rk_test_\S+)\n\s+sandbox account: (\S+)/.exec(child.output());
  if (!m) throw new Error(`no key printed:\n${child.output()}`);
  printed = { key: m[1]!, account: m[2]! };
  if (weekend) {
    const now = (await adminCall<{ now: number }>(child, 'GET', '/admin/v1/clock')).now;
    const monday = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate() + (day === 6 ? 2 : 1), 12);
    await adminCall(child, 'POST', '/admin/v1/clock', { now: monday });
    // The feed stamps its next step with the moved clock; wait (bounded) for a quote that is not stale.
    const deadline = performance.now() + 10_000;
    for (;;) {
      const q = await call(child.url.sandbox, 'GET', '/v1/markets/BTC-USD', { key: printed.key });
      if ((q.body?.price_time ?? 0) >= monday) break;
      if (performance.now() > deadline) throw new Error(`no fresh quote after moving the clock: ${JSON.stringify(q.body)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}, 90_000);

afterAll(async () => {
  await child?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('README', () => {
  it('splits shell blocks into whole commands', () => {
    expect(shellCommands("```sh\nA=1   # x\ncurl -d '{\"a\":\"#\",\n \"b\":1}' \\\n  http://h/x   # y\n# only a comment\n```\n")).toEqual([
      'A=1',
      "curl -d '{\"a\":\"#\",\n \"b\":1}' \\\n  http://h/x",
    ]);
  });

  it('prints the dashboard address and the demo user, who signs in there with the printed password', async () => {
    const out = child.output();
    const url = /^\s+dashboard\s+(http:\/\/\S+)$/m.exec(out)?.[1];
    const password = /^Demo user: demo@rampart\.local \/ (\S+)$/m.exec(out)?.[1];
    expect(url, out).toBeDefined();
    expect(password, out).toMatch(/^[0-9A-Za-z]{20}$/);
    const res = await fetch(`${url}/session/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@rampart.local', password }) });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()[0]).toMatch(/^rampart_session=/);
  });

  it('prints the account the README names', () => {
    const readme = readFileSync(README, 'utf8');
    expect(/^ACCOUNT=(\S+)/m.exec(readme)?.[1]).toBe(printed.account);
  });

  it('answers every curl line of the README with a 2xx, against a fresh npm start', { timeout: 120_000 }, async () => {
    const commands = shellCommands(readFileSync(README, 'utf8'));
    const curls = commands.filter((c) => /(^|\s)curl\s/.test(c));
    expect(curls.length).toBeGreaterThanOrEqual(10);
    const env: Record<string, string> = {};
    const ran: Ran[] = [];
    const bodyFile = join(dir, 'body');
    /** A value the reader copies (`whk_…`): the last one of that prefix in the answers so far, or in the banner. */
    const resolvePlaceholders = (text: string): string =>
      text.replace(/\b((?:[A-Za-z0-9]+_)+)…/g, (whole, prefix: string) => {
        const pattern = new RegExp(`${prefix}[A-Za-z0-9_-]+`, 'g');
        for (const source of [...ran.map((r) => r.body).reverse(), child.output()]) {
          const found = source.match(pattern);
          if (found) return found[found.length - 1]!;
        }
        throw new Error(`nothing answered so far gives a value for ${whole}`);
      });
    for (const command of commands) {
      const assignment = /^([A-Z_]+)=(\S+)/.exec(command);
      if (assignment) {
        env[assignment[1]!] = resolvePlaceholders(assignment[2]!);
        continue;
      }
      if (!curls.includes(command)) continue;
      let line = resolvePlaceholders(command);
      for (const [from, host] of Object.entries(DEFAULT_HOSTS)) line = line.split(from).join(child.url[host]);
      const stream = /\s-N\s/.test(line);
      const script = `curl() { command curl -sS -o "$README_BODY" -w '%{http_code}' --max-time ${stream ? 2 : 20} "$@"; }\n${line}`;
      const r = await bash(script, { ...env, README_BODY: bodyFile });
      let body = '';
      try {
        body = readFileSync(bodyFile, 'utf8');
      } catch {
        /* no body written */
      }
      rmSync(bodyFile, { force: true });
      ran.push({ command, status: Number(r.stdout.trim()), body, exit: r.exit });
      // A stream never ends by itself: curl stops it at --max-time (exit 28) once it answered.
      expect(r.exit === 0 || (stream && r.exit === 28), `${command}\n→ exit ${r.exit}: ${r.stderr}`).toBe(true);
      expect(Number(r.stdout.trim()), `${command}\n→ ${r.stdout} ${body.slice(0, 500)}`).toBeGreaterThanOrEqual(200);
      expect(Number(r.stdout.trim()), `${command}\n→ ${r.stdout} ${body.slice(0, 500)}`).toBeLessThan(300);
      if (/\/orders\/test\b/.test(command)) {
        expect(['would_fill', 'would_rest'], body).toContain(JSON.parse(body).outcome);
      }
    }
    expect(ran.length).toBe(curls.length);
    const first = ran.find((r) => r.command.includes('"type":"market"'));
    expect(JSON.parse(first!.body).status, first!.body).toBe('filled');
  });
});
