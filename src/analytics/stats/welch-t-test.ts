import { mean } from './mean.ts';
import { sampleVariance } from './sample-variance.ts';
import { tTwoSidedP } from './student-t.ts';

export interface WelchResult {
  t: number;
  df: number;
  p: number;
}

/**
 * Welch's two-sample t-test (unequal variances); NaN fields when a sample has fewer than 2 values.
 * Example: welchTTest([1, 2, 3, 4], [3, 4, 5, 6]) → t = −2.1909, df = 6, p = 0.0710.
 */
export function welchTTest(a: readonly number[], b: readonly number[]): WelchResult {
  if (a.length < 2 || b.length < 2) return { t: Number.NaN, df: Number.NaN, p: Number.NaN };
  const va = sampleVariance(a) / a.length;
  const vb = sampleVariance(b) / b.length;
  const se2 = va + vb;
  const t = (mean(a) - mean(b)) / Math.sqrt(se2);
  const df = se2 ** 2 / (va ** 2 / (a.length - 1) + vb ** 2 / (b.length - 1));
  return { t, df, p: tTwoSidedP(t, df) };
}
