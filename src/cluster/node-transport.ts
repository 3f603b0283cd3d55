import type { Agent } from 'undici';
import type { InternalTls } from '../config/cluster-settings.js';

/** One POST to another node's internal listener: its status and body text. */
export interface NodeTransport {
  post(url: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<{ status: number; text: string }>;
  close(): Promise<void>;
}

/** Plain HTTP (no RAMPART_INTERNAL_TLS_*): Node's fetch. */
export const plainTransport: NodeTransport = {
  async post(url, headers, body, signal) {
    const res = await fetch(url, { method: 'POST', headers, body, signal });
    return { status: res.status, text: await res.text() };
  },
  async close() {},
};

/**
 * Mutual TLS: this node presents its certificate and takes only a server whose certificate the cluster's CA signed
 * for the host it called (undici's Agent; its connections are kept and reused like fetch's).
 */
export class MutualTlsTransport implements NodeTransport {
  private constructor(
    private readonly undici: typeof import('undici'),
    private readonly agent: Agent,
  ) {}

  /** undici is loaded only by a node that uses TLS (as webhook delivery loads it at first use: start-up time). */
  static async create(tls: InternalTls): Promise<MutualTlsTransport> {
    const undici = await import('undici');
    return new MutualTlsTransport(undici, new undici.Agent({ connect: { ca: tls.ca, cert: tls.cert, key: tls.key, minVersion: 'TLSv1.2' } }));
  }

  async post(url: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<{ status: number; text: string }> {
    const res = await this.undici.request(url, { method: 'POST', headers, body, signal, dispatcher: this.agent });
    return { status: res.statusCode, text: await res.body.text() };
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
