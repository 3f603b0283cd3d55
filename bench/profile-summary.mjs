#!/usr/bin/env node
// Sums the self time of a V8 CPU profile (node --cpu-prof; the bench writes one per server with BENCH_PROFILE=dir)
// by module and by function, into two top-N markdown tables. Code of the bundle (dist/rampart.mjs) is mapped back
// to its source file through the bundle's source map; packages are named by their node_modules folder.
//   node bench/profile-summary.mjs <file.cpuprofile> [top=25] [requests] [from-ms] [to-ms]
// With `requests` (how many the server answered while profiled), each row also shows µs per request; `from-ms` and
// `to-ms` (since the profile began) keep only the samples of the measured load, without start-up and warm-up.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

const [file, topArg = '25', requestsArg, fromArg, toArg] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node bench/profile-summary.mjs <file.cpuprofile> [top=25] [requests] [from-ms] [to-ms]\n');
  process.exit(2);
}
const top = Number(topArg);
const requests = requestsArg ? Number(requestsArg) : undefined;
const fromUs = fromArg ? Number(fromArg) * 1000 : 0;
const toUs = toArg ? Number(toArg) * 1000 : Infinity;
const profile = JSON.parse(readFileSync(file, 'utf8'));

const maps = new Map();
function sourceMapOf(url) {
  if (!maps.has(url)) {
    let map = null;
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(url)}.map`, 'utf8')));
    } catch {
      /* no map beside it */
    }
    maps.set(url, map);
  }
  return maps.get(url);
}

/** Where a frame's code lives: a source file of Rampart, a package, a part of node, or V8's own bucket. */
function place(frame) {
  const { url, lineNumber, columnNumber, functionName } = frame;
  if (!url) return { module: functionName || '(anonymous)', fn: functionName || '(anonymous)' };
  const name = functionName || '(anonymous)';
  if (url.startsWith('node:')) return { module: url.split('/').slice(0, 2).join('/'), fn: `${name} ${url}` };
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + '/node_modules/'.length).split('/');
    const pkg = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
    return { module: pkg, fn: `${name} ${pkg}` };
  }
  const map = url.startsWith('file:') ? sourceMapOf(url) : null;
  const entry = map?.findEntry(lineNumber, columnNumber);
  if (entry?.originalSource) {
    const source = entry.originalSource.replace(/^.*?\/(src|bench)\//, '$1/');
    return { module: source, fn: `${name} ${source}:${entry.originalLine + 1}` };
  }
  const short = url.replace(/^.*\//, '');
  return { module: short, fn: `${name} ${short}:${lineNumber + 1}` };
}

// Self time per node: each sample's time delta belongs to the node it landed in.
const selfUs = new Map();
let at = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const delta = profile.timeDeltas[i] ?? 0;
  at += delta;
  if (at < fromUs || at > toUs) continue;
  selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + delta);
}

const byModule = new Map();
const byFunction = new Map();
let busy = 0;
let idle = 0;
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  if (!us) continue;
  if (node.callFrame.functionName === '(idle)') {
    idle += us;
    continue;
  }
  busy += us;
  const { module, fn } = place(node.callFrame);
  byModule.set(module, (byModule.get(module) ?? 0) + us);
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
}

const ms = (us) => (us / 1000).toFixed(1);
function tableOf(title, totals) {
  const rows = [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  const head = requests ? `| ${title} | self ms | share | µs/request |\n|---|---:|---:|---:|` : `| ${title} | self ms | share |\n|---|---:|---:|`;
  const lines = rows.map(([name, us]) => {
    const cells = [name.replaceAll('|', '\\|'), ms(us), `${((us / busy) * 100).toFixed(1)}%`];
    if (requests) cells.push((us / requests).toFixed(1));
    return `| ${cells.join(' | ')} |`;
  });
  return [head, ...lines].join('\n');
}

const perRequest = requests ? `, ${(busy / requests).toFixed(0)} µs per request over ${requests} requests` : '';
process.stdout.write(`Main thread: ${ms(busy)} ms busy, ${ms(idle)} ms idle${perRequest}\n\n`);
process.stdout.write(`${tableOf('module', byModule)}\n\n${tableOf('function', byFunction)}\n`);
