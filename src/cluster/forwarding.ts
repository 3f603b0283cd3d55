import type { Environment } from '../schemas/common.js';
import type { Cluster } from './leases.js';
import { headerLines, REFUSAL_HEADER } from './forward-wire.js';
import { SIGNATURE_HEADER, type NodeSigner } from './node-signature.js';
import type { NodeAnswer, NodeTransport } from './node-transport.js';

/** The partition owner did not answer, or no node owns the partition now: 503 temporarily_unavailable. */
export class OwnerUnavailableError extends Error {
  override readonly name = 'OwnerUnavailableError';
}

/** The node asked no longer holds the partition (a hand-off in between): ask the router again. */
class NotOwnerError extends Error {}

interface Owners {
  at: number;
  /** partition key → the owner's internal URL (null: nobody holds it now). */
  urls: Map<string, string | null>;
}

/**
 * Finds the node that owns an engine partition (from the lease table, cached for a third of a lease) and sends it
 * a message on its internal listener. A refused connection or an answer "not the owner" re-reads the leases and
 * tries once more — such a message never reached an engine, so sending it again cannot act twice. Any other
 * failure (timeout, connection lost mid-answer) is OwnerUnavailableError: the caller answers 503, retryable, and
 * a retry with the same Idempotency-Key answers what the first attempt did, if it did anything.
 */
export class PartitionRouter {
  private owners: Owners | undefined;
  private reading: Promise<Owners> | undefined;

  constructor(
    private readonly cluster: Cluster,
    private readonly signer: NodeSigner,
    /** Plain HTTP or mutual TLS (RAMPART_INTERNAL_TLS_*). */
    private readonly transport: NodeTransport,
    private readonly ttlMs: number,
    private readonly wallNow: () => number = Date.now,
  ) {}

  private async read(): Promise<Owners> {
    this.reading ??= this.cluster
      .status()
      .then((s) => {
        const byNode = new Map(s.nodes.map((n) => [n.id, n.internal_url]));
        const urls = new Map<string, string | null>();
        for (const p of s.partitions) urls.set(`${p.environment}/${p.partition}`, p.owner ? (byNode.get(p.owner) ?? null) : null);
        this.owners = { at: this.wallNow(), urls };
        return this.owners;
      })
      .finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async ownerUrl(env: Environment, partition: number, fresh: boolean): Promise<string | null> {
    const owners = !fresh && this.owners && this.wallNow() - this.owners.at < this.ttlMs ? this.owners : await this.read();
    return owners.urls.get(`${env}/${partition}`) ?? null;
  }

  /** The internal URLs of the nodes alive now (beat within `aliveMs`), this one excluded. */
  async others(aliveMs: number): Promise<string[]> {
    const s = await this.cluster.status();
    const me = s.nodes.find((n) => n.id === this.cluster.nodeId);
    const now = me?.last_seen ?? Math.max(0, ...s.nodes.map((n) => n.last_seen));
    return s.nodes.filter((n) => n.id !== this.cluster.nodeId && n.connected && n.last_seen > now - aliveMs).map((n) => n.internal_url);
  }

  /** Sends `body` to `path` on the owner of the partition; answers the owner's JSON answer and status. */
  send<T>(env: Environment, partition: number, path: string, body: unknown, timeoutMs: number): Promise<{ status: number; body: T }> {
    return this.toOwner(env, partition, (url) => this.post<T>(url, path, body, timeoutMs));
  }

  /**
   * Sends a public request, as it came, to the owner of the partition (src/cluster/forward-wire.ts) and answers the
   * owner's public answer as it is, whatever its status.
   */
  forward(env: Environment, partition: number, req: ForwardRequest, timeoutMs: number): Promise<NodeAnswer> {
    return this.toOwner(env, partition, (url) => this.pass(url, req, timeoutMs));
  }

  private async toOwner<R>(env: Environment, partition: number, call: (url: string) => Promise<R>): Promise<R> {
    for (let attempt = 0; ; attempt++) {
      const url = await this.ownerUrl(env, partition, attempt > 0);
      if (!url) {
        if (attempt === 0) continue;
        throw new OwnerUnavailableError(`no node holds the ${env} engine partition ${partition} now`);
      }
      try {
        return await call(url);
      } catch (err) {
        if (attempt === 0 && (err instanceof NotOwnerError || refused(err))) continue;
        if (err instanceof OwnerUnavailableError) throw err;
        throw new OwnerUnavailableError(`the owner of the ${env} engine partition ${partition} did not answer: ${String((err as Error).message ?? err)}`);
      }
    }
  }

  /** One forwarded request to one node: the owner's answer, or the refusal of its internal listener as an error. */
  private async pass(url: string, req: ForwardRequest, timeoutMs: number): Promise<NodeAnswer> {
    const body = req.body ?? EMPTY;
    const signed = this.signer.sign({ to: url, method: req.method, url: req.url, body, headers: headerLines(req.headers) });
    const res = await this.transport.send(url, req.url, { method: req.method, headers: [...req.headers, SIGNATURE_HEADER, signed], body: req.body }, timeoutMs);
    const refusal = res.headers[REFUSAL_HEADER];
    if (refusal === undefined) return res;
    const text = res.body.toString('utf8');
    if (refusal === 'not_owner') throw new NotOwnerError(text);
    if (refusal === 'invalid_node_signature') throw signatureRefused(url, text);
    throw new OwnerUnavailableError(`the node at ${url} refused a forwarded request (${String(refusal)}): ${text.slice(0, 500)}`);
  }

  /**
   * One message to one node (no retry): operator fan-out. Signed for that node (src/cluster/node-signature.ts).
   * Anything but 200 is a failure (the internal listener answers 200 or refuses): a refused signature says which
   * setting differs between the nodes.
   */
  async post<T>(url: string, path: string, body: unknown, timeoutMs: number): Promise<{ status: number; body: T }> {
    const payload = JSON.stringify(body);
    const headers = { 'content-type': 'application/json', [SIGNATURE_HEADER]: this.signer.sign({ to: url, method: 'POST', url: path, body: payload }) };
    const res = await this.transport.post(`${url}${path}`, headers, payload, timeoutMs);
    const { text } = res;
    if (res.status === 409 && text.includes('"not_owner"')) throw new NotOwnerError(text);
    if (res.status === 401 && text.includes('"invalid_node_signature"')) throw signatureRefused(url, text);
    if (res.status !== 200) throw new OwnerUnavailableError(`the node at ${url} answered ${res.status} to ${path}: ${text.slice(0, 500)}`);
    return { status: res.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
  }
}

const EMPTY = Buffer.alloc(0);

/** A public request to forward: its method, path and query, the client's headers (flat list, src/cluster/forward-wire.ts) and body. */
export interface ForwardRequest {
  method: string;
  url: string;
  headers: string[];
  body: Buffer | null;
}

const signatureRefused = (url: string, text: string) =>
  new OwnerUnavailableError(
    `the node at ${url} refused this node's signature (${text}): every node needs the same RAMPART_NODE_SECRET (or none, and the same RAMPART_SECRETS_KEY), and clocks within 30 s`,
  );

function refused(err: unknown): boolean {
  const e = err as { cause?: { code?: string }; code?: string };
  const code = e.cause?.code ?? e.code;
  return code === 'ECONNREFUSED';
}
