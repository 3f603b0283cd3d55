import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a server (PostgreSQL) for one client process, that can cut the link as a network partition
 * does — packets held, not refused: `hold(ms)` stops moving bytes both ways (each socket paused, so what was sent
 * waits in the kernel's buffers, and a connection opened meanwhile is accepted but carries nothing), then delivers
 * everything in order, closes included, as TCP would once the link heals. Neither end sees a reset.
 */
export class HoldingProxy {
  private readonly pairs = new Set<{ client: Socket; upstream: Socket }>();
  private holding = false;
  /** Closes asked for while the link was cut: done when it heals. */
  private deferred: (() => void)[] = [];

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<HoldingProxy> {
    // Half-open allowed both ways: an end travels on its own, as a FIN does, and the other direction keeps flowing.
    const server = createServer({ allowHalfOpen: true });
    const port = await new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
    const proxy = new HoldingProxy(server, port);
    server.on('connection', (client) => proxy.join(client, connect({ port: target.port, host: target.host, allowHalfOpen: true })));
    return proxy;
  }

  /** `url` (postgres://host:port/…) through this proxy. */
  through(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  /** Whether bytes are held now. */
  get cut(): boolean {
    return this.holding;
  }

  /** Holds every byte both ways for `ms`, then delivers what waited; resolves once the link is back. */
  async hold(ms: number): Promise<void> {
    this.holding = true;
    for (const { client, upstream } of this.pairs) {
      client.pause();
      upstream.pause();
    }
    await new Promise((r) => setTimeout(r, ms));
    this.holding = false;
    for (const { client, upstream } of this.pairs) {
      client.resume();
      upstream.resume();
    }
    // After the bytes queued before them (resume delivers those first, on this tick's reads).
    const later = this.deferred.splice(0);
    setImmediate(() => later.forEach((f) => f()));
  }

  private join(client: Socket, upstream: Socket): void {
    const pair = { client, upstream };
    this.pairs.add(pair);
    if (this.holding) {
      client.pause();
      upstream.pause();
    }
    const flow = (from: Socket, to: Socket) => {
      from.on('data', (chunk) => {
        if (!to.write(chunk)) from.pause();
      });
      to.on('drain', () => {
        if (!this.holding) from.resume();
      });
      // A close seen while the link is cut reaches the other end when it heals.
      from.on('end', () => this.whenLinked(() => to.end()));
      from.on('error', () => undefined);
      from.on('close', () => {
        this.whenLinked(() => to.destroy());
        this.pairs.delete(pair);
      });
    };
    flow(client, upstream);
    flow(upstream, client);
  }

  private whenLinked(f: () => void): void {
    if (this.holding) this.deferred.push(f);
    else f();
  }

  async close(): Promise<void> {
    for (const { client, upstream } of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}
