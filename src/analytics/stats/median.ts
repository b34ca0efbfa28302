/**
 * Median of the first `length` values of an ascending array (the middle value, or the mean of the two middle ones).
 * Example: sortedMedian([1, 2, 3, 10]) = 2.5; sortedMedian([1, 2, 3, 10], 3) = 2.
 */
export function sortedMedian(sorted: ArrayLike<number>, length = sorted.length): number {
  if (length === 0) return Number.NaN;
  const mid = length >> 1;
  return length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Median of values in any order (a sorted copy is taken). Example: median([10, 1, 3, 2]) = 2.5. */
export function median(values: readonly number[]): number {
  return sortedMedian(Float64Array.from(values).sort());
}
