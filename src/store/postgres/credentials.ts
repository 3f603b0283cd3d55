import type { CredentialKind, CredentialRecord, StoredCredential, CredentialReads, CredentialWrites } from '../port.js';
import type { Environment } from '../../schemas/common.js';
import type { Q, Row } from './durability.js';

const json = <T>(v: unknown): T => JSON.parse(String(v)) as T;

function toCredential(r: Row): StoredCredential {
  return {
    ...(r as unknown as StoredCredential),
    markets: r.markets === null ? null : json<string[]>(r.markets),
    ip_allowlist: json<string[]>(r.ip_allowlist),
  };
}

function strip(r: StoredCredential): CredentialRecord {
  const { hash: _hash, ...rest } = r;
  return rest;
}

export function credentialReads(q: Q): CredentialReads {
  return {
    findCredentialByHash: async (hash: string) => {
      const r = (await q.rows('SELECT * FROM credentials WHERE hash = $1', [hash]))[0];
      return r ? toCredential(r) : undefined;
    },
    getCredential: async (id: string) => {
      const r = (await q.rows('SELECT * FROM credentials WHERE id = $1', [id]))[0];
      return r ? strip(toCredential(r)) : undefined;
    },
    listCredentials: async (customerId: string, kind: CredentialKind) =>
      (await q.rows('SELECT * FROM credentials WHERE customer_id = $1 AND kind = $2 ORDER BY created_at, id', [customerId, kind])).map((r) =>
        strip(toCredential(r)),
      ),
    countCredentials: async (customerId: string, kind: CredentialKind, environment: Environment) =>
      (await q.rows<{ n: number }>('SELECT COUNT(*) AS n FROM credentials WHERE customer_id = $1 AND kind = $2 AND environment = $3', [customerId, kind, environment]))[0]!.n,
  };
}

export function credentialWrites(q: Q): CredentialWrites {
  return {
    insertCredential: async (c: StoredCredential) => {
      await q.changes(
        `INSERT INTO credentials (id, kind, customer_id, name, environment, access, token_kind, resource, markets, reduce_only,
           max_order_usd, max_position_usd, loss_stop_usd, ip_allowlist, expires_at, revoked_at, created_at, last_used_at, prefix, hash,
           origin, user_id, session_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23)`,
        [
          c.id, c.kind, c.customer_id, c.name, c.environment, c.access, c.token_kind, c.resource,
          c.markets === null ? null : JSON.stringify(c.markets), c.reduce_only,
          c.max_order_usd, c.max_position_usd, c.loss_stop_usd, JSON.stringify(c.ip_allowlist),
          c.expires_at, c.revoked_at, c.created_at, c.last_used_at, c.prefix, c.hash,
          c.origin, c.user_id, c.session_id,
        ],
      );
    },
    revokeCredential: async (id: string, at: number) =>
      (await q.changes('UPDATE credentials SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [at, id])) > 0,
  };
}

/** Last-use times, batched (best effort): never moves a time back. */
export async function touchCredentials(q: Q, items: [string, number][]): Promise<void> {
  // In id order: two nodes stamping the same keys lock their rows in one order, never each waiting on the other.
  for (const [id, at] of [...items].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    await q.changes('UPDATE credentials SET last_used_at = GREATEST(COALESCE(last_used_at, 0), $1) WHERE id = $2', [at, id]);
  }
}
