import type { Environment } from '../../schemas/common.js';
import type { CredentialKind, CredentialRecord, StoredCredential, CredentialReads, CredentialWrites } from '../port.js';
import { remember, type RecordCache } from './cache.js';
import { bool, json, type Row } from './connection.js';
import type { Sql } from './durability.js';

function fences(r: Row) {
  return {
    markets: r.markets === null ? null : json<string[]>(r.markets),
    reduce_only: bool(r.reduce_only),
    max_order_usd: (r.max_order_usd as string | null) ?? null,
    max_position_usd: (r.max_position_usd as string | null) ?? null,
    loss_stop_usd: (r.loss_stop_usd as string | null) ?? null,
    ip_allowlist: json<string[]>(r.ip_allowlist),
  };
}

const fenceParams = (f: CredentialRecord) => ({
  markets: f.markets === null ? null : JSON.stringify(f.markets),
  reduce_only: f.reduce_only ? 1 : 0,
  max_order_usd: f.max_order_usd,
  max_position_usd: f.max_position_usd,
  loss_stop_usd: f.loss_stop_usd,
  ip_allowlist: JSON.stringify(f.ip_allowlist),
});

const toCredential = (r: Row): StoredCredential => ({
  kind: r.kind as CredentialKind,
  id: r.id as string,
  customer_id: r.customer_id as string,
  name: r.name as string,
  environment: r.environment as Environment,
  access: r.access as 'read' | 'trade',
  ...fences(r),
  expires_at: r.expires_at === null ? null : Number(r.expires_at),
  revoked_at: r.revoked_at === null ? null : Number(r.revoked_at),
  created_at: Number(r.created_at),
  last_used_at: r.last_used_at === null ? null : Number(r.last_used_at),
  prefix: r.prefix as string,
  token_kind: (r.token_kind as CredentialRecord['token_kind']) ?? null,
  resource: (r.resource as string | null) ?? null,
  origin: (r.origin as CredentialRecord['origin']) ?? null,
  user_id: (r.user_id as string | null) ?? null,
  session_id: (r.session_id as string | null) ?? null,
  hash: r.hash as string,
});

/** A credential as the port answers it outside authentication: without the hash of its secret. */
function strip<T extends { hash: string }>(r: T): Omit<T, 'hash'> {
  const { hash: _hash, ...rest } = r;
  return rest;
}

export function credentialReads(sql: Sql, cache: RecordCache): CredentialReads {
  const byHash = sql.stmt('SELECT * FROM credentials WHERE hash = ?');
  const byId = sql.stmt('SELECT * FROM credentials WHERE id = ?');
  const ofCustomer = sql.stmt('SELECT * FROM credentials WHERE customer_id = ? AND kind = ? ORDER BY created_at, id');
  const count = sql.stmt('SELECT COUNT(*) AS n FROM credentials WHERE customer_id = ? AND kind = ? AND environment = ?');
  return {
    findCredentialByHash: (hash: string) =>
      sql.read(() => {
        const credentials = cache.fresh().credentials;
        const hit = credentials.get(hash);
        if (hit) return hit;
        const r = byHash.get(hash) as Row | undefined;
        return r ? remember(credentials, hash, toCredential(r)) : undefined;
      }),
    getCredential: (id: string) =>
      sql.read(() => {
        const r = byId.get(id) as Row | undefined;
        return r ? strip(toCredential(r)) : undefined;
      }),
    listCredentials: (customerId: string, kind: CredentialKind) =>
      sql.read(() => (ofCustomer.all(customerId, kind) as Row[]).map((r) => strip(toCredential(r)))),
    countCredentials: (customerId: string, kind: CredentialKind, environment: Environment) =>
      sql.read(() => Number((count.get(customerId, kind, environment) as Row).n)),
  };
}

export function credentialWrites(sql: Sql, cache: RecordCache): CredentialWrites {
  const insert = sql.stmt(
    `INSERT INTO credentials (id, kind, customer_id, name, environment, access, token_kind, resource, markets, reduce_only,
       max_order_usd, max_position_usd, loss_stop_usd, ip_allowlist, expires_at, revoked_at, created_at, last_used_at, prefix, hash,
       origin, user_id, session_id)
     VALUES (@id, @kind, @customer_id, @name, @environment, @access, @token_kind, @resource, @markets, @reduce_only,
       @max_order_usd, @max_position_usd, @loss_stop_usd, @ip_allowlist, @expires_at, @revoked_at, @created_at, @last_used_at, @prefix, @hash,
       @origin, @user_id, @session_id)`,
  );
  const revoke = sql.stmt('UPDATE credentials SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
  return {
    insertCredential: async (c: StoredCredential) => {
      cache.credentials.delete(c.hash);
      insert.run({ ...c, ...fenceParams(c) });
    },
    revokeCredential: async (id: string, at: number) => {
      // Cached by hash, not id: drop them all (revocations are rare).
      cache.credentials.clear();
      return revoke.run(at, id).changes > 0;
    },
  };
}

/**
 * When keys and tokens were last used: best effort, gathered for a second and written in one transaction
 * (`write`), not part of any answer's durability. Cached credentials keep their last_used_at of when they were
 * read; nothing judges a request by it.
 */
export class CredentialTouches {
  private readonly pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private readonly touch: { run(at: number, id: string): unknown };

  constructor(
    sql: Sql,
    private readonly write: (apply: () => void) => void,
  ) {
    this.touch = sql.stmt('UPDATE credentials SET last_used_at = MAX(COALESCE(last_used_at, 0), ?) WHERE id = ?');
  }

  add(id: string, at: number): void {
    this.pending.set(id, Math.max(at, this.pending.get(id) ?? 0));
    this.timer ??= setTimeout(() => this.flush(), 1000).unref();
  }

  flush(): void {
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const items = [...this.pending];
    this.pending.clear();
    this.write(() => {
      for (const [id, at] of items) this.touch.run(at, id);
    });
  }

  /** Writes what is pending now (the store closes). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.flush();
  }
}
