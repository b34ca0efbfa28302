import { renderSvg } from '../echarts-lib.ts';
import {
  creditLines,
  datedFrame,
  dayMark,
  endLabel,
  FONT,
  fittedAxis,
  fixedAxis,
  GRID,
  header,
  INK,
  LAYOUT,
  type LineStyle,
  labelNumber,
  MUTED,
} from './frame.ts';
import { type ChartPoint, thin } from './points.ts';
import { type StackChartSpec, stackChartSvg } from './stack.ts';

/**
 * Server-side SVG charts (ECharts SSR, no browser, no script in the output). Charts are served as standalone SVG
 * documents at stable URLs, referenced from pages by <img>, so pages stay free of inline styles and scripts.
 */

const ACCENT = '#2563eb';
/** The compared series: orange, told apart from the blue by hue and lightness. */
const SECOND = '#c2410c';

/** Every chart style served at /charts/{id}.svg: the two line layouts and the axis-less sparkline. */
export type ChartStyle = LineStyle | 'spark';

export interface LineChartOptions {
  title: string;
  unit: string;
  style?: LineStyle;
  /**
   * A fixed scale: `bands` 0–100 with the risk bands (the headline), `percent` 0–100 without them (the sub-indices;
   * the headline against an asset), `correlation` −1…1 with the values indistinguishable from chance (|ρ| under
   * `chance`, the 95 % threshold of one window) shaded grey: what is outside the band is what a reader may take as
   * an association. Without one, the axis is fitted to the data.
   */
  scale?: 'bands' | 'percent' | 'correlation';
  chance?: number;
  /** Date ranges shaded by regime status (the headline's full history): risk-off red, risk-on green. */
  shading?: ReadonlyArray<{ from: string; to: string; status: 'risk-off' | 'risk-on' }>;
  /** A second series on its own right-hand axis, in a second colour; its title names its unit. */
  compare?: { points: readonly ChartPoint[]; title: string };
  /** A day to mark with a line and its date (a day page's own day). */
  mark?: string;
  /** The source line under the plot (frame.ts creditLines). */
  credit?: { source: string; dataTo: string; url: string };
}

/**
 * Everything a chart is drawn from, as plain data: it crosses to the chart worker thread (charts/renderer.ts)
 * by structured clone, so it holds no functions.
 */
export type ChartSpec =
  | { kind: 'line'; points: readonly ChartPoint[]; options: LineChartOptions }
  | { kind: 'spark'; points: readonly ChartPoint[] }
  | { kind: 'gauge'; value: number; label: string }
  | StackChartSpec;

/** A chart as an SVG document. */
export function chartSvg(spec: ChartSpec): string {
  if (spec.kind === 'gauge') return gaugeSvg(spec.value, spec.label);
  if (spec.kind === 'spark') return sparklineSvg(spec.points);
  if (spec.kind === 'stack') return stackChartSvg(spec);
  return lineChartSvg(spec.points, spec.options);
}

export function lineChartSvg(points: readonly ChartPoint[], opts: LineChartOptions): string {
  const style = opts.style ?? 'line';
  const layout = LAYOUT[style];
  const compare = opts.compare;
  const top = header(
    compare
      ? {
          title: `${opts.title} vs ${compare.title}`,
          legend: [
            { name: opts.title, color: ACCENT, line: true },
            { name: compare.title, color: SECOND, line: true },
          ],
        }
      : { title: opts.title, unit: opts.unit },
    style,
  );
  return renderSvg(layout.width, layout.height, {
    ...datedFrame(style, top, creditLines(opts.credit, style), compare ? 8 : layout.right, opts.mark),
    yAxis: lineYAxes(points, opts, style),
    series: lineSeries(points, opts, style),
  });
}

/** The value axis, and the compared series' own on the right. */
function lineYAxes(points: readonly ChartPoint[], opts: LineChartOptions, style: LineStyle) {
  const compare = opts.compare;
  const labels = (color: string) => ({ color, fontSize: LAYOUT[style].font, formatter: labelNumber });
  const main = {
    type: 'value',
    // A fixed scale where the chart has one, else fitted to the data.
    ...(opts.scale
      ? fixedAxis(opts.scale === 'correlation' ? 'correlation' : 'percent', style)
      : fittedAxis(
          points.map((p) => p.value),
          style,
        )),
    splitLine: { lineStyle: { color: GRID } },
    axisLabel: labels(compare ? ACCENT : MUTED),
  };
  if (!compare) return [main];
  const values = compare.points.map((p) => p.value);
  return [
    main,
    {
      type: 'value',
      ...fittedAxis(values, style),
      position: 'right',
      splitLine: { show: false },
      axisLabel: labels(SECOND),
    },
  ];
}

/** The line (its last value written at its end, its shading and the day's mark), and the compared line under it. */
function lineSeries(points: readonly ChartPoint[], opts: LineChartOptions, style: LineStyle) {
  const compare = opts.compare;
  const line = (name: string, of: readonly ChartPoint[], color: string) => ({
    name,
    type: 'line',
    showSymbol: false,
    sampling: 'lttb',
    lineStyle: { width: 1.8, color },
    itemStyle: { color },
    data: thin(of, LAYOUT[style].width * 2).map((p) => [p.date, p.value]),
  });
  const main = {
    ...line(opts.title, points, ACCENT),
    endLabel: endLabel(compare ? undefined : points.at(-1)?.value, style),
    ...(shadedAreas(opts).length > 0 ? { markArea: { silent: true, data: shadedAreas(opts) } } : {}),
    ...(opts.mark ? { markLine: dayMark(opts.mark, style) } : {}),
  };
  return compare ? [{ ...line(compare.title, compare.points, SECOND), yAxisIndex: 1 }, main] : [main];
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
  if (opts.scale === 'correlation') {
    const chance = opts.chance ?? 0;
    return [[{ yAxis: -chance, itemStyle: { color: 'rgba(107,114,128,0.16)' } }, { yAxis: chance }]];
  }
  if (opts.scale === 'bands') {
    return [
      [{ yAxis: 80, itemStyle: { color: 'rgba(220,38,38,0.08)' } }, { yAxis: 100 }],
      [{ yAxis: 0, itemStyle: { color: 'rgba(22,163,74,0.08)' } }, { yAxis: 20 }],
    ];
  }
  return [];
}

/** The dashboard card's sparkline: the line alone, 200 × 48. */
function sparklineSvg(points: readonly ChartPoint[]): string {
  return renderSvg(200, 48, {
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
}

/** The headline gauge: 0 (loose) to 100 (tight), with the risk-on and risk-off zones. */
function gaugeSvg(value: number, label: string): string {
  return renderSvg(320, 220, {
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
}
