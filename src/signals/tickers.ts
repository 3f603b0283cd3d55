/**
 * A ticker as TradingView and bridges write it, to a Rampart market: `BTC-USD`, `BTCUSD`, `BTCUSDT`, `BTC/USDC`,
 * `BINANCE:BTCUSDT.P`, `BTCUSDT.P`, `BTCUSDTPERP`, `btc-usd`. The exchange prefix and a perpetual suffix go, the
 * stablecoin quotes read as USD; undefined when no market of the list is meant.
 */
export function marketOf(ticker: string, markets: readonly string[]): string | undefined {
  let t = ticker.trim().toUpperCase();
  const colon = t.lastIndexOf(':');
  if (colon >= 0) t = t.slice(colon + 1);
  t = t.replace(/\.P$/, '').replace(/(-?PERP(ETUAL)?|-SWAP)$/, '');
  if (markets.includes(t)) return t;
  const flat = t.replace(/[-/_]/g, '');
  for (const quote of ['USDT', 'USDC', 'USD']) {
    if (flat.endsWith(quote) && flat.length > quote.length) {
      const candidate = `${flat.slice(0, -quote.length)}-USD`;
      if (markets.includes(candidate)) return candidate;
    }
  }
  return undefined;
}
