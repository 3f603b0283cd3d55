// The equity curve with lightweight-charts: one point per closed trade, then a live last point at the account's equity
// now. The stream's events carry no equity, so the live point follows the account the page already keeps current
// (reloaded on the stream's events and every 2 s): that one point is moved (time and value), never one more added per
// update, and a new closed trade redraws the history under it. The chart's values are for drawing only (the figures
// above stay exact decimal strings).
import type { IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { EquityCurve } from '../api/types.js';
import { money } from '../decimal.js';
import { useApp } from '../state.js';
import { ErrorNote } from './ui.js';

interface Point {
  time: UTCTimestamp;
  value: number;
}

export function EquityChart({ accountPath, version, equity }: { accountPath: string; version: number; equity: string | undefined }) {
  const { api } = useApp();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Area'> | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [count, setCount] = useState(0);
  const [ready, setReady] = useState(false);
  const history = useRef<Point[] | null>(null);
  const hasLive = useRef(false);
  const equityNow = useRef(equity);
  equityNow.current = equity;
  /** What the chart holds after the last draw, read back from it (for the data attributes a test reads). */
  const [held, setHeld] = useState<{ points: number; last: number | null }>({ points: 0, last: null });

  const placeLive = () => {
    const s = series.current;
    const h = history.current;
    const value = equityNow.current;
    if (!s || !h || h.length === 0 || value === undefined) return;
    if (hasLive.current) s.pop(1);
    // Now, by this browser's clock, but always after the last closed trade (the service's clock may be ahead).
    const time = Math.max(h[h.length - 1]!.time + 1, Math.floor(Date.now() / 1000)) as UTCTimestamp;
    s.update({ time, value: Number(value) });
    hasLive.current = true;
    chart.current?.timeScale().fitContent();
    const data = s.data();
    const last = data[data.length - 1];
    setHeld({ points: data.length, last: last && 'value' in last ? last.value : null });
  };

  useEffect(() => {
    let c: IChartApi | null = null;
    let live = true;
    // The library is a chunk of its own, fetched from this host the first time a curve is drawn.
    import('./chart-lib.js').then(({ AreaSeries, createChart, LastPriceAnimationMode }) => {
      if (!live || !box.current) return;
      c = createChart(box.current, {
        autoSize: true,
        layout: { background: { color: 'transparent' }, textColor: '#5b6472', fontFamily: 'inherit', attributionLogo: false },
        grid: { vertLines: { color: '#eef0f3' }, horzLines: { color: '#eef0f3' } },
        rightPriceScale: { borderVisible: false },
        // A narrower page (a phone turned, a window resized) keeps the whole curve in sight, not its last points.
        timeScale: { borderVisible: false, timeVisible: true, lockVisibleTimeRangeOnResize: true },
        handleScroll: false,
        handleScale: false,
      });
      series.current = c.addSeries(AreaSeries, {
        lineColor: '#2457c5',
        topColor: 'rgba(36,87,197,0.22)',
        bottomColor: 'rgba(36,87,197,0.02)',
        lineWidth: 2,
        priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
        // The last point is the live one: it pulses when it moves.
        lastPriceAnimation: LastPriceAnimationMode.OnDataUpdate,
      });
      chart.current = c;
      setReady(true);
    }, setError);
    return () => {
      live = false;
      c?.remove();
      chart.current = null;
      series.current = null;
    };
  }, []);

  useEffect(() => {
    if (!ready) return;
    let live = true;
    api
      .get<EquityCurve>(`${accountPath}/history/equity?resolution=trade`)
      .then((curve) => {
        if (!live || !series.current) return;
        // One value per second at most: the chart needs strictly rising times, so a later point in the same second wins.
        const bySecond = new Map<number, number>();
        for (const p of curve.points) bySecond.set(Math.floor(p.time / 1000), Number(p.equity));
        const data = [...bySecond.entries()].sort((x, y) => x[0] - y[0]).map(([time, value]) => ({ time: time as UTCTimestamp, value }));
        series.current.setData(data);
        history.current = data;
        hasLive.current = false;
        chart.current?.timeScale().fitContent();
        placeLive();
        setCount(curve.points.length);
        setError(null);
      })
      .catch((err: unknown) => live && setError(err));
    return () => {
      live = false;
    };
  }, [api, accountPath, version, ready]);

  useEffect(() => {
    if (ready) placeLive();
  }, [equity, ready]);

  return (
    <div>
      <ErrorNote error={error} />
      <div
        class="chart"
        ref={box}
        role="img"
        aria-label={`Equity curve, ${count} points${equity === undefined ? '' : `, and equity now: ${money(equity)}`}`}
        data-testid="equity-chart"
        data-points={held.points}
        data-last={held.last ?? undefined}
      />
    </div>
  );
}
