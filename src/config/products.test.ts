import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_CONFIG_DIR, loadConfig } from './config.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The shipped config with the first product's rule given a trading day. */
function withTradingDay(day: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'rampart-products-'));
  dirs.push(dir);
  cpSync(DEFAULT_CONFIG_DIR, dir, { recursive: true });
  const products = JSON.parse(readFileSync(join(DEFAULT_CONFIG_DIR, 'products.json'), 'utf8')) as { rule: Record<string, unknown> }[];
  products[0]!.rule.trading_day = day;
  writeFileSync(join(dir, 'products.json'), JSON.stringify(products));
  return dir;
}

describe('config/products.json: a product trading day', () => {
  it('is read with its time of day and zone', () => {
    const config = loadConfig({ RAMPART_CONFIG_DIR: withTradingDay({ rollover: '17:00', time_zone: 'America/New_York' }) });
    expect(config.products[0]!.rule.trading_day).toEqual({ rollover: '17:00', time_zone: 'America/New_York' });
  });

  it.each([
    [{ rollover: '17:00', time_zone: 'America/Gotham' }, 'trading_day.time_zone "America/Gotham" is not a time zone'],
    [{ rollover: '24:00', time_zone: 'UTC' }, 'products.json is invalid'],
    [{ rollover: '17:00' }, 'products.json is invalid'],
  ])('refuses %j at start-up', (day, message) => {
    expect(() => loadConfig({ RAMPART_CONFIG_DIR: withTradingDay(day) })).toThrow(ConfigError);
    expect(() => loadConfig({ RAMPART_CONFIG_DIR: withTradingDay(day) })).toThrow(message);
  });
});
