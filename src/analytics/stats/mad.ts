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
  const left = (i: number) => m - sorted[split - 1 - i]!;
  const right = (i: number) => sorted[split + i]! - m;
  const kth = (k: number) => kthOfTwo(left, split, right, length - split, k);
  return length % 2 === 1 ? kth(length >> 1) : (kth((length >> 1) - 1) + kth(length >> 1)) / 2;
}

/** k-th smallest (0-based) of the union of two ascending sequences given as accessors. */
function kthOfTwo(a: (i: number) => number, aLen: number, b: (i: number) => number, bLen: number, k: number): number {
  let lo = Math.max(0, k - bLen + 1);
  let hi = Math.min(k + 1, aLen);
  // Binary search on how many of the first k+1 come from a.
  while (lo < hi) {
    const fromA = (lo + hi) >> 1;
    const fromB = k + 1 - fromA;
    if (fromB > 0 && fromA < aLen && b(fromB - 1) > a(fromA)) lo = fromA + 1;
    else hi = fromA;
  }
  const fromA = lo;
  const fromB = k + 1 - fromA;
  const lastA = fromA > 0 ? a(fromA - 1) : Number.NEGATIVE_INFINITY;
  const lastB = fromB > 0 ? b(fromB - 1) : Number.NEGATIVE_INFINITY;
  return Math.max(lastA, lastB);
}
