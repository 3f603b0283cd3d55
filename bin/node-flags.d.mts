/** The Node.js options `rampart serve` runs with (bin/node-flags.mjs). */
export declare const NODE_FLAGS: readonly string[];
