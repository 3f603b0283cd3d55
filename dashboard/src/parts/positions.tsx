import { useState } from 'preact/hooks';
import type { Order, Position } from '../api/types.js';
import { plain } from '../decimal.js';
import { useAction } from '../hooks.js';
import { useApp } from '../state.js';
import { Button, ErrorNote, Num } from './ui.js';

export function PositionsTable({ accountPath, positions, onChanged }: { accountPath: string; positions: Position[] | undefined; onChanged: () => void }) {
  const { api } = useApp();
  const act = useAction();
  const [closing, setClosing] = useState<string | null>(null);
  const close = async (market: string) => {
    setClosing(market);
    await act.run(() => api.write('DELETE', `${accountPath}/positions/${encodeURIComponent(market)}`));
    setClosing(null);
    onChanged();
  };
  if (!positions) return <p class="muted empty">Loading…</p>;
  return (
    <>
      <ErrorNote error={act.error} />
      {positions.length === 0 ? (
        <p class="muted empty">No open position.</p>
      ) : (
        <div class="table-wrap">
          <table class="table" data-testid="positions">
            <thead>
              <tr>
                <th scope="col">Market</th>
                <th scope="col">Side</th>
                <th scope="col" class="r">
                  Size
                </th>
                <th scope="col" class="r">
                  Entry
                </th>
                <th scope="col" class="r">
                  Mark
                </th>
                <th scope="col" class="r">
                  Unrealized
                </th>
                <th scope="col" class="r">
                  Take profit
                </th>
                <th scope="col" class="r">
                  Stop loss
                </th>
                <th scope="col" class="r">
                  Liq.
                </th>
                <th scope="col">
                  <span class="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {positions.map((p) => (
                <tr data-market={p.market}>
                  <th scope="row">{p.market}</th>
                  <td>
                    <span class={`side side-${p.side}`}>{p.side}</span>
                  </td>
                  <td class="r">
                    <Num kind="price" value={p.size} width={9} />
                  </td>
                  <td class="r">
                    <Num kind="price" value={p.entry_price} width={9} />
                  </td>
                  <td class="r">
                    <Num kind="price" value={p.mark_price} width={9} />
                  </td>
                  <td class="r">
                    <Num value={p.unrealized_pnl} width={10} signed />
                  </td>
                  <td class="r" data-testid="take-profit">
                    <Num kind="price" value={p.exits.take_profit?.price} width={9} />
                  </td>
                  <td class="r" data-testid="stop-loss">
                    <Num kind="price" value={p.exits.stop_loss?.price} width={9} />
                    {p.exits.stop_loss?.trailing_distance ? <span class="tag" title={`Trailing by ${plain(p.exits.stop_loss.trailing_distance)}`}>trail</span> : null}
                    {p.exits.break_even ? <span class="tag" title={`Break-even at ${plain(p.exits.break_even.trigger_price)}`}>{p.exits.break_even.done ? 'BE done' : 'BE'}</span> : null}
                  </td>
                  <td class="r">
                    <Num kind="price" value={p.liquidation_price} width={9} />
                  </td>
                  <td class="r">
                    <Button kind="secondary" class="btn-sm" busy={closing === p.market} onClick={() => close(p.market)} aria-label={`Close ${p.market} position`}>
                      Close
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

const TYPE_NAMES: Record<string, string> = {
  market: 'Market',
  limit: 'Limit',
  stop_market: 'Stop',
  stop_limit: 'Stop limit',
  take_market: 'Take profit',
  take_limit: 'Take limit',
};

export function OrdersTable({ accountPath, orders, onChanged }: { accountPath: string; orders: Order[] | undefined; onChanged: () => void }) {
  const { api } = useApp();
  const act = useAction();
  const [canceling, setCanceling] = useState<string | null>(null);
  const cancel = async (id: string) => {
    setCanceling(id);
    await act.run(() => api.write('DELETE', `${accountPath}/orders/${encodeURIComponent(id)}`));
    setCanceling(null);
    onChanged();
  };
  if (!orders) return <p class="muted empty">Loading…</p>;
  return (
    <>
      <ErrorNote error={act.error} />
      {orders.length === 0 ? (
        <p class="muted empty">No working order.</p>
      ) : (
        <div class="table-wrap">
          <table class="table" data-testid="orders">
            <thead>
              <tr>
                <th scope="col">Market</th>
                <th scope="col">Type</th>
                <th scope="col">Side</th>
                <th scope="col" class="r">
                  Size
                </th>
                <th scope="col" class="r">
                  Limit
                </th>
                <th scope="col" class="r">
                  Stop
                </th>
                <th scope="col">Origin</th>
                <th scope="col">
                  <span class="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr data-order={o.id}>
                  <th scope="row">{o.market}</th>
                  <td>{TYPE_NAMES[o.type] ?? o.type}</td>
                  <td>{o.side ? <span class={`side side-${o.side}`}>{o.side}</span> : <span class="muted">exit</span>}</td>
                  <td class="r">
                    <Num kind="price" value={o.size} width={9} />
                  </td>
                  <td class="r">
                    <Num kind="price" value={o.limit_price} width={9} />
                  </td>
                  <td class="r">
                    <Num kind="price" value={o.stop_price} width={9} />
                  </td>
                  <td>{o.origin}</td>
                  <td class="r">
                    <Button kind="secondary" class="btn-sm" busy={canceling === o.id} onClick={() => cancel(o.id)} aria-label={`Cancel order ${o.id}`}>
                      Cancel
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
