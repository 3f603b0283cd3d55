import sjson from 'secure-json-parse';
import { parseDec } from '../engine/decimal.js';
import { scanJson } from '../http/plugins/json-scan.js';

/**
 * An alert as Rampart reads it (docs/SIGNALS.md "What an alert says"): TradingView's JSON message, the text forms,
 * or a bridge's JSON. Numbers stay the decimal text they were written as: nothing here is a float.
 */
export interface Alert {
  action: 'buy' | 'sell' | 'exit' | 'cancel';
  /** The ticker as sent (mapped to a market by tickers.ts); null: every market (cancel only). */
  ticker: string | null;
  sentiment: 'long' | 'short' | 'flat' | null;
  quantity: string | null;
  risk_percent: string | null;
  /** A limit order at this price (order_type limit, the default with a price), or the reference price of a market order. */
  price: string | null;
  order_type: 'market' | 'limit' | null;
  take_profit: Level | null;
  stop_loss: Level | null;
  trailing_stop: Trail | null;
  /** The de-duplication key: the alert's id, else its time with what it asks. */
  id: string | null;
  time: string | null;
}

/** A take profit or stop loss: an exact price, a distance in percent of the entry, or a distance in USD per unit. */
export type Level = { price: string } | { percent: string } | { amount: string };
export type Trail = { distance: string } | { percent: string };

/** Why an alert could not be read: the field and what is wrong with it (answered 400 invalid_request). */
export class AlertError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

const ACTIONS = new Set(['buy', 'sell', 'exit', 'cancel']);
const ACTION_ALIASES: Record<string, Alert['action']> = { long: 'buy', short: 'sell', close: 'exit', flat: 'exit', close_all: 'exit', cancel_all: 'cancel' };
const SENTIMENTS = new Set(['long', 'short', 'flat']);
/** Keys people put in alerts to read them later: kept in the log, never acted on. */
const INFORMATIONAL = new Set(['comment', 'strategy', 'interval', 'exchange', 'close', 'message', 'passphrase']);
const KNOWN = new Set([
  'ticker', 'symbol', 'action', 'sentiment', 'quantity', 'qty', 'risk_percent', 'price', 'order_type', 'take_profit', 'stop_loss',
  'trailing_stop', 'id', 'time', ...INFORMATIONAL,
]);
export const MAX_ALERT_DEPTH = 4;
const MAX_TEXT = 256;

/** Reads a body: JSON when it parses as JSON (whatever its content type says), else one of the text forms. */
export function readAlert(body: string): Alert {
  const text = body.trim();
  if (text === '') throw new AlertError('body', 'empty', 'The alert is empty: send a JSON message or a text one (docs/SIGNALS.md).');
  if (text.startsWith('{')) return fromJson(text);
  return fromText(text);
}

/** JSON numbers written as decimal text (`"quantity": 0.5` as TradingView's placeholders write it) kept as written. */
function quoteNumbers(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (ch === '-' || (ch >= '0' && ch <= '9')) {
      let j = i;
      while (j < text.length && /[0-9eE+.-]/.test(text[j]!)) j++;
      out += `"${text.slice(i, j)}"`;
      i = j;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

function fromJson(text: string): Alert {
  let raw: unknown;
  try {
    raw = sjson.parse(quoteNumbers(text), undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw new AlertError('body', 'invalid_json', 'The alert starts with { but is not valid JSON.');
  }
  const scan = scanJson(text);
  if (scan.depth > MAX_ALERT_DEPTH) throw new AlertError('body', 'too_deep', `The alert is nested deeper than ${MAX_ALERT_DEPTH} levels.`);
  if (scan.duplicateKey !== undefined) throw new AlertError(scan.duplicateKey.slice(0, 64), 'duplicate', 'The alert has a key twice in one object.');
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new AlertError('body', 'not_an_object', 'The alert must be a JSON object.');
  const o = raw as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (!KNOWN.has(k)) throw new AlertError(k, 'unknown', `The alert has a field Rampart does not know: ${JSON.stringify(k.slice(0, 64))} (a misspelt stop_loss would otherwise place an order without its stop).`);
  }
  return build({
    action: str(o, 'action'),
    ticker: str(o, 'ticker') ?? str(o, 'symbol'),
    sentiment: str(o, 'sentiment'),
    quantity: str(o, 'quantity') ?? str(o, 'qty'),
    risk_percent: str(o, 'risk_percent'),
    price: str(o, 'price'),
    order_type: str(o, 'order_type'),
    take_profit: level(o.take_profit, 'take_profit'),
    stop_loss: level(o.stop_loss, 'stop_loss'),
    trailing_stop: trail(o.trailing_stop),
    id: str(o, 'id'),
    time: str(o, 'time'),
  });
}

function str(o: Record<string, unknown>, field: string): string | undefined {
  const v = o[field];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw new AlertError(field, 'not_a_string', `${field} must be text or a number.`);
  if (v.length > MAX_TEXT) throw new AlertError(field, 'too_long', `${field} is longer than ${MAX_TEXT} characters.`);
  return v.trim();
}

function level(v: unknown, field: string): Level | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'string') return levelFromText(v, field);
  if (typeof v !== 'object' || Array.isArray(v)) throw new AlertError(field, 'invalid', `${field} must be a price or {price | percent | amount}.`);
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length !== 1 || !['price', 'percent', 'amount'].includes(keys[0]!)) {
    throw new AlertError(field, 'invalid', `${field} takes exactly one of price, percent or amount.`);
  }
  const k = keys[0] as 'price' | 'percent' | 'amount';
  return { [k]: positive(str(o, k), `${field}.${k}`) } as Level;
}

/** `64000` a price, `2%` a percent, `$500` an amount (text form and JSON shorthand). */
function levelFromText(v: string, field: string): Level {
  const t = v.trim();
  if (t.endsWith('%')) return { percent: positive(t.slice(0, -1), field) };
  if (t.startsWith('$')) return { amount: positive(t.slice(1), field) };
  return { price: positive(t, field) };
}

function trail(v: unknown): Trail | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'string') {
    const t = v.trim();
    return t.endsWith('%') ? { percent: positive(t.slice(0, -1), 'trailing_stop') } : { distance: positive(t, 'trailing_stop') };
  }
  if (typeof v !== 'object' || Array.isArray(v)) throw new AlertError('trailing_stop', 'invalid', 'trailing_stop must be a distance or {distance | percent}.');
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length !== 1 || !['distance', 'percent'].includes(keys[0]!)) throw new AlertError('trailing_stop', 'invalid', 'trailing_stop takes exactly one of distance or percent.');
  const k = keys[0] as 'distance' | 'percent';
  return { [k]: positive(str(o, k), `trailing_stop.${k}`) } as Trail;
}

function positive(v: string | undefined, field: string): string {
  const d = v === undefined ? undefined : parseDec(v);
  if (v === undefined || d === undefined || d <= 0n || !/^\d+(\.\d+)?$/.test(v)) {
    throw new AlertError(field, 'not_a_positive_decimal', `${field} must be a positive decimal number written in digits (got ${JSON.stringify(v ?? null)}).`);
  }
  return v;
}

interface Parts {
  action: string | undefined;
  ticker: string | undefined;
  sentiment: string | undefined;
  quantity: string | undefined;
  risk_percent: string | undefined;
  price: string | undefined;
  order_type: string | undefined;
  take_profit: Level | undefined;
  stop_loss: Level | undefined;
  trailing_stop: Trail | undefined;
  id: string | undefined;
  time: string | undefined;
}

/** The checks every form shares, and what the alert asks. */
function build(p: Parts): Alert {
  const actionText = p.action?.toLowerCase();
  if (actionText === undefined) throw new AlertError('action', 'missing', 'The alert needs an action: buy, sell, exit or cancel.');
  const action = (ACTIONS.has(actionText) ? actionText : ACTION_ALIASES[actionText]) as Alert['action'] | undefined;
  if (!action) throw new AlertError('action', 'invalid', `action must be buy, sell, exit or cancel (got ${JSON.stringify(p.action)}).`);
  const sentiment = p.sentiment?.toLowerCase();
  if (sentiment !== undefined && !SENTIMENTS.has(sentiment)) throw new AlertError('sentiment', 'invalid', 'sentiment must be long, short or flat.');
  if (p.ticker === undefined && action !== 'cancel') throw new AlertError('ticker', 'missing', 'The alert needs a ticker (BTCUSDT, BTCUSD, BTC-USD, BINANCE:BTCUSDT.P…).');
  const orderType = p.order_type?.toLowerCase();
  if (orderType !== undefined && orderType !== 'market' && orderType !== 'limit') throw new AlertError('order_type', 'invalid', 'order_type must be market or limit.');
  if (orderType === 'limit' && p.price === undefined) throw new AlertError('price', 'missing', 'A limit order needs a price.');
  const opening = (action === 'buy' || action === 'sell') && sentiment !== 'flat';
  if (opening && p.quantity === undefined && p.risk_percent === undefined) {
    throw new AlertError('quantity', 'missing', `A ${action} needs a quantity (or a risk_percent with a stop_loss).`);
  }
  if (p.quantity !== undefined && p.risk_percent !== undefined) throw new AlertError('risk_percent', 'conflict', 'Give quantity or risk_percent, not both.');
  if (p.risk_percent !== undefined && p.stop_loss === undefined) throw new AlertError('stop_loss', 'missing', 'risk_percent sizes the order by its stop: the alert needs a stop_loss.');
  const riskPercent = p.risk_percent === undefined ? null : positive(p.risk_percent, 'risk_percent');
  if (riskPercent !== null && (parseDec(riskPercent) ?? 0n) > (parseDec('100') ?? 0n)) throw new AlertError('risk_percent', 'too_large', 'risk_percent is at most 100.');
  return {
    action,
    ticker: p.ticker ?? null,
    sentiment: (sentiment as Alert['sentiment'] | undefined) ?? null,
    quantity: p.quantity === undefined ? null : positive(p.quantity, 'quantity'),
    risk_percent: riskPercent,
    price: p.price === undefined ? null : positive(p.price, 'price'),
    order_type: (orderType as Alert['order_type'] | undefined) ?? null,
    take_profit: p.take_profit ?? null,
    stop_loss: p.stop_loss ?? null,
    trailing_stop: p.trailing_stop ?? null,
    id: p.id ?? null,
    time: p.time ?? null,
  };
}

/** TradingView's default strategy message: "order buy @ 0.5 filled on BTCUSDT. New strategy position is 0.5". */
const STRATEGY_DEFAULT = /^order (buy|sell) @ ([0-9.]+) filled on ([^\s.]+(?:\.P)?)\. new strategy position is (-?[0-9.]+)$/i;

/**
 * The text forms: TradingView's default strategy message, or `buy BTCUSDT qty=0.5 sl=63000 tp=2% id=abc` — the action,
 * the ticker, then key=value words (qty, risk, price, type, tp, sl, trail, id, time).
 */
function fromText(text: string): Alert {
  const line = text.replace(/\s+/g, ' ');
  const m = STRATEGY_DEFAULT.exec(line);
  if (m) {
    const position = m[4]!;
    const flat = /^-?0*(\.0*)?$/.test(position);
    const sentiment = flat ? 'flat' : position.startsWith('-') ? 'short' : 'long';
    return build({ ...EMPTY, action: m[1], quantity: m[2], ticker: m[3], sentiment });
  }
  const words = line.split(' ');
  if (words.length > 24) throw new AlertError('body', 'too_many_words', 'A text alert has at most 24 words.');
  const parts: Parts = { ...EMPTY, action: words[0] };
  for (const w of words.slice(1)) {
    const eq = w.indexOf('=');
    if (eq < 0) {
      if (parts.ticker !== undefined) throw new AlertError(w.slice(0, 64), 'unknown', `The text alert has a word Rampart does not read: ${JSON.stringify(w.slice(0, 64))}.`);
      parts.ticker = w;
      continue;
    }
    const key = w.slice(0, eq).toLowerCase();
    const value = w.slice(eq + 1);
    if (value.length > MAX_TEXT) throw new AlertError(key, 'too_long', `${key} is longer than ${MAX_TEXT} characters.`);
    switch (key) {
      case 'qty':
      case 'quantity':
        parts.quantity = value;
        break;
      case 'risk':
      case 'risk_percent':
        parts.risk_percent = value.replace(/%$/, '');
        break;
      case 'price':
        parts.price = value;
        break;
      case 'type':
      case 'order_type':
        parts.order_type = value;
        break;
      case 'sentiment':
        parts.sentiment = value;
        break;
      case 'tp':
      case 'take_profit':
        parts.take_profit = levelFromText(value, 'tp');
        break;
      case 'sl':
      case 'stop_loss':
        parts.stop_loss = levelFromText(value, 'sl');
        break;
      case 'trail':
      case 'trailing_stop':
        parts.trailing_stop = trail(value);
        break;
      case 'id':
        parts.id = value;
        break;
      case 'time':
        parts.time = value;
        break;
      default:
        throw new AlertError(key.slice(0, 64), 'unknown', `The text alert has a key Rampart does not read: ${JSON.stringify(key.slice(0, 64))}.`);
    }
  }
  return build(parts);
}

const EMPTY: Parts = {
  action: undefined, ticker: undefined, sentiment: undefined, quantity: undefined, risk_percent: undefined, price: undefined, order_type: undefined,
  take_profit: undefined, stop_loss: undefined, trailing_stop: undefined, id: undefined, time: undefined,
};
