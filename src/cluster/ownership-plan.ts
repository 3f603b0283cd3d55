import type { Environment } from '../schemas/common.js';

const ENVIRONMENTS: readonly Environment[] = ['live', 'sandbox'];

/** A partition this node holds, in the order it took them (oldest first). */
export interface HeldPartition {
  readonly key: string;
  readonly environment: Environment;
}

/**
 * What a node gives back at the end of a round that took nothing, for the others to take at their next round (a
 * hand-off resumes, like a fail-over, without waiting for a lease), in the order given back — pure, so the balance
 * is a table (ownership-plan.test.ts). `fewest`: per environment and in all, the fewest partitions another live node
 * holds; `share`: the fair share of each environment's partitions.
 *
 * Per environment, the partition taken last while this node holds more than the share and another less, or two
 * more than the node holding fewest (2 / 2 / 0 of four partitions becomes 2 / 1 / 1). Then across environments (fewer
 * partitions than nodes in each: one live and one sandbox over two nodes), while it holds two more than the node
 * holding fewest in all: the last taken of those another node holds less than the share of.
 */
export function giveBacks(held: readonly HeldPartition[], fewest: ReadonlyMap<Environment | 'all', number>, share: number): string[] {
  const kept = [...held];
  const out: string[] = [];
  const least = (environment: Environment) => fewest.get(environment) ?? 0;
  const heldIn = (environment: Environment) => kept.filter((h) => h.environment === environment).length;
  const giveLastOf = (environment: Environment) => {
    const i = kept.map((h) => h.environment).lastIndexOf(environment);
    out.push(kept[i]!.key);
    kept.splice(i, 1);
  };
  for (const environment of ENVIRONMENTS) {
    while ((heldIn(environment) > share && least(environment) < share) || heldIn(environment) - least(environment) >= 2) giveLastOf(environment);
  }
  while (kept.length - (fewest.get('all') ?? 0) >= 2) {
    const last = [...kept].reverse().find((h) => least(h.environment) < share);
    if (!last) break;
    giveLastOf(last.environment);
  }
  return out;
}
