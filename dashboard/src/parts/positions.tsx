import { useState } from 'preact/hooks';
import type { Order, Position } from '../api/types.js';
import { plain } from '../decimal.js';
import { useAction } from '../hooks.js';
import { useApp } from '../state.js';
import { DataTable, type Column } from './data-table.js';
import { Button, ErrorNote, Num } from './ui.js';

const POSITION_COLUMNS: Column<Position>[] = [
  { header: 'Market', rowHeader: true, cell: (p) => p.market },
  { header: 'Side', cell: (p) => <span class={`side side-${p.side}`}>{p.side}</span> },
  { header: 'Size', align: 'right', cell: (p) => <Num kind="price" value={p.size} width={9} /> },
  { header: 'Entry', align: 'right', cell: (p) => <Num kind="price" value={p.entry_price} width={9} /> },
  { header: 'Mark', align: 'right', cell: (p) => <Num kind="price" value={p.mark_price} width={9} /> },
  { header: 'Unrealized', align: 'right', cell: (p) => <Num value={p.unrealized_pnl} width={10} signed /> },
  { header: 'Take profit', align: 'right', testid: 'take-profit', cell: (p) => <Num kind="price" value={p.exits.take_profit?.price} width={9} /> },
  {
    header: 'Stop loss',
    align: 'right',
    testid: 'stop-loss',
    cell: (p) => (
      <>
        <Num kind="price" value={p.exits.stop_loss?.price} width={9} />
        {p.exits.stop_loss?.trailing_distance ? <span class="tag" title={`Trailing by ${plain(p.exits.stop_loss.trailing_distance)}`}>trail</span> : null}
        {p.exits.break_even ? <span class="tag" title={`Break-even at ${plain(p.exits.break_even.trigger_price)}`}>{p.exits.break_even.done ? 'BE done' : 'BE'}</span> : null}
      </>
    ),
  },
  { header: 'Liq.', align: 'right', cell: (p) => <Num kind="price" value={p.liquidation_price} width={9} /> },
];

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
  const columns: Column<Position>[] = [
    ...POSITION_COLUMNS,
    {
      header: 'Actions',
      actions: true,
      cell: (p) => (
        <Button kind="secondary" class="btn-sm" busy={closing === p.market} onClick={() => close(p.market)} aria-label={`Close ${p.market} position`}>
          Close
        </Button>
      ),
    },
  ];
  return (
    <>
      <ErrorNote error={act.error} />
      <DataTable rows={positions} columns={columns} rowKey={(p) => p.market} empty="No open position." rowAttrs={(p) => ({ 'data-market': p.market })} testid="positions" />
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

const ORDER_COLUMNS: Column<Order>[] = [
  { header: 'Market', rowHeader: true, cell: (o) => o.market },
  { header: 'Type', cell: (o) => TYPE_NAMES[o.type] ?? o.type },
  { header: 'Side', cell: (o) => (o.side ? <span class={`side side-${o.side}`}>{o.side}</span> : <span class="muted">exit</span>) },
  { header: 'Size', align: 'right', cell: (o) => <Num kind="price" value={o.size} width={9} /> },
  { header: 'Limit', align: 'right', cell: (o) => <Num kind="price" value={o.limit_price} width={9} /> },
  { header: 'Stop', align: 'right', cell: (o) => <Num kind="price" value={o.stop_price} width={9} /> },
  { header: 'Origin', cell: (o) => o.origin },
];

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
  const columns: Column<Order>[] = [
    ...ORDER_COLUMNS,
    {
      header: 'Actions',
      actions: true,
      cell: (o) => (
        <Button kind="secondary" class="btn-sm" busy={canceling === o.id} onClick={() => cancel(o.id)} aria-label={`Cancel order ${o.id}`}>
          Cancel
        </Button>
      ),
    },
  ];
  return (
    <>
      <ErrorNote error={act.error} />
      <DataTable rows={orders} columns={columns} rowKey={(o) => o.id} empty="No working order." rowAttrs={(o) => ({ 'data-order': o.id })} testid="orders" />
    </>
  );
}
