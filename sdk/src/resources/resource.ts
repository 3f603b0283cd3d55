import type { Transport } from '../transport.js';

/** A group of operations of one resource, sharing the client's transport. */
export abstract class Resource {
  constructor(protected readonly transport: Transport) {}
}
