import type { Product } from '../../schemas/common.js';

/** A product as GET /v1/products lists it, with the rulebook version its rule is (new accounts are opened on it). */
export function productView(p: Product, ruleVersion: number) {
  return { id: p.id, stage: p.stage, size: p.size, rule: p.rule, rule_version: ruleVersion };
}
