import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DASHBOARD_DIST, ensureDashboardBuilt } from '../../bin/build-dashboard.mjs';
import { ApiError } from '../errors/api-error.js';

/**
 * The single-page app on the dashboard host (docs/DASHBOARD.md): dist/dashboard, built from dashboard/ when missing
 * or older than its sources (so `npm start` needs no build step), read into memory once. Hashed assets are cached
 * for good; index.html is revalidated on every load so a new build reaches the next page load. Any other GET of a
 * page path answers index.html (the page routes on history.pushState, so deep links and reloads land there), but an
 * unknown /session/… or /assets/… path is a JSON 404 like every unrouted request.
 */
export interface DashboardPagesOptions {
  /** The API hosts the page calls (CORS answers them for the dashboard's origin): the only connect-src beside 'self'. */
  apiUrls: { live: string; sandbox: string };
}

interface Asset {
  body: Buffer;
  /** The same bytes gzipped once at load (scripts and styles shrink to about a third), when that is smaller. */
  gzip: Buffer | null;
  type: string;
}

function asset(body: Buffer, type: string): Asset {
  const gz = /^(text\/|application\/json)/.test(type) ? gzipSync(body, { level: 9 }) : null;
  return { body, gzip: gz && gz.length < body.length ? gz : null, type };
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

let loaded: { at: number; index: Asset; assets: Map<string, Asset> } | null = null;

/** The built files, read once per build: every listener of the process shares them. */
function load(): { index: Asset; assets: Map<string, Asset> } {
  const at = statSync(join(DASHBOARD_DIST, 'index.html')).mtimeMs;
  if (loaded?.at === at) return loaded;
  const assets = new Map<string, Asset>();
  for (const name of readdirSync(DASHBOARD_DIST)) {
    if (name === 'index.html') continue;
    assets.set(name, asset(readFileSync(join(DASHBOARD_DIST, name)), TYPES[extname(name)] ?? 'application/octet-stream'));
  }
  loaded = { at, index: asset(readFileSync(join(DASHBOARD_DIST, 'index.html')), TYPES['.html']!), assets };
  return loaded;
}

/** Nothing runs but the bundle, styles are the bundle's, and the page talks to this host and the two API hosts only. */
export function contentSecurityPolicy(apiUrls: DashboardPagesOptions['apiUrls']): string {
  const apis = [...new Set([new URL(apiUrls.live).origin, new URL(apiUrls.sandbox).origin])].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self' ${apis}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const dashboardPages: FastifyPluginAsync<DashboardPagesOptions> = async (app, opts) => {
  await ensureDashboardBuilt();
  let built: ReturnType<typeof load>;
  try {
    built = load();
  } catch {
    // A process building at the same moment was swapping its copy into place: it is there a moment later.
    await ensureDashboardBuilt();
    built = load();
  }
  const { index, assets } = built;
  const csp = contentSecurityPolicy(opts.apiUrls);

  const common = (reply: FastifyReply) =>
    reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'same-origin').header('content-security-policy', csp);

  const send = (request: FastifyRequest, reply: FastifyReply, a: Asset) => {
    reply.header('vary', 'accept-encoding').type(a.type);
    const accepts = request.headers['accept-encoding'];
    if (a.gzip && typeof accepts === 'string' && /\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(a.gzip);
    return reply.send(a.body);
  };

  const page = (request: FastifyRequest, reply: FastifyReply) =>
    send(request, common(reply).header('cache-control', 'no-cache').header('x-frame-options', 'DENY'), index);

  app.get('/assets/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const found = assets.get(file);
    if (!found) throw new ApiError('route_not_found', { details: { path: request.url.split('?')[0] } });
    // The name carries the content's hash: a new build is a new name, so this one never changes.
    return send(request, common(reply).header('cache-control', 'public, max-age=31536000, immutable'), found);
  });

  app.get('/', page);
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/session/') || path === '/session' || path.startsWith('/assets/')) throw new ApiError('route_not_found', { details: { path } });
    return page(request, reply);
  });
};
