import { dec } from './decimal.js';
import type { MarketSpec } from './types.js';

/** The market config (decimal strings) as exact numbers. */
export interface MarketConfigLike {
  id: string;
  size_step: string;
  tick_size: string;
  min_notional_usd: string;
  max_leverage: number;
  default_leverage: number;
  max_slippage_pct: { default: string; min: string; max: string };
  price_band_pct: string;
  exposure_cap_usd: string;
  maker_fee_rate: string;
  taker_fee_rate: string;
  maintenance_margin_rate: string;
  stale_after_ms: number;
}

export function marketSpec(m: MarketConfigLike): MarketSpec {
  return {
    id: m.id,
    sizeStep: dec(m.size_step),
    tick: dec(m.tick_size),
    minNotional: dec(m.min_notional_usd),
    maxLeverage: m.max_leverage,
    defaultLeverage: m.default_leverage,
    slippage: { default: dec(m.max_slippage_pct.default), min: dec(m.max_slippage_pct.min), max: dec(m.max_slippage_pct.max) },
    bandPct: dec(m.price_band_pct),
    exposureCap: dec(m.exposure_cap_usd),
    makerFee: dec(m.maker_fee_rate),
    takerFee: dec(m.taker_fee_rate),
    maintenanceRate: dec(m.maintenance_margin_rate),
    staleAfterMs: m.stale_after_ms,
  };
}
