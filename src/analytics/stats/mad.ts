import { sortedMedian } from './median.ts';
import { firstAtLeast } from './sorted-search.ts';

/** MAD × 1.4826 estimates the standard deviation of normal data while ignoring outliers. */
export const MAD_TO_SIGMA = 1.4826;

/**
 * Median absolute deviation of the first `length` values of an ascending array, around their median, in
 * O(log n): the deviations left of the median, read outward, and those right of it, read outward, are two sorted
 * runs, so their union's median is a k-th-smallest selection over two sorted arrays.
 * Example: sortedMad([1, 2, 3, 4, 100]) = 1 (median 3; deviations 2, 1, 0, 1, 97).
 */
export function sortedMad(sorted: ArrayLike<number>, length = sorted.length): number {
  if (length === 0) return Number.NaN;
  const m = sortedMedian(sorted, length);
  // Left run: m − sorted[split−1], m − sorted[split−2], … (ascending). Right run: sorted[split] − m, … (ascending).
  const split = firstAtLeast(sorted, m, length);
  const half = length >> 1;
  if (length % 2 === 1) return kthDeviation(sorted, length, m, split, half);
  return (kthDeviation(sorted, length, m, split, half - 1) + kthDeviation(sorted, length, m, split, half)) / 2;
}

/**
 * The k-th smallest (0-based) absolute deviation from m: of the union of the two ascending runs above, by binary
 * search on how many of the first k+1 come from the left run. The runs are read in place, not through accessor
 * closures: the model asks this for every day of every input.
 */
function kthDeviation(sorted: ArrayLike<number>, length: number, m: number, split: number, k: number): number {
  const leftLen = split;
  const rightLen = length - split;
  let lo = Math.max(0, k - rightLen + 1);
  let hi = Math.min(k + 1, leftLen);
  while (lo < hi) {
    const fromLeft = (lo + hi) >> 1;
    const fromRight = k + 1 - fromLeft;
    if (fromRight > 0 && fromLeft < leftLen && sorted[split + fromRight - 1]! - m > m - sorted[split - 1 - fromLeft]!)
      lo = fromLeft + 1;
    else hi = fromLeft;
  }
  const fromRight = k + 1 - lo;
  const lastLeft = lo > 0 ? m - sorted[split - lo]! : Number.NEGATIVE_INFINITY;
  const lastRight = fromRight > 0 ? sorted[split + fromRight - 1]! - m : Number.NEGATIVE_INFINITY;
  return Math.max(lastLeft, lastRight);
}
