import type { LockWrites } from '../port.js';
/**
 * Named locks between nodes: SQLite has one process, whose transactions run one at a time on one connection,
 * so a transaction already holds every lock it could ask for.
 */
export function lockWrites(): LockWrites {
  return {
    lock: async (_name: string) => undefined,
    tryLock: async (_name: string) => true,
  };
}
