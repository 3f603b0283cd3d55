import type { Product } from '../../schemas/common.js';

/** A product as GET /v1/products lists it. */
export function productView(p: Product) {
  return { id: p.id, stage: p.stage, size: p.size, rule: p.rule };
}
