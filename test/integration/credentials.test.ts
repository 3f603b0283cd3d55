import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, TEST_ADMIN_TOKEN, TestServer, type Answer } from '../helpers/server.js';

const ADMIN = TEST_ADMIN_TOKEN;
let s: TestServer;

beforeAll(async () => {
  s = await TestServer.start();
});
afterAll(() => s.close());

/** A request whose Authorization header is sent once per value (fetch would join them into one). */
function withAuthorizations(base: string, method: string, path: string, values: string[], body?: unknown): Promise<Answer> {
  return new Promise((done, fail) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string | string[]> = { authorization: values };
    if (text !== undefined) headers['content-type'] = 'application/json';
    const req = request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      let raw = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (raw += c));
      res.on('end', () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
        done({ status: res.statusCode ?? 0, headers: h, body: raw === '' ? undefined : JSON.parse(raw) });
      });
    });
    req.on('error', fail);
    req.end(text);
  });
}

const TWICE = { header: 'Authorization', count: 2 };

describe('a request with two Authorization headers', () => {
  it('is refused with invalid_request on the API, never answered with either credential', async () => {
    const a = await s.trader();
    const b = await s.trader();
    const path = '/v1/accounts';
    for (const values of [
      [`Bearer ${a.key}`, `Bearer ${b.key}`],
      [`Bearer ${a.key}`, `Bearer ${a.key}`],
      [`Bearer ${a.key}`, ''],
      ['Bearer rk_test_nope', `Bearer ${a.key}`],
    ]) {
      expectError(await withAuthorizations(s.url.sandbox, 'GET', path, values), 400, 'invalid_request', { ...TWICE });
    }
    // The stream route too: refused before any stream opens.
    expectError(await withAuthorizations(s.url.sandbox, 'GET', `/v1/accounts/${a.accountId}/stream`, [`Bearer ${a.key}`, `Bearer ${b.key}`]), 400, 'invalid_request', TWICE);
    expect(s.streamCount()).toBe(0);
    // One header still works.
    expect((await withAuthorizations(s.url.sandbox, 'GET', path, [`Bearer ${a.key}`])).status).toBe(200);
  });

  it('changes nothing when the refused request would have written', async () => {
    const a = await s.trader();
    const r = await withAuthorizations(s.url.sandbox, 'POST', '/v1/accounts', [`Bearer ${a.key}`, `Bearer ${a.key}`]);
    expectError(r, 400, 'invalid_request', TWICE);
    const listed = await s.sandboxCall('GET', '/v1/accounts', { key: a.key });
    expect(listed.body.data).toHaveLength(1);
  });

  it('is refused with invalid_request on the operator listener, and creates nothing', async () => {
    const before = (await s.admin('GET', '/admin/v1/customers')).body.data.length;
    for (const values of [[`Bearer ${ADMIN}`, `Bearer ${ADMIN}`], [`Bearer ${ADMIN}`, 'Bearer something-else']]) {
      expectError(await withAuthorizations(s.url.admin, 'POST', '/admin/v1/customers', values, { name: 'twice' }), 400, 'invalid_request', TWICE);
    }
    expect((await s.admin('GET', '/admin/v1/customers')).body.data).toHaveLength(before);
    expect((await withAuthorizations(s.url.admin, 'GET', '/admin/v1/customers', [`Bearer ${ADMIN}`])).status).toBe(200);
  });
});

describe('key and token records', () => {
  it('show exactly the fields of CONTRACT §2 (keys) and a key’s fields with kind and resource (tokens)', async () => {
    const c = await s.customer();
    const KEY_FIELDS = ['id', 'customer_id', 'name', 'environment', 'access', 'markets', 'reduce_only', 'max_order_usd', 'max_position_usd',
      'loss_stop_usd', 'ip_allowlist', 'expires_at', 'revoked_at', 'created_at', 'last_used_at', 'prefix'].sort();
    const key = await s.admin('POST', `/admin/v1/customers/${c.id}/keys`, { environment: 'live', access: 'read' });
    expect(Object.keys(key.body).sort()).toEqual([...KEY_FIELDS, 'key', 'opened_account_id'].sort());
    expect(Object.keys((await s.admin('DELETE', `/admin/v1/keys/${key.body.id}`)).body).sort()).toEqual(KEY_FIELDS);
    expect(Object.keys((await s.admin('GET', `/admin/v1/customers/${c.id}/keys`)).body.data[0]).sort()).toEqual(KEY_FIELDS);
    const tok = await s.admin('POST', `/admin/v1/customers/${c.id}/tokens`, { environment: 'sandbox', kind: 'assistant' });
    expect(tok.body).toMatchObject({ kind: 'assistant', resource: 'sandbox.rampart.test', access: 'read' });
    expect(Object.keys(tok.body).sort()).toEqual([...KEY_FIELDS, 'kind', 'resource', 'token'].sort());
    expect(Object.keys((await s.admin('DELETE', `/admin/v1/tokens/${tok.body.id}`)).body).sort()).toEqual([...KEY_FIELDS, 'kind', 'resource'].sort());
    // A key's id is not a token's, nor the other way round.
    expectError(await s.admin('DELETE', `/admin/v1/tokens/${key.body.id}`), 404, 'route_not_found', { token_id: key.body.id });
    expectError(await s.admin('DELETE', `/admin/v1/keys/${tok.body.id}`), 404, 'route_not_found', { key_id: tok.body.id });
  });
});

const MIGRATIONS = resolve(import.meta.dirname, '../../src/store/migrations');
const sha = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A database as the releases before the credentials table left it: keys in api_keys, tokens in access_tokens. */
function oldStore(file: string, rows: { key: string; revokedKey: string; token: string }): void {
  const db = new Database(file);
  db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
  for (const f of readdirSync(MIGRATIONS).filter((x) => /^\d{3}_.*\.sql$/.test(x)).sort()) {
    const version = Number.parseInt(f.slice(0, 3), 10);
    if (version >= 8) continue;
    db.exec(readFileSync(join(MIGRATIONS, f), 'utf8'));
    db.prepare('INSERT INTO schema_migrations VALUES (?, ?, 0)').run(version, f.slice(4, -4));
  }
  db.prepare("INSERT INTO customers VALUES ('cus_old', 1001, 'Old', 1, 1)").run();
  const key = db.prepare(
    `INSERT INTO api_keys VALUES (?, 'cus_old', ?, 'sandbox', 'trade', '["BTC-USD"]', 0, '5000', NULL, NULL, '[]', NULL, ?, ?, NULL, ?, ?)`,
  );
  key.run('key_old', 'old key', null, 2, rows.key.slice(0, 12), sha(rows.key));
  key.run('key_gone', 'revoked key', 3, 3, rows.revokedKey.slice(0, 12), sha(rows.revokedKey));
  db.prepare(
    `INSERT INTO access_tokens VALUES ('tok_old', 'cus_old', 'app', 'old app', 'sandbox', 'sandbox.rampart.test', 'read', NULL, 1, NULL, NULL, NULL, '[]', NULL, NULL, 5, NULL, ?, ?)`,
  ).run(rows.token.slice(0, 13), sha(rows.token));
  db.close();
}

describe('the move of keys and tokens into one credentials table', () => {
  it('keeps every key and token: ids, secrets (hashes), fences and revocations work as before', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rampart-credentials-'));
    const rows = { key: `rk_test_${'K'.repeat(40)}`, revokedKey: `rk_test_${'R'.repeat(40)}`, token: `rat_test_${'T'.repeat(40)}` };
    oldStore(join(dir, 'rampart.db'), rows);
    const old = await TestServer.start({ env: { RAMPART_DATABASE_URL: `sqlite:${join(dir, 'rampart.db')}` } });
    try {
      expect((await old.sandboxCall('GET', '/v1/accounts', { key: rows.key })).status).toBe(200);
      expect((await old.sandboxCall('GET', '/v1/accounts', { key: rows.token })).status).toBe(200);
      expectError(await old.sandboxCall('GET', '/v1/accounts', { key: rows.revokedKey }), 401, 'revoked_api_key');
      // The token kept its read access: a write is refused for it.
      expectError(await old.sandboxCall('POST', '/v1/accounts', { key: rows.token, idempotencyKey: 'old-1' }), 403, 'insufficient_permission', { access: 'read' });
      const keys = (await old.admin('GET', '/admin/v1/customers/cus_old/keys')).body.data;
      expect(keys.map((k: any) => [k.id, k.name, k.markets, k.max_order_usd, k.revoked_at, k.prefix])).toEqual([
        ['key_old', 'old key', ['BTC-USD'], '5000', null, rows.key.slice(0, 12)],
        ['key_gone', 'revoked key', ['BTC-USD'], '5000', 3, rows.revokedKey.slice(0, 12)],
      ]);
      const revoked = await old.admin('DELETE', '/admin/v1/tokens/tok_old');
      expect(revoked.body).toMatchObject({ id: 'tok_old', kind: 'app', resource: 'sandbox.rampart.test', reduce_only: true, revoked_at: expect.any(Number) });
      expectError(await old.sandboxCall('GET', '/v1/accounts', { key: rows.token }), 401, 'revoked_token');
    } finally {
      await old.close();
    }
    const db = new Database(join(dir, 'rampart.db'), { readonly: true });
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('api_keys', 'access_tokens', 'credentials')").pluck().all();
    expect(tables).toEqual(['credentials']);
    expect(db.prepare('SELECT id, kind, token_kind FROM credentials ORDER BY created_at').all()).toEqual([
      { id: 'key_old', kind: 'key', token_kind: null },
      { id: 'key_gone', kind: 'key', token_kind: null },
      { id: 'tok_old', kind: 'token', token_kind: 'app' },
    ]);
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
