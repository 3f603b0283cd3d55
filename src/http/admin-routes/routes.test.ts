import { describe, expect, it } from 'vitest';
import { adminRouteCodes } from '../admin-route.js';
import { adminRoutes, faultRoutes } from './index.js';

describe('operator route definitions', () => {
  const all = [...adminRoutes, ...faultRoutes];

  it('name each operation once, under /admin/v1, one method and path per definition', () => {
    const ids = all.map((d) => d.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]+$/);
    const routes = all.map((d) => `${d.method} ${d.url}`);
    expect(new Set(routes).size).toBe(routes.length);
    for (const d of all) {
      expect(d.url, d.operationId).toMatch(/^\/admin\/v1\//);
      expect(d.summary, d.operationId).not.toMatch(/\n/);
      expect(d.tags.length, d.operationId).toBeGreaterThan(0);
    }
  });

  it('keep fault injection out of the routes every operator API has', () => {
    expect(adminRoutes.some((d) => d.url === '/admin/v1/faults')).toBe(false);
    expect(faultRoutes.map((d) => `${d.method} ${d.url}`)).toEqual(['POST /admin/v1/faults']);
  });

  it('list the codes of the token check, and of the input checks only where the route takes input', () => {
    const byId = new Map(all.map((d) => [d.operationId, d]));
    const getClock = adminRouteCodes(byId.get('getClock')!);
    expect(getClock).toEqual(expect.arrayContaining(['missing_api_key', 'invalid_api_key']));
    expect(getClock).not.toContain('invalid_json');
    expect(getClock).not.toContain('invalid_parameter');
    const revokeKey = adminRouteCodes(byId.get('revokeKey')!);
    expect(revokeKey).toEqual(expect.arrayContaining(['invalid_parameter', 'route_not_found']));
    expect(revokeKey).not.toContain('invalid_json');
    expect(adminRouteCodes(byId.get('createCustomer')!)).toEqual(expect.arrayContaining(['invalid_json', 'unknown_field', 'unsupported_media_type']));
  });
});
