import bounds from 'binary-search-bounds';

/**
 * Binary searches over the first `length` values of an ascending numeric array, by binary-search-bounds. Called
 * without a comparator, the library compares numbers directly and takes (array, y, lo, hi); its type declarations
 * only describe the comparator form, hence the casts.
 */
type NumericSearch = (array: ArrayLike<number>, y: number, lo: number, hi: number) => number;
const ge = bounds.ge as unknown as NumericSearch;
const gt = bounds.gt as unknown as NumericSearch;

/** Index of the first value ≥ x (or `length`). Example: firstAtLeast([1, 2, 2, 5], 2) = 1. */
export function firstAtLeast(sorted: ArrayLike<number>, x: number, length = sorted.length): number {
  return ge(sorted, x, 0, length - 1);
}

/** Index of the first value > x (or `length`). Example: firstAbove([1, 2, 2, 5], 2) = 3. */
export function firstAbove(sorted: ArrayLike<number>, x: number, length = sorted.length): number {
  return gt(sorted, x, 0, length - 1);
}
