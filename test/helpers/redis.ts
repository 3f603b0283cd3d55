import { connect, createServer, type Server, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { markReached } from './server.js';

export const REDIS_HOST = '127.0.0.1';
/** The machine's Redis (RAMPART_TEST_REDIS_PORT moves it, e.g. to see the suites skip or fail without one). */
export const REDIS_PORT = Number(process.env.RAMPART_TEST_REDIS_PORT ?? 6379);

/** Whether a Redis answers PING at 127.0.0.1:6379 (within a second). */
export async function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(REDIS_PORT, REDIS_HOST);
    const done = (ok: boolean) => {
      clearTimeout(timer);
      s.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), 1000);
    s.once('connect', () => s.write('PING\r\n'));
    s.once('data', (d) => done(String(d).startsWith('+PONG')));
    s.once('error', () => done(false));
  });
}

/**
 * Whether the Redis suites run: yes when Redis answers; when it does not, they are skipped with a line saying so,
 * except under CI=true, where a missing Redis is a failure (CI machines run one).
 */
export async function redisForTests(suite: string, onlyHere: readonly string[] = []): Promise<boolean> {
  if (await redisAnswers()) return true;
  const why = `Redis does not answer at ${REDIS_HOST}:${REDIS_PORT}`;
  if (process.env.CI === 'true') throw new Error(`${suite}: ${why}, and CI=true requires it`);
  console.warn(`SKIPPED ${suite}: ${why} (set CI=true to make this a failure)`);
  // The codes only this suite reaches are not judged in a run that skipped it (test/global/reached-codes.ts).
  for (const code of onlyHere) markReached(`excused:${code}`);
  return false;
}

/** A key prefix of its own for each test: budgets of one test never meet another's (nor a previous run's). */
export function uniquePrefix(): string {
  return `rampart-test:${randomBytes(6).toString('hex')}`;
}

/**
 * A TCP proxy to the machine's Redis that a test controls, to make Redis "down" for one server without touching
 * the shared Redis: `refuse()` closes the listener and every connection (connection refused), `hold()` keeps the
 * connections but forwards nothing (commands not answered), `restore()` serves again on the same port.
 */
export class RedisProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private held = false;
  port = 0;

  get url(): string {
    return `redis://${REDIS_HOST}:${this.port}`;
  }

  async start(): Promise<void> {
    this.held = false;
    const server = createServer((client) => {
      const upstream = connect(REDIS_PORT, REDIS_HOST);
      this.sockets.add(client).add(upstream);
      const forward = (from: Socket, to: Socket) =>
        from.on('data', (chunk) => {
          // Held: the bytes wait (in order) rather than being lost, so a restored connection stays in step.
          if (this.held) from.pause();
          to.write(chunk);
        });
      forward(client, upstream);
      forward(upstream, client);
      const close = () => {
        client.destroy();
        upstream.destroy();
        this.sockets.delete(client);
        this.sockets.delete(upstream);
      };
      client.on('error', close).on('close', close);
      upstream.on('error', close).on('close', close);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, REDIS_HOST, () => resolve());
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  /** Connection refused: the listener is closed and every open connection cut. */
  async refuse(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Connected but silent: nothing more is forwarded either way until restore(). */
  hold(): void {
    this.held = true;
    for (const s of this.sockets) s.pause();
  }

  /** Serves again: resumes held connections, or listens again on the same port after refuse(). */
  async restore(): Promise<void> {
    this.held = false;
    for (const s of this.sockets) s.resume();
    if (!this.server) await this.start();
  }

  async close(): Promise<void> {
    await this.refuse();
  }
}
