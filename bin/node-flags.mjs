// The Node.js options `rampart serve` runs with (`npm start`, `npm run cluster` and the benchmarks pass them; a
// deployment that runs `node bin/rampart.mjs serve` or the `rampart` command itself passes them too, on the command
// line or in NODE_OPTIONS: docs/DEPLOYMENT.md, Operating).
//
// --max-semi-space-size=32: V8's young generation at 2 × 32 MB instead of its default 2 × 16 MB. Under a steady
// flow of orders the default scavenged about twice a second and promoted ≈4 kB per order (what lives past two
// scavenges: cached records, batches waiting for their sync) into the old generation, which then needed a full
// mark-compact every 4–5 s at 500 orders/s; its concurrent marking took both cores of a 2-core box for ≈50 ms each
// time and held the orders of that moment (30–60 of them answered in 20–70 ms): the open loop's p99 was those
// clusters. With 32 MB no mark-compact ran in 20 s of the same load and the p99 fell from 14–34 ms to 5.5–7.3 ms
// (docs/PERFORMANCE.md, run 22), for at most 32 MB more memory.
export const NODE_FLAGS = ['--max-semi-space-size=32'];
