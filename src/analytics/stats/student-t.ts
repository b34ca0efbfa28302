import { regularizedBeta } from './regularized-beta.ts';

/**
 * Two-sided p-value of a t statistic under Student's t distribution with `df` degrees of freedom.
 * Example: tTwoSidedP(2.228, 10) = 0.05.
 */
export function tTwoSidedP(t: number, df: number): number {
  if (!Number.isFinite(t) || df <= 0) return Number.NaN;
  return regularizedBeta(df / (df + t * t), df / 2, 0.5);
}
