// Loaded into the server under soak (node --import): reports its own memory and event-loop delay on stderr,
// one JSON line per interval, so the soak reads what the server sees rather than guessing from outside.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const interval = Number(process.env.SOAK_PROBE_MS ?? 5000);
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
setInterval(() => {
  const m = process.memoryUsage();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  process.stderr.write(
    `SOAK-PROBE ${JSON.stringify({
      at: Date.now(),
      rss: m.rss,
      heap_used: m.heapUsed,
      external: m.external,
      lag_p50_ms: ms(delay.percentile(50)),
      lag_p99_ms: ms(delay.percentile(99)),
      lag_max_ms: ms(delay.max),
    })}\n`,
  );
  delay.reset();
}, interval).unref();
