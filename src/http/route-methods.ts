import type { FastifyInstance, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import { ApiError } from '../errors/api-error.js';
import { ROUTER_OPTIONS } from './instance.js';

/**
 * The paths of an instance with their methods, to answer an unrouted request 405 method_not_allowed (with Allow)
 * when its path exists with other methods, and 404 route_not_found otherwise — whatever the method: PROPFIND,
 * CONNECT (see instance.ts) or one Node does not know of are all unrouted requests.
 */
export function trackRouteMethods(app: FastifyInstance): (request: FastifyRequest) => ApiError {
  const paths = FindMyWay({ ...ROUTER_OPTIONS });
  const methodsByPath = new Map<string, Set<string>>();
  app.addHook('onRoute', (opts) => {
    const set = methodsByPath.get(opts.url) ?? new Set<string>();
    if (!methodsByPath.has(opts.url)) {
      methodsByPath.set(opts.url, set);
      paths.on('GET', opts.url, () => undefined, { url: opts.url });
    }
    for (const m of Array.isArray(opts.method) ? opts.method : [opts.method]) set.add(m);
  });
  return (request) => {
    const path = request.url.split('?')[0] ?? '/';
    const url = (paths.find('GET', path)?.store as { url?: string } | undefined)?.url;
    if (url) {
      const allow = [...(methodsByPath.get(url) ?? [])].sort();
      return new ApiError('method_not_allowed', { details: { allow }, headers: { Allow: allow.join(', ') } });
    }
    return new ApiError('route_not_found', { details: { path } });
  };
}
