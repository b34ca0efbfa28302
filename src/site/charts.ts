import { createRequire } from 'node:module';

// ECharts is large; it is loaded on the first chart request, not at start (charts render lazily anyway).
const require = createRequire(import.meta.url);
let library: typeof import('echarts') | undefined;
function echartsLib(): typeof import('echarts') {
  library ??= require('echarts') as typeof import('echarts');
  return library;
}

/**
 * Server-side SVG charts (ECharts SSR, no browser, no script in the output). Charts are served as standalone SVG
 * documents at stable URLs, referenced from pages by <img>, so pages stay free of inline styles and scripts.
 */
export interface ChartPoint {
  date: string;
  value: number;
}

/**
 * Charts are at most 720 px wide: more than two points per pixel only costs memory and bytes. Longer series are
 * thinned to every k-th point (the last point always kept) before rendering, and ECharts samples the rest (LTTB).
 */
const MAX_POINTS = 1440;

export function thin<T>(points: readonly T[], max = MAX_POINTS): T[] {
  if (points.length <= max) return [...points];
  const step = Math.ceil(points.length / max);
  const out: T[] = [];
  for (let i = 0; i < points.length; i += step) out.push(points[i]!);
  if (out[out.length - 1] !== points[points.length - 1]) out.push(points[points.length - 1]!);
  return out;
}

const FONT = 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif';
const INK = '#1f2937';
const ACCENT = '#2563eb';
const GRID = '#e5e7eb';

export function lineChartSvg(
  points: readonly ChartPoint[],
  opts: { title: string; unit: string; width?: number; height?: number; bands?: boolean },
): string {
  const width = opts.width ?? 720;
  const height = opts.height ?? 300;
  const chart = echartsLib().init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({
      animation: false,
      textStyle: { fontFamily: FONT, color: INK },
      title: {
        text: opts.title,
        subtext: opts.unit,
        left: 8,
        top: 4,
        textStyle: { fontSize: 14, fontWeight: 600 },
        subtextStyle: { fontSize: 11 },
      },
      grid: { left: 56, right: 16, top: 52, bottom: 28 },
      xAxis: { type: 'time', axisLine: { lineStyle: { color: GRID } }, axisLabel: { color: '#6b7280', fontSize: 10 } },
      yAxis: {
        type: 'value',
        scale: !opts.bands,
        ...(opts.bands ? { min: 0, max: 100 } : {}),
        splitLine: { lineStyle: { color: GRID } },
        axisLabel: { color: '#6b7280', fontSize: 10 },
      },
      series: [
        {
          type: 'line',
          showSymbol: false,
          sampling: 'lttb',
          lineStyle: { width: 1.6, color: ACCENT },
          data: thin(points).map((p) => [p.date, p.value]),
          ...(opts.bands
            ? {
                markArea: {
                  silent: true,
                  data: [
                    [{ yAxis: 80, itemStyle: { color: 'rgba(220,38,38,0.08)' } }, { yAxis: 100 }],
                    [{ yAxis: 0, itemStyle: { color: 'rgba(22,163,74,0.08)' } }, { yAxis: 20 }],
                  ],
                },
              }
            : {}),
        },
      ],
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

export function sparklineSvg(points: readonly ChartPoint[], width = 200, height = 48): string {
  const chart = echartsLib().init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({
      animation: false,
      grid: { left: 2, right: 2, top: 4, bottom: 4 },
      xAxis: { type: 'time', show: false },
      yAxis: { type: 'value', show: false, scale: true },
      series: [
        {
          type: 'line',
          showSymbol: false,
          lineStyle: { width: 1.4, color: ACCENT },
          areaStyle: { color: 'rgba(37,99,235,0.08)' },
          data: points.map((p) => [p.date, p.value]),
        },
      ],
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** The headline gauge: 0 (loose) to 100 (tight), with the risk-on and risk-off zones. */
export function gaugeSvg(value: number, label: string, width = 320, height = 220): string {
  const chart = echartsLib().init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({
      animation: false,
      textStyle: { fontFamily: FONT },
      series: [
        {
          type: 'gauge',
          min: 0,
          max: 100,
          startAngle: 200,
          endAngle: -20,
          radius: '92%',
          center: ['50%', '62%'],
          axisLine: {
            lineStyle: {
              width: 16,
              color: [
                [0.2, '#16a34a'],
                [0.8, '#9ca3af'],
                [1, '#dc2626'],
              ],
            },
          },
          pointer: { width: 5, itemStyle: { color: INK } },
          axisTick: { show: false },
          splitLine: { length: 8, lineStyle: { color: '#fff', width: 2 } },
          axisLabel: { distance: 20, fontSize: 10, color: '#6b7280' },
          detail: { formatter: '{value}', fontSize: 30, fontWeight: 700, offsetCenter: [0, '28%'], color: INK },
          title: { offsetCenter: [0, '52%'], fontSize: 12, color: '#374151' },
          data: [{ value, name: label }],
        },
      ],
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
