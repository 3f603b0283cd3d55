import type { Engine } from '../engine/engine.js';
import type { Environment } from '../schemas/common.js';
import type { Fence } from '../store/fence.js';
import type { AccountRecord, EventCounter } from '../store/port.js';
import { partitionOf } from './partition.js';

/** One engine partition this node owns: its engine and the lease its writes are fenced by. */
export interface Partition {
  readonly key: string;
  readonly environment: Environment;
  readonly partition: number;
  readonly fence: Fence;
  engine: Engine;
  /**
   * The event counters of the partition's customers (docs/ARCHITECTURE.md, "The event log"): this partition alone
   * numbers their events while it holds them, so the counter lives here; read from the store when the partition is
   * taken (or a customer first writes), it only ever grows (a rolled-back number is skipped, never reused).
   */
  readonly events: Map<string, EventCounter>;
}

/** This node holds no engine for the account's partition (another node owns it, or nobody does yet). */
export class PartitionNotHeldError extends Error {
  override readonly name = 'PartitionNotHeldError';
  constructor(
    readonly environment: Environment,
    readonly partition: number,
  ) {
    super(`this node does not hold ${environment} engine partition ${partition}`);
  }
}

export const partitionKey = (env: Environment, partition: number) => `${env}/${partition}`;

/**
 * The partitions this node holds, which partition each account it has seen is in, and which engines may hold
 * changes their transaction rolled back (stale: rebuilt from the store before they act again).
 */
export class PartitionSet {
  private readonly parts = new Map<string, Partition>();
  /**
   * Account → its partition (the hash of its customer, worked out once: every request about an account asks), for
   * every account this node has seen.
   */
  private readonly accounts = new Map<string, number>();
  private readonly stale = new Set<string>();

  constructor(private readonly count: number) {}

  /**
   * The engine partition of an account (the same on every node): the hash of its customer's id, so every account
   * of a customer is in one partition and the limits across a customer's accounts (working-order cap, exposure cap
   * of a product) are judged by one engine. The account must be known (`learn`).
   */
  partitionOf(accountId: string): number {
    const partition = this.accounts.get(accountId);
    if (partition === undefined) throw new Error(`the customer of account ${accountId} is not known here`);
    return partition;
  }

  knows(accountId: string): boolean {
    return this.accounts.has(accountId);
  }

  /** Notes an account's customer from its record. */
  learn(a: Pick<AccountRecord, 'id' | 'customer_id'>): void {
    if (!this.accounts.has(a.id)) this.accounts.set(a.id, partitionOf(a.customer_id, this.count));
  }

  /** Whether this node holds the account's partition (false for an account not known here yet). */
  holds(env: Environment, accountId: string): boolean {
    const partition = this.accounts.get(accountId);
    return partition !== undefined && this.parts.has(partitionKey(env, partition));
  }

  /** The account's partition when this node holds it. */
  ofAccount(env: Environment, accountId: string): Partition | undefined {
    return this.parts.get(partitionKey(env, this.partitionOf(accountId)));
  }

  /** The account's partition; PartitionNotHeldError when this node does not hold it. */
  require(env: Environment, accountId: string): Partition {
    const p = this.partitionOf(accountId);
    const part = this.parts.get(partitionKey(env, p));
    if (!part) throw new PartitionNotHeldError(env, p);
    return part;
  }

  /** Whether `part` is still the one held under its key (not let go, not taken again since). */
  current(part: Partition): boolean {
    return this.parts.get(part.key) === part;
  }

  all(): Partition[] {
    return [...this.parts.values()];
  }

  /** The partitions of an environment (all of them when undefined). */
  of(environment: Environment | undefined): Partition[] {
    return this.all().filter((p) => environment === undefined || p.environment === environment);
  }

  /** Held from now on (fresh: not stale). */
  put(part: Partition): void {
    this.stale.delete(part.key);
    this.parts.set(part.key, part);
  }

  /** Let go; answers whether it was held. */
  remove(key: string): boolean {
    this.stale.delete(key);
    return this.parts.delete(key);
  }

  isStale(part: Partition): boolean {
    return this.stale.has(part.key);
  }

  markStale(part: Partition): void {
    this.stale.add(part.key);
  }

  markFresh(part: Partition): void {
    this.stale.delete(part.key);
  }
}
