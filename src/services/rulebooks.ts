import { ApiError } from '../errors/api-error.js';
import type { Product, Rule } from '../schemas/common.js';
import type { Store } from '../store/port.js';

/**
 * Rulebook versions (docs/RULES.md "Rulebook versions"): each product's rule is kept by version in the store, one
 * setting per version (`rulebook:<product>:<version, 6 digits>`). At start the rule of config/products.json is
 * compared with the product's newest stored version; when it differs it becomes the next version. An account keeps
 * the version (and the rule) it was opened with; the operator may move it to a newer one.
 */
export interface RuleVersion {
  version: number;
  rule: Rule;
}

const PREFIX = 'rulebook:';
const key = (product: string, version: number) => `${PREFIX}${product}:${String(version).padStart(6, '0')}`;

/** JSON with object keys sorted, so that two equal rules compare equal whatever order their fields were written in. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

export class Rulebooks {
  private readonly versions = new Map<string, RuleVersion[]>();

  constructor(
    private readonly store: Pick<Store, 'listSettings' | 'transaction'>,
    private readonly products: readonly Product[],
  ) {}

  /** Reads the stored versions and stores the configured rule as a new version of each product whose rule changed. */
  async sync(): Promise<void> {
    for (const p of this.products) {
      let stored = await this.read(p.id);
      const newest = stored.at(-1);
      if (!newest || canonical(newest.rule) !== canonical(p.rule)) {
        const version = (newest?.version ?? 0) + 1;
        await this.store.transaction((tx) => tx.setSetting(key(p.id, version), JSON.stringify(p.rule)));
        stored = await this.read(p.id);
      }
      this.versions.set(p.id, stored);
    }
  }

  private async read(product: string): Promise<RuleVersion[]> {
    const rows = await this.store.listSettings(`${PREFIX}${product}:`);
    return rows.map((r) => ({ version: Number(r.name.slice(r.name.lastIndexOf(':') + 1)), rule: JSON.parse(r.value) as Rule }));
  }

  /** The version new accounts of the product are opened on (1 before the first sync). */
  current(product: string): number {
    return this.versions.get(product)?.at(-1)?.version ?? 1;
  }

  list(product: string): RuleVersion[] {
    return this.versions.get(product) ?? [];
  }

  /** A version of the product's rulebook; invalid_request naming the versions there are when it is not one. */
  require(product: string, version: number): RuleVersion {
    const v = this.list(product).find((x) => x.version === version);
    if (!v) {
      throw new ApiError('invalid_request', {
        message: `Product ${product} has no rulebook version ${version} (it has ${this.list(product).map((x) => x.version).join(', ') || 'none'}).`,
        details: { field: 'rule_version' },
      });
    }
    return v;
  }
}
