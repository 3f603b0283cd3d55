import { isIP } from 'node:net';
import type { Agent } from 'undici';
import { isPublicAddress, lookupWith, PrivateTargetError, publicLookup, type Resolve } from './webhook-target.js';

export interface Post {
  url: URL;
  headers: Record<string, string>;
  body: string;
  /** Connect only to public addresses (an IP host is judged here, a name's addresses at connect time). */
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
  static async create(timeoutMs: number, resolve: Resolve): Promise<WebhookHttp> {
    return new WebhookHttp(await import('undici'), timeoutMs, resolve);
  }

  private constructor(
    private readonly undici: typeof import('undici'),
    timeoutMs: number,
    resolve: Resolve,
  ) {
    const common = { headersTimeout: timeoutMs, bodyTimeout: timeoutMs };
    this.publicOnly = new undici.Agent({ ...common, connect: { timeout: timeoutMs, lookup: publicLookup(resolve) } });
    this.any = new undici.Agent({ ...common, connect: { timeout: timeoutMs, lookup: lookupWith(resolve) } });
  }

  async post(p: Post): Promise<number> {
    // Node connects to an IP host without a lookup: the lookup's check never sees it, so it is judged here.
    const host = p.url.hostname.replace(/^\[|\]$/g, '');
    if (p.publicOnly && isIP(host) !== 0 && !isPublicAddress(host)) throw new PrivateTargetError(`${host} is a private or loopback address`);
    // undici's request() follows no redirect (no redirect interceptor on these agents): a 3xx is the answer.
    const res = await this.undici.request(p.url, { method: 'POST', dispatcher: p.publicOnly ? this.publicOnly : this.any, headers: p.headers, body: p.body, signal: p.signal });
    await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
    return res.statusCode;
  }

  async close(): Promise<void> {
    await Promise.all([this.publicOnly.close(), this.any.close()]);
  }
}
