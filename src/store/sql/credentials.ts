import type { Environment } from '../../schemas/common.js';
import type { CredentialKind, CredentialRecord, StoredCredential } from '../port.js';
import { greatest, insertInto, type Dialects } from './dialect.js';
import { bool, json, num, text, type Row } from './rows.js';

/** Keys and app tokens, with the hash of their secret (never the secret) and their fences. */
export const CREDENTIAL_COLUMNS = [
  'id', 'kind', 'customer_id', 'name', 'environment', 'access', 'token_kind', 'resource', 'markets', 'reduce_only',
  'max_order_usd', 'max_position_usd', 'loss_stop_usd', 'ip_allowlist', 'expires_at', 'revoked_at', 'created_at', 'last_used_at', 'prefix', 'hash',
  'origin', 'user_id', 'session_id',
] as const;

const touch = greatest('COALESCE(last_used_at, 0)', '?');

export const CREDENTIAL_SQL = {
  byHash: 'SELECT * FROM credentials WHERE hash = ?',
  byId: 'SELECT * FROM credentials WHERE id = ?',
  ofCustomer: 'SELECT * FROM credentials WHERE customer_id = ? AND kind = ? ORDER BY created_at, id',
  count: 'SELECT COUNT(*) AS n FROM credentials WHERE customer_id = ? AND kind = ? AND environment = ?',
  insert: insertInto('credentials', CREDENTIAL_COLUMNS),
  revoke: 'UPDATE credentials SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
  /** A last use never moves a time back. */
  touch: {
    sqlite: `UPDATE credentials SET last_used_at = ${touch.sqlite} WHERE id = ?`,
    postgres: `UPDATE credentials SET last_used_at = ${touch.postgres} WHERE id = ?`,
  } satisfies Dialects,
} as const;

export const toCredential = (r: Row): StoredCredential => ({
  kind: r.kind as CredentialKind,
  id: r.id as string,
  customer_id: r.customer_id as string,
  name: r.name as string,
  environment: r.environment as Environment,
  access: r.access as 'read' | 'trade',
  markets: r.markets === null ? null : json<string[]>(r.markets),
  reduce_only: bool(r.reduce_only),
  max_order_usd: text(r.max_order_usd),
  max_position_usd: text(r.max_position_usd),
  loss_stop_usd: text(r.loss_stop_usd),
  ip_allowlist: json<string[]>(r.ip_allowlist),
  expires_at: num(r.expires_at),
  revoked_at: num(r.revoked_at),
  created_at: Number(r.created_at),
  last_used_at: num(r.last_used_at),
  prefix: r.prefix as string,
  token_kind: (r.token_kind as CredentialRecord['token_kind']) ?? null,
  resource: text(r.resource),
  origin: (r.origin as CredentialRecord['origin']) ?? null,
  user_id: text(r.user_id),
  session_id: text(r.session_id),
  hash: r.hash as string,
});

/** A credential as the port answers it outside authentication: without the hash of its secret. */
export function withoutHash(r: StoredCredential): CredentialRecord {
  const { hash: _hash, ...rest } = r;
  return rest;
}

export const credentialValues = (c: StoredCredential): unknown[] =>
  CREDENTIAL_COLUMNS.map((col) =>
    col === 'markets' ? (c.markets === null ? null : JSON.stringify(c.markets)) : col === 'ip_allowlist' ? JSON.stringify(c.ip_allowlist) : c[col],
  );
