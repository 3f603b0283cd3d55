import type { Environment } from '../../schemas/common.js';
import type { CredentialKind, CredentialReads, CredentialWrites, StoredCredential } from '../port.js';
import { CREDENTIAL_SQL, credentialValues, toCredential, withoutHash } from '../sql/credentials.js';
import type { Q } from './durability.js';

export function credentialReads(q: Q): CredentialReads {
  return {
    findCredentialByHash: async (hash: string) => (await q.rows(CREDENTIAL_SQL.byHash, [hash])).map(toCredential)[0],
    getCredential: async (id: string) => (await q.rows(CREDENTIAL_SQL.byId, [id])).map((r) => withoutHash(toCredential(r)))[0],
    listCredentials: async (customerId: string, kind: CredentialKind) =>
      (await q.rows(CREDENTIAL_SQL.ofCustomer, [customerId, kind])).map((r) => withoutHash(toCredential(r))),
    countCredentials: async (customerId: string, kind: CredentialKind, environment: Environment) =>
      Number((await q.rows<{ n: number }>(CREDENTIAL_SQL.count, [customerId, kind, environment]))[0]!.n),
  };
}

export function credentialWrites(q: Q): CredentialWrites {
  return {
    insertCredential: async (c: StoredCredential) => {
      await q.changes(CREDENTIAL_SQL.insert, credentialValues(c));
    },
    revokeCredential: async (id: string, at: number) => (await q.changes(CREDENTIAL_SQL.revoke, [at, id])) > 0,
  };
}

/** Last-use times, batched (best effort): never moves a time back. */
export async function touchCredentials(q: Q, items: [string, number][]): Promise<void> {
  // In id order: two nodes stamping the same keys lock their rows in one order, never each waiting on the other.
  for (const [id, at] of [...items].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    await q.changes(CREDENTIAL_SQL.touch.postgres, [at, id]);
  }
}
