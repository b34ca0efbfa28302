/** A chart's point: a day and its value. */
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
