#!/usr/bin/env node
// Sums what V8's `--trace-gc` printed for a server under load: how often it scavenged, how much each scavenge left in
// the old generation (promoted: the heap after one scavenge against the heap after the one before), how much was
// allocated between scavenges, and when the mark-compacts ran. Its main isolate only (a worker's lines are left out).
//   BENCH_SERVER_FLAGS=--trace-gc BENCH_SERVER_STDOUT=/tmp/gc.txt <a bench run>; node bench/gc-trace.mjs /tmp/gc.txt [seconds=9] [orders/s]
// `seconds`: the last seconds of the trace looked at (the measured load, once the server stopped); with `orders/s`,
// figures per order too. docs/PERFORMANCE.md run 22 has what it found.
import { readFileSync } from 'node:fs';

const [file, secondsArg = '9', rateArg] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node bench/gc-trace.mjs <trace.txt> [seconds=9] [orders/s]\n');
  process.exit(2);
}
const LINE = /^\[\d+:(0x[0-9a-f]+)\]\s+(\d+) ms: (Scavenge|Mark-Compact|Mark-Sweep)(?: \(reduce\))? ([\d.]+) \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\) MB/;
const points = [];
const isolates = new Map();
for (const line of readFileSync(file, 'utf8').split('\n')) {
  const m = LINE.exec(line);
  if (!m) continue;
  isolates.set(m[1], (isolates.get(m[1]) ?? 0) + 1);
  points.push({ isolate: m[1], t: Number(m[2]), kind: m[3], before: Number(m[4]), after: Number(m[6]) });
}
if (points.length === 0) {
  process.stderr.write('no --trace-gc lines found\n');
  process.exit(1);
}
// The main isolate is the one that collected most.
const main = [...isolates.entries()].sort((a, b) => b[1] - a[1])[0][0];
const mine = points.filter((p) => p.isolate === main);
const from = mine.at(-1).t - Number(secondsArg) * 1000;
let promoted = 0;
let allocated = 0;
let span = 0;
let scavenges = 0;
for (let i = 1; i < mine.length; i++) {
  const [a, b] = [mine[i - 1], mine[i]];
  if (a.t < from || a.kind !== 'Scavenge' || b.kind !== 'Scavenge') continue;
  promoted += b.after - a.after;
  allocated += b.before - a.after;
  span += b.t - a.t;
  scavenges++;
}
const fulls = mine.filter((p) => p.kind !== 'Scavenge' && p.t >= from);
const perS = (mb) => mb / (span / 1000);
const rate = rateArg ? Number(rateArg) : undefined;
const perOrder = (mb) => (rate ? ` = ${Math.round((perS(mb) * 1e6) / rate).toLocaleString('en-US')} B per order` : '');
console.log(`last ${secondsArg} s: ${scavenges + 1} scavenges in a row, one every ${Math.round(span / Math.max(1, scavenges))} ms`);
console.log(`allocated ${perS(allocated).toFixed(1)} MB/s${perOrder(allocated)}`);
console.log(`promoted  ${perS(promoted).toFixed(2)} MB/s${perOrder(promoted)}`);
console.log(`mark-compacts: ${fulls.length}${fulls.map((p) => ` at ${p.t} ms (${p.before} → ${p.after} MB)`).join(',')}`);
