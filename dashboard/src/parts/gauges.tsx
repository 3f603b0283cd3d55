// The account's rule headroom as four gauges: what is left of today's loss limit, the distance from equity to the
// drawdown floor, progress to the profit target, trading days done of those required.
import type { Account } from '../api/types.js';
import { money, percentOf, permille, sub } from '../decimal.js';

interface GaugeProps {
  label: string;
  value: number | null;
  text: string;
  detail: string;
  tone: 'good' | 'warn' | 'bad' | 'neutral';
}

function Gauge({ label, value, text, detail, tone }: GaugeProps) {
  const id = `g-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div class="gauge">
      <div class="gauge-head">
        <span id={id}>{label}</span>
        <span class="num gauge-text">{text}</span>
      </div>
      <div
        class={`gauge-bar tone-${tone}`}
        role="meter"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value === null ? undefined : Math.round(value / 10)}
        aria-valuetext={`${text}; ${detail}`}
      >
        <div class="gauge-fill" style={{ width: `${value === null ? 0 : value / 10}%` }} />
      </div>
      <div class="gauge-detail">{detail}</div>
    </div>
  );
}

const tone = (left: number | null): GaugeProps['tone'] => (left === null ? 'neutral' : left > 500 ? 'good' : left > 200 ? 'warn' : 'bad');

export function Gauges({ account: a }: { account: Account }) {
  const m = a.metrics;
  const r = a.rule;

  const limit = m.daily_loss_limit_usd;
  const lossLeft = limit === null ? null : sub(limit, m.daily_loss_used);
  const lossValue = limit === null || lossLeft === null ? null : permille(lossLeft, limit);

  const floor = m.drawdown_floor;
  const room = floor === null ? null : sub(a.equity, floor);
  const fullRoom = floor === null ? null : sub(m.drawdown_reference, floor);
  const roomValue = room === null || fullRoom === null ? null : permille(room, fullRoom);

  const pt = r.profit_target;
  const target = pt === null ? null : (pt.amount_usd ?? (pt.percent !== null ? percentOf(a.starting_balance, pt.percent) : null));
  const profitValue = target === null ? null : permille(m.profit, target);

  const daysValue = r.min_trading_days > 0 ? permille(String(m.trading_days), String(r.min_trading_days)) : null;

  return (
    <section class="gauges" aria-label="Rule headroom">
      <Gauge
        label="Daily loss left"
        value={lossValue}
        text={lossLeft === null ? 'No limit' : money(lossLeft)}
        detail={limit === null ? 'No daily loss limit' : `of ${money(limit)} today`}
        tone={tone(lossValue)}
      />
      <Gauge
        label="Drawdown room"
        value={roomValue}
        text={room === null ? 'No floor' : money(room)}
        detail={floor === null ? 'No drawdown rule' : `floor at ${money(floor)}`}
        tone={tone(roomValue)}
      />
      <Gauge
        label="Profit target"
        value={profitValue}
        text={target === null ? 'None' : `${money(m.profit)}`}
        detail={target === null ? 'No profit target' : `of ${money(target)}`}
        tone={target === null ? 'neutral' : 'good'}
      />
      <Gauge
        label="Trading days"
        value={daysValue}
        text={`${m.trading_days} / ${r.min_trading_days}`}
        detail={r.min_trading_days > 0 ? 'done of required' : 'No minimum'}
        tone={daysValue === null ? 'neutral' : 'good'}
      />
    </section>
  );
}
