import { mean } from './mean.ts';

/**
 * Pearson correlation of two equally long samples; NaN with fewer than 3 pairs or no spread.
 * Example: pearson([1, 2, 3, 4], [2, 4, 5, 9]) = 0.9621.
 */
export function pearson(x: readonly number[], y: readonly number[]): number {
  const n = x.length;
  if (n < 3) return Number.NaN;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? Number.NaN : sxy / Math.sqrt(sxx * syy);
}
