import type { FastifyPluginAsync } from 'fastify';

/**
 * The dashboard's page (docs/DASHBOARD.md "The page"). Until the bundle is built into dist/dashboard/ this answers
 * GET / with a short page saying so; the page's own module replaces this one (same export, same options).
 */
export const dashboardPages: FastifyPluginAsync<{ apiUrls: { live: string; sandbox: string } }> = async (app) => {
  app.get('/', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Rampart dashboard</title></head>' +
          '<body><h1>Rampart dashboard</h1><p>The dashboard bundle is not built: run <code>npm run build:dashboard</code>.</p></body></html>',
      ),
  );
};
