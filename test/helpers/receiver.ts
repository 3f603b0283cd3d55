import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

/** A status, or a status with headers (a redirect's Location). */
export type Response = number | { status: number; headers: Record<string, string> };

/** A webhook receiver on 127.0.0.1: answers `respond(n)` to the n-th request (1-based), 204 by default. */
export class WebhookReceiver {
  readonly requests: Received[] = [];
  url!: string;
  /** Its port on 127.0.0.1. */
  port!: number;
  private server!: Server;

  constructor(private readonly respond: (n: number, headers: IncomingHttpHeaders) => Response = () => 204) {}

  static async start(respond?: (n: number, headers: IncomingHttpHeaders) => Response): Promise<WebhookReceiver> {
    const r = new WebhookReceiver(respond);
    r.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const answer = r.respond(r.requests.length + 1, req.headers);
        const { status, headers } = typeof answer === 'number' ? { status: answer, headers: {} } : answer;
        r.requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status });
        res.writeHead(status, headers).end();
      });
    });
    await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
    r.port = (r.server.address() as AddressInfo).port;
    r.url = `http://127.0.0.1:${r.port}/hooks`;
    return r;
  }

  /** The requests answered 2xx. */
  get accepted(): Received[] {
    return this.requests.filter((q) => q.status >= 200 && q.status < 300);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
