import type { Environment } from '../../schemas/common.js';
import type { CredentialKind, CredentialReads, CredentialWrites, StoredCredential } from '../port.js';
import { CREDENTIAL_SQL, credentialValues, toCredential, withoutHash } from '../sql/credentials.js';
import { sqliteValues } from '../sql/dialect.js';
import type { Row } from '../sql/rows.js';
import { remember, type RecordCache } from './cache.js';
import type { Sql } from './durability.js';

export function credentialReads(sql: Sql, cache: RecordCache): CredentialReads {
  const byHash = sql.stmt(CREDENTIAL_SQL.byHash);
  const byId = sql.stmt(CREDENTIAL_SQL.byId);
  const ofCustomer = sql.stmt(CREDENTIAL_SQL.ofCustomer);
  const count = sql.stmt(CREDENTIAL_SQL.count);
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
        return r ? withoutHash(toCredential(r)) : undefined;
      }),
    listCredentials: (customerId: string, kind: CredentialKind) =>
      sql.read(() => (ofCustomer.all(customerId, kind) as Row[]).map((r) => withoutHash(toCredential(r)))),
    countCredentials: (customerId: string, kind: CredentialKind, environment: Environment) =>
      sql.read(() => Number((count.get(customerId, kind, environment) as Row).n)),
  };
}

export function credentialWrites(sql: Sql, cache: RecordCache): CredentialWrites {
  const insert = sql.stmt(CREDENTIAL_SQL.insert);
  const revoke = sql.stmt(CREDENTIAL_SQL.revoke);
  return {
    insertCredential: async (c: StoredCredential) => {
      cache.credentials.delete(c.hash);
      insert.run(sqliteValues(credentialValues(c)));
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
    this.touch = sql.stmt(CREDENTIAL_SQL.touch.sqlite);
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
