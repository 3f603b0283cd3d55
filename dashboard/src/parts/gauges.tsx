// The account's rule headroom as gauges: one per rule in force, read from the API's `headroom` list (the engine's
// own figures, the same the judge uses — nothing is re-derived here). A money rule shows its room and a bar of what
// is left; a day rule shows days counted of days required.
import type { Account } from '../api/types.js';
import { money, permille, sub } from '../decimal.js';

type Row = Account['headroom'][number];

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

/** What is left, in per-mille of the whole: plenty, getting close, nearly gone. */
const tone = (left: number | null): GaugeProps['tone'] => (left === null ? 'neutral' : left > 500 ? 'good' : left > 200 ? 'warn' : 'bad');

const LABELS: Record<string, string> = {
  daily_loss: 'Daily loss left',
  drawdown: 'Drawdown room',
  profit_target: 'Profit target',
  consistency: 'Best day',
  min_profitable_days: 'Profitable days',
  min_trading_days: 'Trading days',
  min_calendar_days: 'Calendar days',
  inactivity_days: 'Inactivity',
  inactivity_calendar_days: 'Inactivity (calendar)',
};

/** One gauge's figures for a headroom row; `a` gives the drawdown's full room (reference − floor) for its bar. */
function gaugeOf(row: Row, a: Account): GaugeProps {
  const label = LABELS[row.rule] ?? row.rule.replace(/_/g, ' ');
  switch (row.rule) {
    case 'daily_loss': {
      const left = permille(row.headroom, row.limit);
      return { label, value: left, text: money(row.headroom), detail: `of ${money(row.limit)} today`, tone: tone(left) };
    }
    case 'drawdown': {
      const left = permille(row.headroom, sub(a.metrics.drawdown_reference, row.limit));
      return { label, value: left, text: money(row.headroom), detail: `floor at ${money(row.limit)}`, tone: tone(left) };
    }
    case 'profit_target':
      return { label, value: permille(row.value, row.limit), text: money(row.value), detail: `of ${money(row.limit)}`, tone: 'good' };
    case 'consistency': {
      // The best day against the most it may be (its share of the profit so far): a full bar is at the limit.
      const within = !sub(row.limit, row.value).startsWith('-');
      const pct = a.rule.consistency?.max_best_day_pct;
      return {
        label,
        value: permille(row.value, row.limit),
        text: money(row.value),
        detail: `at most ${money(row.limit)}${pct ? ` (${pct}% of profit)` : ''}`,
        tone: within ? 'good' : 'bad',
      };
    }
    case 'inactivity_days':
    case 'inactivity_calendar_days': {
      const left = permille(row.headroom, row.limit);
      return { label, value: left, text: `${row.value} / ${row.limit}`, detail: `${row.headroom} days left to trade`, tone: tone(left) };
    }
    default:
      if (row.unit === 'days') {
        return { label, value: permille(row.value, row.limit), text: `${row.value} / ${row.limit}`, detail: 'done of required', tone: 'good' };
      }
      return { label, value: permille(row.headroom, row.limit), text: money(row.headroom), detail: `of ${money(row.limit)}`, tone: 'neutral' };
  }
}

export function Gauges({ account: a }: { account: Account }) {
  return (
    <section class="gauges" aria-label="Rule headroom">
      {a.headroom.length === 0 ? <p class="gauge-none">No rule limits on this account.</p> : a.headroom.map((row) => <Gauge key={row.rule} {...gaugeOf(row, a)} />)}
    </section>
  );
}
