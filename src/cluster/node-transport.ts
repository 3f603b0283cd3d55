import type { Agent } from 'undici';
import type { InternalTls } from '../config/cluster-settings.js';

/**
 * One POST to another node's internal listener: its status and body text. It throws when the answer's head does not
 * come within `timeoutMs` of the request being sent, or its body stops for longer than `timeoutMs`.
 */
export interface NodeTransport {
  post(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<{ status: number; text: string }>;
  /**
   * `req` to `path` on the node at `origin` (its internal URL): any method, headers as a flat name, value list
   * (repeats and order kept); the whole answer, its body as bytes.
   */
  send(origin: string, path: string, req: NodeRequest, timeoutMs: number): Promise<NodeAnswer>;
  close(): Promise<void>;
}

export interface NodeRequest {
  method: string;
  headers: string[];
  body: Buffer | null;
}

export interface NodeAnswer {
  status: number;
  /** Names in lower case; a repeated header (Set-Cookie) as an array. */
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The shortest of the waits for another node (an operator's fan-out: 5 s). */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * undici on an Agent of this node's own (its connections kept alive and reused; `request` for the JSON messages, the
 * Agent's dispatch callbacks for forwarded requests): plain HTTP, or mutual TLS
 * with RAMPART_INTERNAL_TLS_* (this node presents its certificate and takes only a server whose certificate the
 * cluster's CA signed for the host it called). Not Node's fetch: its web streams cost a forwarded order about as much
 * CPU as the rest of the hop (docs/PERFORMANCE.md run 15).
 */
export class UndiciTransport implements NodeTransport {
  private constructor(
    private readonly undici: typeof import('undici'),
    private readonly agent: Agent,
  ) {}

  /** undici is loaded only by a node of a cluster (as webhook delivery loads it at first use): start-up time. */
  static async create(tls?: InternalTls): Promise<UndiciTransport> {
    const undici = await import('undici');
    // A node that does not take the connection within CONNECT_TIMEOUT_MS is unavailable, as one that does not answer.
    const connect = { timeout: CONNECT_TIMEOUT_MS, ...(tls ? { ca: tls.ca, cert: tls.cert, key: tls.key, minVersion: 'TLSv1.2' as const } : {}) };
    return new UndiciTransport(undici, new undici.Agent({ connect }));
  }

  async post(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<{ status: number; text: string }> {
    // undici's own timers, not an AbortSignal per request (a signal, its timer and its listeners for each message).
    const res = await this.undici.request(url, { method: 'POST', headers, body, headersTimeout: timeoutMs, bodyTimeout: timeoutMs, dispatcher: this.agent });
    return { status: res.statusCode, text: await res.body.text() };
  }

  send(origin: string, path: string, req: NodeRequest, timeoutMs: number): Promise<NodeAnswer> {
    // The dispatcher's own callbacks, not `request`: no response stream nor promise chain per forwarded request.
    const { parseHeaders } = this.undici.util;
    return new Promise((resolve, reject) => {
      let status = 0;
      let headers: NodeAnswer['headers'] = {};
      const chunks: Buffer[] = [];
      this.agent.dispatch(
        { origin, path, method: req.method as 'GET', headers: req.headers, body: req.body, headersTimeout: timeoutMs, bodyTimeout: timeoutMs },
        {
          onConnect: () => undefined,
          onHeaders: (statusCode, raw) => {
            status = statusCode;
            headers = parseHeaders(raw);
            return true;
          },
          onData: (chunk) => {
            chunks.push(chunk);
            return true;
          },
          onComplete: () => resolve({ status, headers, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) }),
          onError: reject,
        },
      );
    });
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
