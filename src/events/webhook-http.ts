import type { Agent } from 'undici';
import { publicLookup } from './webhook-target.js';

export interface Post {
  url: URL;
  headers: Record<string, string>;
  body: string;
  /** Connect only to public addresses (names are resolved and checked at connect time). */
  publicOnly: boolean;
  signal: AbortSignal;
}

/**
 * The HTTP side of webhook delivery (loaded on the first delivery, so the CLI and idle servers do not load it):
 * a POST that follows no redirect, with connect, header and body timeouts, and its status.
 */
export class WebhookHttp {
  private readonly publicOnly: Agent;
  private readonly any: Agent;

  /** undici is imported here, on first use (in the bundle too): loading it costs a start-up ~0.15 s otherwise. */
  static async create(timeoutMs: number): Promise<WebhookHttp> {
    return new WebhookHttp(await import('undici'), timeoutMs);
  }

  private constructor(
    private readonly undici: typeof import('undici'),
    timeoutMs: number,
  ) {
    const common = { headersTimeout: timeoutMs, bodyTimeout: timeoutMs };
    this.publicOnly = new undici.Agent({ ...common, connect: { timeout: timeoutMs, lookup: publicLookup } });
    this.any = new undici.Agent({ ...common, connect: { timeout: timeoutMs } });
  }

  async post(p: Post): Promise<number> {
    const res = await this.undici.request(p.url, { method: 'POST', dispatcher: p.publicOnly ? this.publicOnly : this.any, headers: p.headers, body: p.body, signal: p.signal });
    await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
    return res.statusCode;
  }

  async close(): Promise<void> {
    await Promise.all([this.publicOnly.close(), this.any.close()]);
  }
}
