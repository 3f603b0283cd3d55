// The Node.js options `rampart serve` runs with (`npm start`, `npm run cluster` and the benchmarks pass them; a
// deployment that runs `node bin/rampart.mjs serve` or the `rampart` command itself passes them too, on the command
// line or in NODE_OPTIONS: docs/DEPLOYMENT.md, Operating).
//
// --max-semi-space-size=32: V8's young generation at 2 × 32 MB instead of its default 2 × 16 MB. Under a steady
// flow of orders the default scavenged about twice a second and ≈3–4 kB per order reached the old generation (which
// objects live that long is not attributed yet: docs/PERFORMANCE.md run 22 has the bisection), which then needed a full
// mark-compact every 4–5 s at 500 orders/s; its concurrent marking took both cores of a 2-core box for ≈50 ms each
// time and held the orders of that moment (30–60 of them answered in 20–70 ms): the open loop's p99 was those
// clusters. With 32 MB no mark-compact ran in 20 s of the same load and the p99 fell from 14–34 ms to 5.5–7.3 ms
// (docs/PERFORMANCE.md, run 22), for at most 32 MB more memory.
//
// --v8-pool-size=1: one V8 helper thread instead of four (Node's default). The mark-compacts that remain (at 850–950
// orders/s, every 2–6 s even with the larger young generation) ran their concurrent marking on four threads that
// took both cores from the event loop: 60–100 orders answered in 40–80 ms each time, an open-loop p99 of 40–49 ms.
// With one helper the marking leaves a core to the event loop: p99 11–18 ms at the same rates, the CPU per order and
// the closed-loop rate unchanged (run 22). V8's parallel scavenges and background compiles use that one thread too.
// Not --single-threaded-gc (all collection on the event loop): 10 ms at 850/s but 30–41 ms at 950/s.
export const NODE_FLAGS = ['--max-semi-space-size=32', '--v8-pool-size=1'];
