import { renderSvg } from '../echarts-lib.ts';
import {
  creditLines,
  datedFrame,
  dayMark,
  endLabel,
  fixedAxis,
  GRID,
  header,
  INK,
  LAYOUT,
  type LineStyle,
  labelNumber,
  MUTED,
} from './frame.ts';
import { thin } from './points.ts';
import type { LineChartOptions } from './svg.ts';

/**
 * The parts of a total over time: each part a stacked area, bottom to top in the order given, and the total drawn as
 * a line over them (the level and each group's contribution to it: the parts add up to the line). A part missing on
 * a day (a group that did not report) counts as nothing that day.
 */
export interface StackChartSpec {
  kind: 'stack';
  dates: readonly string[];
  parts: ReadonlyArray<{ name: string; color: string; values: ReadonlyArray<number | null> }>;
  total: { name: string; values: ReadonlyArray<number | null> };
  options: Pick<LineChartOptions, 'title' | 'unit' | 'style' | 'mark' | 'credit'>;
}

export function stackChartSvg(spec: StackChartSpec): string {
  const { options } = spec;
  const style = options.style ?? 'line';
  const layout = LAYOUT[style];
  const days = thin(
    spec.dates.map((_, i) => i),
    layout.width * 2,
  );
  const top = header(
    {
      title: options.title,
      // On a phone the legend says what the unit line would (the parts, and the line that is their total): the plot
      // keeps the height.
      ...(style === 'compact' ? {} : { unit: options.unit }),
      legend: [
        ...spec.parts.map((p) => ({ name: p.name, color: p.color })),
        { name: spec.total.name, color: INK, line: true },
      ],
    },
    style,
  );
  return renderSvg(layout.width, layout.height, {
    ...datedFrame(style, top, creditLines(options.credit, style), layout.right, options.mark),
    yAxis: {
      type: 'value',
      ...fixedAxis('percent', style),
      splitLine: { lineStyle: { color: GRID } },
      axisLabel: { color: MUTED, fontSize: layout.font, formatter: labelNumber },
    },
    series: stackSeries(spec, days, style),
  });
}

/** The parts stacked as areas, and their total as a line labelled at its end (and the day's mark, if any). */
function stackSeries(spec: StackChartSpec, days: number[], style: LineStyle) {
  const { options } = spec;
  return [
    ...spec.parts.map((part) => ({
      name: part.name,
      type: 'line',
      stack: 'parts',
      showSymbol: false,
      lineStyle: { width: 0.6, color: part.color },
      itemStyle: { color: part.color },
      areaStyle: { color: part.color, opacity: 0.55 },
      data: days.map((i) => [spec.dates[i], part.values[i] ?? 0]),
    })),
    {
      name: spec.total.name,
      type: 'line',
      showSymbol: false,
      lineStyle: { width: 1.6, color: INK },
      itemStyle: { color: INK },
      data: days.map((i) => [spec.dates[i], spec.total.values[i] ?? null]),
      endLabel: endLabel(spec.total.values.at(-1), style),
      ...(options.mark ? { markLine: dayMark(options.mark, style) } : {}),
    },
  ];
}
