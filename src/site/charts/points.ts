import type { Observation } from '../../timeseries/observation.ts';

/** A chart's point: a day and its value. */
export type ChartPoint = Observation;

/**
 * More than two points per pixel of a chart's width only costs memory and bytes: longer series are thinned to every
 * k-th point (the last point always kept) before rendering, to at most `max`, and ECharts samples the rest (LTTB).
 */
export function thin<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return [...points];
  const step = Math.ceil(points.length / max);
  const out: T[] = [];
  for (let i = 0; i < points.length; i += step) out.push(points[i]!);
  if (out[out.length - 1] !== points[points.length - 1]) out.push(points[points.length - 1]!);
  return out;
}
