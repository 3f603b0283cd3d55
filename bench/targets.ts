// The performance targets (docs/PERFORMANCE.md, "Targets"), judged on one results file: each figure beside the
// baseline of the same run, so a noisy box moves both.

/** One target as measured: what was wanted, what was found, and whether it holds (undefined: not measured). */
export interface TargetRow {
  target: string;
  goal: string;
  measured: string;
  met: boolean | undefined;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- results.json is read as the sections wrote it
type Results = Record<string, any>;

const pct = (x: number) => `${Math.round(x * 100)}%`;
const int = (x: number) => Math.round(x).toLocaleString('en-US');
const missing = (target: string, goal: string): TargetRow => ({ target, goal, measured: 'not measured', met: undefined });

/** Every target row the results hold a figure for, in the order of the table in docs/PERFORMANCE.md. */
export function judgeTargets(r: Results): TargetRow[] {
  const rows: TargetRow[] = [];
  const http = r.http;
  const base = http?.baseline?.rps as number | undefined;
  const ratioRow = (target: string, goal: number, rps: number | undefined) => {
    if (!base || rps === undefined) return missing(target, `≥ ${pct(goal)} of the bare route`);
    return { target, goal: `≥ ${pct(goal)} of the bare route`, measured: `${int(rps)}/s = ${pct(rps / base)} of ${int(base)}/s`, met: rps / base >= goal };
  };
  rows.push(ratioRow('place market order, SQLite, 50 connections', 0.25, http?.placeMarket?.rps));
  const orderCpu = http?.placeMarket?.cpuUs as number | undefined;
  const bareCpu = http?.baseline?.cpuUs as number | undefined;
  rows.push(
    orderCpu !== undefined
      ? { target: 'server CPU per placed market order, SQLite', goal: '≤ 150 µs', measured: `${int(orderCpu)} µs${bareCpu !== undefined ? ` (bare route ${int(bareCpu)} µs)` : ''}`, met: orderCpu <= 150 }
      : missing('server CPU per placed market order, SQLite', '≤ 150 µs'),
  );
  const atHalf = http?.placeMarketAtHalf as { offered: number; rps: number; p99: number } | undefined;
  rows.push(
    atHalf
      ? {
          target: 'place market order offered at half the closed-loop rate (open loop; issue 28)',
          goal: 'p99 ≤ 5 ms',
          measured: `${int(atHalf.offered)}/s offered, ${int(atHalf.rps)}/s answered, p99 ${Math.round(atHalf.p99 * 10) / 10} ms`,
          met: atHalf.p99 <= 5 && atHalf.rps >= atHalf.offered * 0.98,
        }
      : missing('place market order offered at half the closed-loop rate (open loop; issue 28)', 'p99 ≤ 5 ms'),
  );
  const at2000 = (http?.placeMarketAt as { offered: number; rps: number; p99: number }[] | undefined)?.find((x) => x.offered === 2000);
  rows.push(
    at2000
      ? { target: 'place market order offered at 2,000/s (open loop)', goal: 'p99 ≤ 5 ms', measured: `${int(at2000.rps)}/s answered, p99 ${Math.round(at2000.p99 * 10) / 10} ms`, met: at2000.p99 <= 5 && at2000.rps >= 1960 }
      : missing('place market order offered at 2,000/s (open loop)', 'p99 ≤ 5 ms'),
  );
  const pgOne = r.pg?.pgOneNode?.rps as number | undefined;
  const pgThree = r.pg?.pgThreeNodes?.rps as number | undefined;
  const pgRouted = r.pg?.pgThreeNodesRouted?.rps as number | undefined;
  const sqlite = (r.pg?.sqlite?.rps as number | undefined) ?? (http?.placeMarket?.rps as number | undefined);
  rows.push(
    pgOne !== undefined && sqlite
      ? {
          target: 'place market order, PostgreSQL one node (three nodes)',
          goal: '≥ 50% of the SQLite rate',
          measured: `${int(pgOne)}/s = ${pct(pgOne / sqlite)} of ${int(sqlite)}/s${pgThree !== undefined ? ` (three nodes ${int(pgThree)}/s${pgRouted !== undefined ? `, routed to the owner ${int(pgRouted)}/s` : ''})` : ''}`,
          met: pgOne / sqlite >= 0.5,
        }
      : missing('place market order, PostgreSQL one node (three nodes)', '≥ 50% of the SQLite rate'),
  );
  rows.push(
    pgOne !== undefined && pgThree !== undefined
      ? {
          target: 'place market order, PostgreSQL three nodes on the same box (spread over the nodes)',
          goal: "≥ one node's rate",
          measured: `${int(pgThree)}/s = ${(pgThree / pgOne).toFixed(2)}× one node's ${int(pgOne)}/s${pgRouted !== undefined ? ` (routed to the owner ${int(pgRouted)}/s = ${(pgRouted / pgOne).toFixed(2)}×)` : ''}`,
          met: pgThree >= pgOne,
        }
      : missing('place market order, PostgreSQL three nodes on the same box (spread over the nodes)', "≥ one node's rate"),
  );
  const lockWaits = r.pg?.pgThreeNodes?.lockWaits as { samples: number; withWaits: number } | undefined;
  rows.push(
    lockWaits
      ? { target: 'lock waits between partitions, PostgreSQL three nodes under load', goal: 'none', measured: `${lockWaits.withWaits} of ${lockWaits.samples} samples`, met: lockWaits.withWaits === 0 }
      : missing('lock waits between partitions, PostgreSQL three nodes under load', 'none'),
  );
  const read = ratioRow('GET /v1/accounts/{id}', 0.5, http?.readAccount?.rps);
  // Beside it, the bare route answering the account's own ≈1.3 kB body (its rate is the bound a read's answer sets).
  const sameBody = http?.baselineAccountBody?.rps as number | undefined;
  const readRps = http?.readAccount?.rps as number | undefined;
  if (sameBody && readRps !== undefined) read.measured += ` (${pct(readRps / sameBody)} of the bare route answering the same body, ${int(sameBody)}/s)`;
  rows.push(read);
  rows.push(ratioRow('list of 100 orders', 0.25, http?.readOrders?.rps));

  // The row with a quarter on the intraday-equity product and one size per market (the varied-sizes row is beside it).
  const riskRows = r.risk as { products: string; sizes?: string; ticksPerSecond: number; touchedShare: number }[] | undefined;
  const peak = riskRows?.find((x) => x.products.includes('funded-100k') && (x.sizes === undefined || x.sizes === 'one per market'));
  rows.push(
    peak
      ? { target: 'ticks/s, 10k accounts, ¼ on peak-equity rules', goal: '≥ 100,000', measured: `${int(peak.ticksPerSecond)} (share looked at ${peak.touchedShare})`, met: peak.ticksPerSecond >= 100_000 }
      : missing('ticks/s, 10k accounts, ¼ on peak-equity rules', '≥ 100,000'),
  );
  // Every account on one of the firms' rule variants (docs/RULES.md), one size per market.
  const rulebooks = riskRows?.find((x) => x.products.includes('soft-limits'));
  rows.push(
    rulebooks
      ? { target: "ticks/s, 10k accounts, every one on the firms' rule variants", goal: '≥ 100,000', measured: `${int(rulebooks.ticksPerSecond)} (share looked at ${rulebooks.touchedShare})`, met: rulebooks.ticksPerSecond >= 100_000 }
      : missing("ticks/s, 10k accounts, every one on the firms' rule variants", '≥ 100,000'),
  );
  const calm = (r.ticks as { n: number; triggers: string; path: string; 'ticks/s': number }[] | undefined)?.find((x) => x.n === 100000 && x.triggers === 'stops + exits' && x.path === 'no fills');
  rows.push(
    calm
      ? { target: 'ticks/s, no fills, 100k triggers (half exits)', goal: '≥ 1,000,000', measured: int(calm['ticks/s']), met: calm['ticks/s'] >= 1_000_000 }
      : missing('ticks/s, no fills, 100k triggers (half exits)', '≥ 1,000,000'),
  );
  const peer = r.peer as { n: number; speedup: number; oursTriggers: number; peerTriggers: number }[] | undefined;
  rows.push(
    peer?.length
      ? {
          target: `peer nodejs-order-book at ${peer.map((p) => int(p.n)).join(' / ')} stops`,
          goal: '≥ 2× at every size, same triggers',
          measured: peer.map((p) => `${p.speedup}×`).join(' / '),
          met: peer.every((p) => p.speedup >= 2 && p.oursTriggers === p.peerTriggers) && [1000, 10000, 100000].every((n) => peer.some((p) => p.n === n)),
        }
      : missing('peer nodejs-order-book at 1k / 10k / 100k stops', '≥ 2× at every size'),
  );
  const start = (r.startup as { events: number; workingOrders: number; startMs: number }[] | undefined)?.find((x) => x.workingOrders >= 100000 && x.events >= 1_000_000);
  rows.push(
    start
      ? { target: 'start-up, 1M events + 100k working orders', goal: '≤ 3,000 ms', measured: `${int(start.startMs)} ms`, met: start.startMs <= 3000 }
      : missing('start-up, 1M events + 100k working orders', '≤ 3,000 ms'),
  );
  const failovers = r.pg?.failover as { pauseMs: number[]; lost: number; doubled: number }[] | undefined;
  const pauses = failovers?.flatMap((f) => f.pauseMs) ?? [];
  rows.push(
    failovers?.length && pauses.length
      ? {
          target: 'fail-over pause, kill -9 of a partition owner, 3 nodes',
          goal: '≤ 5,000 ms, nothing lost or doubled',
          measured: `${int(Math.max(...pauses))} ms at most (${pauses.map(int).join(' / ')})`,
          met: Math.max(...pauses) <= 5000 && failovers.every((f) => f.lost === 0 && f.doubled === 0),
        }
      : missing('fail-over pause, kill -9 of a partition owner, 3 nodes', '≤ 5,000 ms, nothing lost or doubled'),
  );
  const kill = r.failover?.kill as { pauseMs: number[]; lost: number; doubled: number; leaseMs: number } | undefined;
  rows.push(
    kill?.pauseMs.length
      ? {
          target: 'trading resumed after kill -9 of a partition owner (failover section)',
          goal: '≤ 2,000 ms, nothing lost or doubled',
          measured: `${int(Math.max(...kill.pauseMs))} ms at most (${kill.pauseMs.map(int).join(' / ')}; lease ${int(kill.leaseMs)} ms)`,
          met: Math.max(...kill.pauseMs) <= 2000 && kill.lost === 0 && kill.doubled === 0,
        }
      : missing('trading resumed after kill -9 of a partition owner (failover section)', '≤ 2,000 ms, nothing lost or doubled'),
  );
  const freeze = r.failover?.freeze as { pauseMs: number[]; othersLongestMs: number; lost: number; doubled: number; leaseMs: number } | undefined;
  rows.push(
    freeze
      ? {
          target: 'a partition owner frozen: the other partitions\' longest wait',
          goal: '≤ 1,000 ms',
          measured: `${int(freeze.othersLongestMs)} ms`,
          met: freeze.othersLongestMs <= 1000,
        }
      : missing('a partition owner frozen: the other partitions\' longest wait', '≤ 1,000 ms'),
  );
  rows.push(
    freeze?.pauseMs.length
      ? {
          target: 'a partition owner frozen: its partitions trade again on another node',
          goal: 'within the lease + 2,000 ms, nothing lost or doubled',
          measured: `${int(Math.max(...freeze.pauseMs))} ms at most (lease ${int(freeze.leaseMs)} ms)`,
          met: Math.max(...freeze.pauseMs) <= freeze.leaseMs + 2000 && freeze.lost === 0 && freeze.doubled === 0,
        }
      : missing('a partition owner frozen: its partitions trade again on another node', 'within the lease + 2,000 ms, nothing lost or doubled'),
  );
  return rows;
}
