// The trading ticket: Preview first (POST …/orders/test: price, fee, margin, position after, exposure room or the
// refusal), then Send (POST …/orders with an Idempotency-Key kept for this preview, so a retried Send never places
// the order twice). Changing any field asks for a new preview. Live, Send waits for an emailed code (live-unlock.tsx).
import { useEffect, useMemo, useState } from 'preact/hooks';
import { newIdempotencyKey } from '../api/http.js';
import type { Market, Order, Page, Preview } from '../api/types.js';
import { money, plain } from '../decimal.js';
import { useAction, useEvery, useLoad } from '../hooks.js';
import { useApp } from '../state.js';
import { FieldRow } from './field-row.js';
import { LiveUnlock, useTrades } from './live-unlock.js';
import { Button, ErrorNote, Field, Num, Panel } from './ui.js';

type OrderType = 'market' | 'limit' | 'stop_market' | 'stop_limit';

interface Form {
  market: string;
  side: 'buy' | 'sell';
  type: OrderType;
  size: string;
  limit_price: string;
  stop_price: string;
  tp: string;
  tp_limit: string;
  sl: string;
  trailing: boolean;
  trail: string;
  be_trigger: string;
  be_offset: string;
}

const EMPTY: Form = { market: '', side: 'buy', type: 'market', size: '', limit_price: '', stop_price: '', tp: '', tp_limit: '', sl: '', trailing: false, trail: '', be_trigger: '', be_offset: '0' };

function bodies(f: Form): { preview: Record<string, unknown>; place: Record<string, unknown> } {
  const preview: Record<string, unknown> = { market: f.market, side: f.side, type: f.type, size: f.size.trim() };
  if (f.type === 'limit' || f.type === 'stop_limit') preview.limit_price = f.limit_price.trim();
  if (f.type === 'stop_market' || f.type === 'stop_limit') preview.stop_price = f.stop_price.trim();
  if (f.type === 'limit' || f.type === 'stop_limit') preview.time_in_force = 'gtc';
  const place: Record<string, unknown> = { ...preview };
  if (f.tp.trim()) place.take_profit = { price: f.tp.trim(), ...(f.tp_limit.trim() ? { limit_price: f.tp_limit.trim() } : {}) };
  if (f.sl.trim()) place.stop_loss = { price: f.sl.trim(), ...(f.trailing && f.trail.trim() ? { trailing: { distance: f.trail.trim() } } : {}) };
  if (f.be_trigger.trim()) place.break_even = { trigger_price: f.be_trigger.trim(), offset_ticks: Number.parseInt(f.be_offset || '0', 10) };
  return { preview, place };
}

export function Ticket({ accountPath, onPlaced }: { accountPath: string; onPlaced: () => void }) {
  const { api } = useApp();
  const trades = useTrades(api);
  const markets = useLoad(() => api.get<Page<Market>>('/v1/markets'), [api]);
  const [f, setF] = useState<Form>(EMPTY);
  const [preview, setPreview] = useState<{ answer: Preview; key: string } | null>(null);
  const [placed, setPlaced] = useState<Order | null>(null);
  const previewing = useAction();
  const sending = useAction();

  const offered = useMemo(() => (markets.data?.data ?? []).filter((m) => m.offered), [markets.data]);
  useEffect(() => {
    if (!f.market && offered[0]) setF((x) => ({ ...x, market: offered[0]!.id }));
  }, [offered, f.market]);
  useEvery(2000, () => void markets.reload(), [api]);
  const quote = offered.find((m) => m.id === f.market);

  const set = <K extends keyof Form>(k: K, v: Form[K]) => {
    setF((x) => ({ ...x, [k]: v }));
    setPreview(null);
    setPlaced(null);
    sending.setError(null);
  };

  const doPreview = async (e: Event) => {
    e.preventDefault();
    setPlaced(null);
    // The preview is sent with the exits: a rule's mandatory stop and risk per trade are judged as the order would be.
    const answer = await previewing.run(() => api.call<Preview>('POST', `${accountPath}/orders/test`, bodies(f).place));
    if (answer) setPreview({ answer, key: newIdempotencyKey() });
  };

  const send = async () => {
    if (!preview) return;
    const order = await sending.run(() => api.write<Order>('POST', `${accountPath}/orders`, bodies(f).place, preview.key));
    if (order) {
      setPlaced(order);
      setPreview(null);
      onPlaced();
    }
  };

  const needsLimit = f.type === 'limit' || f.type === 'stop_limit';
  const needsStop = f.type === 'stop_market' || f.type === 'stop_limit';
  const p = preview?.answer;

  return (
    <Panel title="Trade" id="ticket">
      <form class="ticket" onSubmit={doPreview} aria-describedby="ticket-quote">
        <Field label="Market" id="ticket-market">
          <select id="ticket-market" value={f.market} onChange={(e) => set('market', e.currentTarget.value)}>
            {offered.map((m) => (
              <option value={m.id}>{m.id}</option>
            ))}
          </select>
        </Field>
        <div class="quote" id="ticket-quote" aria-live="off">
          <span>
            Bid <Num kind="price" value={quote?.bid} width={10} />
          </span>
          <span>
            Ask <Num kind="price" value={quote?.ask} width={10} />
          </span>
          <span>
            Last <Num kind="price" value={quote?.last} width={10} />
          </span>
        </div>
        <div class="side-switch" role="radiogroup" aria-label="Side">
          {(['buy', 'sell'] as const).map((s) => (
            <label class={`side-opt side-opt-${s}${f.side === s ? ' on' : ''}`}>
              <input type="radio" name="side" value={s} checked={f.side === s} onChange={() => set('side', s)} />
              {s === 'buy' ? 'Buy / long' : 'Sell / short'}
            </label>
          ))}
        </div>
        <div class="row2">
          <Field label="Type" id="ticket-type">
            <select id="ticket-type" value={f.type} onChange={(e) => set('type', e.currentTarget.value as OrderType)}>
              <option value="market">Market</option>
              <option value="limit">Limit</option>
              <option value="stop_market">Stop</option>
              <option value="stop_limit">Stop limit</option>
            </select>
          </Field>
          <Field label="Size" id="ticket-size" hint={quote ? `Step ${plain(quote.size_step)}` : undefined}>
            <input id="ticket-size" inputMode="decimal" required pattern="[0-9]*\.?[0-9]+" value={f.size} onInput={(e) => set('size', e.currentTarget.value)} />
          </Field>
        </div>
        <FieldRow
          fields={[
            needsStop && { label: 'Stop price', id: 'ticket-stop', required: true, value: f.stop_price, onValue: (v) => set('stop_price', v) },
            needsLimit && { label: 'Limit price', id: 'ticket-limit', required: true, value: f.limit_price, onValue: (v) => set('limit_price', v) },
          ]}
        />
        <fieldset class="exits">
          <legend>Exits (optional)</legend>
          <FieldRow
            fields={[
              { label: 'Take profit', id: 'ticket-tp', value: f.tp, onValue: (v) => set('tp', v) },
              { label: 'Take profit limit', id: 'ticket-tp-limit', value: f.tp_limit, onValue: (v) => set('tp_limit', v) },
            ]}
          />
          <FieldRow
            fields={[
              { label: 'Stop loss', id: 'ticket-sl', value: f.sl, onValue: (v) => set('sl', v) },
              { label: 'Trailing distance', id: 'ticket-trail', disabled: !f.trailing, value: f.trail, onValue: (v) => set('trail', v) },
            ]}
          />
          <label class="check">
            <input type="checkbox" checked={f.trailing} onChange={(e) => set('trailing', e.currentTarget.checked)} /> Trailing stop
          </label>
          <FieldRow
            fields={[
              { label: 'Break-even trigger', id: 'ticket-be', value: f.be_trigger, onValue: (v) => set('be_trigger', v) },
              { label: 'Offset ticks', id: 'ticket-be-offset', inputMode: 'numeric', pattern: '[0-9]*', value: f.be_offset, onValue: (v) => set('be_offset', v) },
            ]}
          />
        </fieldset>
        <ErrorNote error={previewing.error ?? sending.error} />
        {p ? <PreviewTable p={p} /> : null}
        <div class="ticket-actions">
          <Button type="submit" kind="secondary" busy={previewing.busy}>
            Preview
          </Button>
          <Button
            type="button"
            kind={f.side === 'buy' ? 'primary' : 'danger'}
            busy={sending.busy}
            disabled={!trades || !p || p.outcome === 'would_reject'}
            onClick={send}
          >
            Send {f.side === 'buy' ? 'buy' : 'sell'}
          </Button>
        </div>
        <p class="ok-note" role="status">
          {placed ? `Order ${placed.id} ${placed.status}${placed.average_fill_price ? ` at ${plain(placed.average_fill_price)}` : ''}.` : ''}
        </p>
      </form>
      {trades ? null : <LiveUnlock api={api} />}
    </Panel>
  );
}

function PreviewTable({ p }: { p: Preview }) {
  return (
    <div class={`preview preview-${p.outcome}`} data-testid="preview" role="status">
      <div class="preview-outcome">
        {p.outcome === 'would_fill' ? 'Would fill now' : p.outcome === 'would_rest' ? 'Would rest on the book' : 'Would be refused'}
        {p.reject ? (
          <>
            {' '}
            <code class="code">{p.reject.code}</code>
          </>
        ) : null}
      </div>
      {p.reject ? <p class="small">{p.reject.message}</p> : null}
      <dl class="kv">
        <dt>Price</dt>
        <dd>
          <Num kind="price" value={p.price.price} width={10} />
        </dd>
        <dt>Value</dt>
        <dd>
          <Num value={p.value_usd} width={10} />
        </dd>
        <dt>Fee</dt>
        <dd>
          <Num value={p.fee} width={10} />
        </dd>
        <dt>Margin</dt>
        <dd>
          <Num value={p.margin.required} width={10} /> <span class="muted small">{p.margin.mode} {p.margin.leverage}×</span>
        </dd>
        <dt>Margin left</dt>
        <dd>
          <Num value={p.margin.remaining} width={10} />
        </dd>
        <dt>Position after</dt>
        <dd class="num">{p.position_after ? `${p.position_after.side} ${plain(p.position_after.size)} @ ${plain(p.position_after.entry_price)}` : 'flat'}</dd>
        <dt>Exposure room</dt>
        <dd>
          <span class="num">{money(p.exposure.room_usd)}</span> <span class="muted small">of {money(p.exposure.cap_usd)}</span>
        </dd>
        {p.rule_impact && p.rule_impact.breach_prices.some((b) => b.price !== null) ? (
          <>
            <dt>Rule limits at</dt>
            <dd data-testid="breach-prices" class="num">
              {p.rule_impact.breach_prices
                .filter((b) => b.price !== null)
                .map((b) => `${b.rule === 'daily_loss' ? 'daily loss' : 'drawdown'} ${plain(b.price)}`)
                .join(' · ')}
            </dd>
          </>
        ) : null}
        {p.rule_impact && p.rule_impact.breaches.length > 0 ? (
          <>
            <dt>Reaches now</dt>
            <dd data-testid="breach-now" class="num">
              {p.rule_impact.breaches.map((b) => `${b.rule === 'daily_loss' ? 'daily loss limit' : 'drawdown floor'} by ${money(b.by_usd)}`).join(' · ')}
            </dd>
          </>
        ) : null}
        {p.risk_at_stop ? (
          <>
            <dt>Loss at stop</dt>
            <dd data-testid="risk-at-stop">
              <span class="num">{money(p.risk_at_stop.risk_usd)}</span>{' '}
              <span class="muted small">
                at {plain(p.risk_at_stop.stop_price)}
                {p.risk_at_stop.max_risk_usd !== null ? `, rule allows ${money(p.risk_at_stop.max_risk_usd)}` : ''}
              </span>
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}
