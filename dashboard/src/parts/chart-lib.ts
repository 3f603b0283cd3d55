// What the page uses of lightweight-charts, imported lazily through this file so the bundler keeps only these.
export { AreaSeries, createChart, LastPriceAnimationMode } from 'lightweight-charts';
