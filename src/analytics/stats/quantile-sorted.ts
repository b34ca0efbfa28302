/**
 * The p-quantile of an ascending sample, interpolating linearly between order statistics (Hyndman & Fan type 7,
 * the default of R and NumPy).
 * Example: quantileSorted([1, 2, 3, 4], 0.5) = 2.5; quantileSorted([1, 2, 3, 4], 0.05) = 1.15.
 */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0 || p < 0 || p > 1) return Number.NaN;
  const at = (n - 1) * p;
  const lo = Math.floor(at);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo]! + (at - lo) * (sorted[hi]! - sorted[lo]!);
}
