import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODES } from '../errors/codes.js';
import { sessionRouteCodes, type SessionRouteDef } from '../dashboard/session-route.js';
import { sessionRoutes } from '../dashboard/routes/index.js';
import { adminRouteCodes } from './admin-route.js';
import { adminRoutes, faultRoutes } from './admin-routes/index.js';
import type { Operation } from './route-definition.js';
import { routeCodes } from './route.js';
import { apiRoutes } from './routes/index.js';

const SRC = join(import.meta.dirname, '..');

/** The three surfaces: where their route files are, what each definition is made with, and the routes registered. */
const surfaces = [
  { name: 'public API', dir: 'http/routes', define: 'defineRoute', prefix: /^\/v1\//, routes: apiRoutes as Operation[] },
  { name: 'operator API', dir: 'http/admin-routes', define: 'defineAdminRoute', prefix: /^\/admin\/v1\//, routes: [...adminRoutes, ...faultRoutes] as Operation[] },
  { name: 'dashboard', dir: 'dashboard/routes', define: 'defineSessionRoute', prefix: /^\/(session|consent)(\/|$)/, routes: sessionRoutes as Operation[] },
];

/** Every .ts file under a folder, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('route definitions (one convention for the public, operator and dashboard routes)', () => {
  for (const s of surfaces) {
    it(`${s.name}: one operation per file, as its default export, and every such file registered`, () => {
      const files = sources(join(SRC, s.dir));
      const defining = files.filter((f) => readFileSync(f, 'utf8').includes(`${s.define}(`));
      for (const f of defining) {
        const text = readFileSync(f, 'utf8');
        const where = relative(SRC, f);
        expect(text.split(`${s.define}(`).length - 1, `${where} defines one route`).toBe(1);
        expect(text, `${where} exports its route as default`).toContain(`export default ${s.define}(`);
      }
      // Files that define no route hold what several share (schemas, helpers, the list itself).
      expect(defining.length, `${s.name}: route files against routes registered`).toBe(s.routes.length);
    });

    it(`${s.name}: each operation named once, under its prefix, with a one-line summary, a description, tags and catalogue codes`, () => {
      const ids = s.routes.map((d) => d.operationId);
      expect(new Set(ids).size, ids.join(' ')).toBe(ids.length);
      const routes = s.routes.map((d) => `${d.method} ${d.url}`);
      expect(new Set(routes).size).toBe(routes.length);
      for (const d of s.routes) {
        expect(d.operationId).toMatch(/^[a-z][A-Za-z]+$/);
        expect(d.url, d.operationId).toMatch(s.prefix);
        expect(d.summary, d.operationId).toMatch(/^[^\n]+$/);
        expect(d.description.length, d.operationId).toBeGreaterThan(10);
        expect(d.tags.length, d.operationId).toBeGreaterThan(0);
        for (const code of d.errors) expect(CODES[code], `${d.operationId}: ${code}`).toBeDefined();
      }
    });
  }

  it('operator routes: fault injection stays out of the routes every operator API has', () => {
    expect(adminRoutes.some((d) => d.url === '/admin/v1/faults')).toBe(false);
    expect(faultRoutes.map((d) => `${d.method} ${d.url}`)).toEqual(['POST /admin/v1/faults']);
  });

  it('operator routes: the codes of the token check, and of the input checks only where the route takes input', () => {
    const byId = new Map([...adminRoutes, ...faultRoutes].map((d) => [d.operationId, d]));
    const getClock = adminRouteCodes(byId.get('getClock')!);
    expect(getClock).toEqual(expect.arrayContaining(['missing_api_key', 'invalid_api_key']));
    expect(getClock).not.toContain('invalid_json');
    expect(getClock).not.toContain('invalid_parameter');
    const revokeKey = adminRouteCodes(byId.get('revokeKey')!);
    expect(revokeKey).toEqual(expect.arrayContaining(['invalid_parameter', 'route_not_found']));
    expect(revokeKey).not.toContain('invalid_json');
    expect(adminRouteCodes(byId.get('createCustomer')!)).toEqual(expect.arrayContaining(['invalid_json', 'unknown_field', 'unsupported_media_type']));
  });

  it('dashboard routes: CSRF where a route changes something, the session where it needs one, input codes where it takes input', () => {
    const byId = new Map(sessionRoutes.map((d) => [d.operationId, d]));
    const codes = (id: string) => sessionRouteCodes(byId.get(id)!);
    expect(codes('getDashboardConfig')).not.toContain('csrf_failed');
    expect(codes('getDashboardConfig')).not.toContain('session_required');
    expect(codes('getDashboardConfig')).not.toContain('invalid_json');
    expect(codes('signIn')).toEqual(expect.arrayContaining(['csrf_failed', 'invalid_json', 'invalid_credentials', 'too_many_attempts']));
    expect(codes('signIn')).not.toContain('session_required');
    expect(codes('revokeKey')).toEqual(expect.arrayContaining(['csrf_failed', 'session_required', 'invalid_parameter', 'route_not_found']));
    expect(codes('getSession')).toEqual(expect.arrayContaining(['session_required']));
    for (const d of sessionRoutes as SessionRouteDef[]) expect(sessionRouteCodes(d), d.operationId).toContain('uri_too_long');
  });

  it('dashboard routes: docs/DASHBOARD.md lists exactly the routes registered, in their order', () => {
    const doc = readFileSync(join(SRC, '..', 'docs', 'DASHBOARD.md'), 'utf8');
    const table = doc.slice(doc.indexOf('## Session routes'), doc.indexOf('What the routes do beyond the table'));
    const listed = [...table.matchAll(/^\| `(GET|POST|DELETE) ([^`]+)` \|/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(listed).toEqual(sessionRoutes.map((d) => `${d.method} ${d.url.replace(/:(\w+)/g, '{$1}')}`));
  });

  it('every public route lists codes of the catalogue, its own included', () => {
    for (const d of apiRoutes) for (const code of routeCodes(d)) expect(CODES[code], `${d.operationId}: ${code}`).toBeDefined();
  });
});
