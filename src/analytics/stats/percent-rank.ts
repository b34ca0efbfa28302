/**
 * Share of `values` below `x`, ties counted half (the mid-rank percentile), as an integer 0–100; 50 for none.
 * Example: percentRank([1, 2, 3, 4], 4) = round(100 × (3 + 0.5) / 4) = 88.
 */
export function percentRank(values: readonly number[], x: number): number {
  if (values.length === 0) return 50;
  let below = 0;
  let equal = 0;
  for (const v of values) {
    if (v < x) below++;
    else if (v === x) equal++;
  }
  return Math.round((100 * (below + equal / 2)) / values.length);
}
