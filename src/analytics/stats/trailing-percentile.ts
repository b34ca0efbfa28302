import { SortedWindow, slideWindow } from './sorted-window.ts';

/**
 * Integer percentile (0–100) of each value within the trailing window of the previous `windowSize` values (itself
 * included; NaN values are skipped), NaN until `minHistory` values are in the window.
 * Example: trailingPercentile([3, 1, 2, 5], 3, 2) = [NaN, 25, 50, 83].
 */
export function trailingPercentile(values: Float64Array, windowSize: number, minHistory: number): Float64Array {
  const out = new Float64Array(values.length).fill(Number.NaN);
  const window = new SortedWindow(windowSize);
  for (let g = 0; g < values.length; g++) {
    slideWindow(window, values, g, windowSize);
    const value = values[g]!;
    if (!Number.isNaN(value) && window.size >= minHistory) out[g] = Math.round(100 * window.rank(value));
  }
  return out;
}
