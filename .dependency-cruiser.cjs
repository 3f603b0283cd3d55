/**
 * Boundaries (STYLE): the engine is pure domain code; only store/ touches the database driver; no import cycle, and no
 * cycle between folders (two folders importing each other, or a longer ring) — docs/ARCHITECTURE.md, "Layers".
 */
module.exports = {
  forbidden: [
    {
      name: 'engine-is-pure',
      comment: 'engine/ must not reach HTTP, storage, events, feeds, the CLI, Fastify or SQL drivers',
      severity: 'error',
      from: { path: '^src/engine/' },
      to: { path: ['^src/(http|store|events|feed|cli|services|views|cluster|engine-host)/', '^src/(app|server|compose)\\.ts$', 'node_modules/(fastify|better-sqlite3|pg)/'] },
    },
    {
      name: 'driver-only-in-store',
      comment: 'better-sqlite3 is imported by store/ only (the PostgreSQL adapter comes in beside it)',
      severity: 'error',
      from: { pathNot: ['^src/store/', '^src/app\\.ts$', '^src/cli/'] },
      to: { path: 'node_modules/better-sqlite3/' },
    },
    {
      name: 'routes-no-sql',
      comment: 'routes call services; no SQL in route files',
      severity: 'error',
      from: { path: '^src/http/routes/' },
      to: { path: ['^src/store/sqlite/', 'node_modules/better-sqlite3/'] },
    },
    {
      name: 'routes-through-engine-port',
      comment: 'routes reach the engine only through the engine-host port (plain-data commands and queries), never the live engine or its host',
      severity: 'error',
      from: { path: '^src/http/routes/' },
      to: { path: ['^src/engine/(engine|book|close-all|state)\\.ts$', '^src/engine-host/(?!port\\.ts$)'] },
    },
    {
      name: 'routes-through-facades',
      comment:
        'route handlers reach the application through the narrow per-resource facades of their context (src/http/facades.ts), never the composition root (compose.ts) nor the store',
      severity: 'error',
      from: { path: '^src/http/routes/' },
      to: { path: ['^src/(compose|app)\\.ts$', '^src/store/'] },
    },
    {
      name: 'engine-no-node-core',
      comment: 'engine/ does no I/O and reads no time of its own: no node: core module (fs, http, timers, crypto, …)',
      severity: 'error',
      from: { path: '^src/engine/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'engine-no-config-no-packages',
      comment: 'engine/ is given its settings (markets, limits) as values, logs nothing and uses no package directly',
      severity: 'error',
      from: { path: '^src/engine/' },
      to: { path: ['^src/config/', 'node_modules/'] },
    },
    {
      name: 'no-circular',
      comment: 'no module imports itself through others',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-folder-cycles',
      comment: 'folders form layers: no two folders import each other, directly or round a ring (src/ itself holds the composition root)',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The rules are about the service's code: a test beside its module may reach helpers and other layers.
    exclude: { path: '\\.test\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.js', '.mjs'] },
  },
};
