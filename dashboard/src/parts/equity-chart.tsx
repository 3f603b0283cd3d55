// The equity curve with lightweight-charts: one point per closed trade; the chart's values are for drawing only
// (the figures above stay exact decimal strings).
import type { IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { EquityCurve } from '../api/types.js';
import { useApp } from '../state.js';
import { ErrorNote } from './ui.js';

export function EquityChart({ accountPath, version }: { accountPath: string; version: number }) {
  const { api } = useApp();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Area'> | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [count, setCount] = useState(0);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let c: IChartApi | null = null;
    let live = true;
    // The library is a chunk of its own, fetched from this host the first time a curve is drawn.
    import('./chart-lib.js').then(({ AreaSeries, createChart }) => {
      if (!live || !box.current) return;
      c = createChart(box.current, {
      autoSize: true,
      layout: { background: { color: 'transparent' }, textColor: '#5b6472', fontFamily: 'inherit', attributionLogo: false },
      grid: { vertLines: { color: '#eef0f3' }, horzLines: { color: '#eef0f3' } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, timeVisible: true },
      handleScroll: false,
      handleScale: false,
      });
      series.current = c.addSeries(AreaSeries, { lineColor: '#2457c5', topColor: 'rgba(36,87,197,0.22)', bottomColor: 'rgba(36,87,197,0.02)', lineWidth: 2, priceFormat: { type: 'price', precision: 2, minMove: 0.01 } });
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
        chart.current?.timeScale().fitContent();
        setCount(curve.points.length);
        setError(null);
      })
      .catch((err: unknown) => live && setError(err));
    return () => {
      live = false;
    };
  }, [api, accountPath, version, ready]);

  return (
    <div>
      <ErrorNote error={error} />
      <div class="chart" ref={box} role="img" aria-label={`Equity curve, ${count} points`} />
    </div>
  );
}
