import { createRequire } from 'node:module';
import { numberFormat } from '../timeseries/intl-formats.ts';

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
/** The compared series: orange, told apart from the blue by hue and lightness. */
const SECOND = '#c2410c';

/**
 * How a line chart is drawn: `line` is 720 × 300 for wide screens, `compact` 360 × 260 for phones. Text is sized
 * so that it stays at least 11 CSS px where each is shown (the page picks `compact` below 760 px: a 720-wide chart
 * squeezed into a phone would shrink 12 px text to under 6 px).
 */
export type LineStyle = 'line' | 'compact';

/** Every chart style served at /charts/{id}.svg: the two line layouts and the axis-less sparkline. */
export type ChartStyle = LineStyle | 'spark';
export const CHART_STYLES: readonly ChartStyle[] = ['line', 'compact', 'spark'];

const LAYOUT: Record<LineStyle, { width: number; height: number; font: number; title: number; right: number }> = {
  line: { width: 720, height: 300, font: 12, title: 15, right: 84 },
  compact: { width: 360, height: 260, font: 13, title: 14, right: 72 },
};

/** 1234.5 → "1,235"; 12.345 → "12.35": the axis and last-value labels. */
function labelNumber(value: number): string {
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return numberFormat('en-US', 0, digits).format(value);
}

export interface LineChartOptions {
  title: string;
  unit: string;
  style?: LineStyle;
  bands?: boolean;
  /** Date ranges shaded by regime status (the headline's full history): risk-off red, risk-on green. */
  shading?: ReadonlyArray<{ from: string; to: string; status: 'risk-off' | 'risk-on' }>;
  /** A fixed 0–100 axis without the risk bands (the sub-indices). */
  percentAxis?: boolean;
  /**
   * A correlation's fixed −1…1 axis, with the values indistinguishable from chance (|ρ| under `chance`, the 95 %
   * threshold of one window) shaded grey: what is outside the band is what a reader may take as an association.
   */
  correlationAxis?: { chance: number };
  /** A second series on its own right-hand axis, in a second colour. */
  compare?: { points: readonly ChartPoint[]; title: string; unit: string };
  /**
   * The source line under the plot — who published the data, the date it runs to, and where it came from — so that a
   * downloaded or embedded image still says what it is (as FRED prints on every graph).
   */
  credit?: { source: string; dataTo: string; url: string };
}

/**
 * The credit's lines, each short enough for the layout's width (about 0.56 em a character): the source and the
 * data's date wrapped at spaces, then the page's URL (wrapped after a slash if it must be).
 */
function creditLines(credit: NonNullable<LineChartOptions['credit']>, style: LineStyle): string[] {
  const layout = LAYOUT[style];
  const chars = Math.floor((layout.width - 16) / (layout.font * 0.56));
  return [
    ...wrapText(`Source: ${credit.source} · data to ${credit.dataTo}`, chars, ' '),
    ...wrapText(credit.url, chars, '/'),
  ];
}

/** Words (split after `separator`) gathered into lines of at most `max` characters. Example: ("a b c", 3, ' ') → ["a b", "c"]. */
export function wrapText(text: string, max: number, separator: ' ' | '/'): string[] {
  const words = separator === ' ' ? text.split(' ') : text.split(/(?<=\/)/);
  const glue = separator === ' ' ? ' ' : '';
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + glue.length + word.length <= max)
      lines[lines.length - 1] = `${last}${glue}${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * Everything a chart is drawn from, as plain data: it crosses to the chart worker thread (chart-renderer.ts)
 * by structured clone, so it holds no functions.
 */
export type ChartSpec =
  | { kind: 'line'; points: readonly ChartPoint[]; options: LineChartOptions }
  | { kind: 'spark'; points: readonly ChartPoint[] }
  | { kind: 'gauge'; value: number; label: string };

/** A chart as an SVG document. */
export function chartSvg(spec: ChartSpec): string {
  if (spec.kind === 'gauge') return gaugeSvg(spec.value, spec.label);
  if (spec.kind === 'spark') return sparklineSvg(spec.points);
  return lineChartSvg(spec.points, spec.options);
}

export function lineChartSvg(points: readonly ChartPoint[], opts: LineChartOptions): string {
  const layout = LAYOUT[opts.style ?? 'line'];
  const compare = opts.compare;
  const chart = echartsLib().init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: layout.width,
    height: layout.height,
  });
  const last = points.at(-1);
  const credit = opts.credit ? creditLines(opts.credit, opts.style ?? 'line') : [];
  try {
    chart.setOption({
      animation: false,
      textStyle: { fontFamily: FONT, color: INK },
      title: {
        text: compare ? `${opts.title} vs ${compare.title}` : opts.title,
        subtext: compare ? '' : opts.unit,
        left: 8,
        top: 4,
        textStyle: { fontSize: layout.title, fontWeight: 600, width: layout.width - 16, overflow: 'truncate' },
        subtextStyle: { fontSize: layout.font, color: '#4b5563' },
      },
      grid: {
        left: 8,
        right: compare ? 8 : layout.right,
        top: compare ? 66 : 58,
        bottom: credit.length > 0 ? credit.length * (layout.font + 3) + 10 : 8,
        containLabel: true,
      },
      ...(credit.length > 0
        ? {
            graphic: credit.map((line, k) => ({
              type: 'text',
              left: 8,
              bottom: 4 + (credit.length - 1 - k) * (layout.font + 3),
              style: {
                text: line,
                fontSize: layout.font,
                fill: '#4b5563',
                width: layout.width - 16,
                overflow: 'truncate',
              },
            })),
          }
        : {}),
      xAxis: {
        type: 'time',
        axisLine: { lineStyle: { color: GRID } },
        axisLabel: { color: '#4b5563', fontSize: layout.font, hideOverlap: true },
        splitNumber: opts.style === 'compact' ? 3 : 6,
      },
      yAxis: [
        {
          type: 'value',
          scale: !(opts.bands || opts.percentAxis || opts.correlationAxis),
          ...(opts.bands || opts.percentAxis ? { min: 0, max: 100 } : {}),
          ...(opts.correlationAxis ? { min: -1, max: 1 } : {}),
          splitLine: { lineStyle: { color: GRID } },
          axisLabel: { color: compare ? ACCENT : '#4b5563', fontSize: layout.font, formatter: labelNumber },
          splitNumber: 4,
        },
        ...(compare
          ? [
              {
                type: 'value',
                scale: true,
                position: 'right',
                splitLine: { show: false },
                axisLabel: { color: SECOND, fontSize: layout.font, formatter: labelNumber },
                splitNumber: 4,
              },
            ]
          : []),
      ],
      ...(compare
        ? {
            legend: {
              top: 30,
              left: 8,
              textStyle: { fontSize: layout.font, color: INK },
              data: [opts.title, compare.title],
            },
          }
        : {}),
      series: [
        ...(compare
          ? [
              {
                name: compare.title,
                type: 'line',
                yAxisIndex: 1,
                showSymbol: false,
                sampling: 'lttb',
                lineStyle: { width: 1.8, color: SECOND },
                itemStyle: { color: SECOND },
                data: thin(compare.points, layout.width * 2).map((p) => [p.date, p.value]),
              },
            ]
          : []),
        {
          name: opts.title,
          type: 'line',
          showSymbol: false,
          sampling: 'lttb',
          lineStyle: { width: 1.8, color: ACCENT },
          itemStyle: { color: ACCENT },
          data: thin(points, layout.width * 2).map((p) => [p.date, p.value]),
          // The last value, written at the end of the line: the number a reader looks for first.
          endLabel:
            last && !compare
              ? {
                  show: true,
                  fontSize: layout.font,
                  fontWeight: 600,
                  color: INK,
                  formatter: () => labelNumber(last.value),
                }
              : { show: false },
          ...(shadedAreas(opts).length > 0 ? { markArea: { silent: true, data: shadedAreas(opts) } } : {}),
        },
      ],
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/**
 * What a line chart shades under its line, as ECharts markArea pairs: the regime spells (by date), a correlation's
 * chance band, or the headline's risk bands (by value); none for the others.
 */
function shadedAreas(opts: LineChartOptions): Array<[Record<string, unknown>, Record<string, unknown>]> {
  if (opts.shading) {
    return opts.shading.map((s) => [
      {
        xAxis: s.from,
        itemStyle: { color: s.status === 'risk-off' ? 'rgba(220,38,38,0.16)' : 'rgba(22,163,74,0.16)' },
      },
      { xAxis: s.to },
    ]);
  }
  if (opts.correlationAxis) {
    const { chance } = opts.correlationAxis;
    return [[{ yAxis: -chance, itemStyle: { color: 'rgba(107,114,128,0.16)' } }, { yAxis: chance }]];
  }
  if (opts.bands) {
    return [
      [{ yAxis: 80, itemStyle: { color: 'rgba(220,38,38,0.08)' } }, { yAxis: 100 }],
      [{ yAxis: 0, itemStyle: { color: 'rgba(22,163,74,0.08)' } }, { yAxis: 20 }],
    ];
  }
  return [];
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
          // Only the band edges and the ends are labelled: eleven labels crowded the top of the arc at 1440 px.
          axisLabel: {
            distance: 22,
            fontSize: 13,
            color: '#4b5563',
            formatter: (v: number) => ([0, 20, 50, 80, 100].includes(Math.round(v)) ? String(Math.round(v)) : ''),
          },
          detail: { formatter: '{value}', fontSize: 30, fontWeight: 700, offsetCenter: [0, '28%'], color: INK },
          title: { offsetCenter: [0, '52%'], fontSize: 14, color: '#374151' },
          data: [{ value, name: label }],
        },
      ],
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
