import { sortedMad } from './mad.ts';
import { sortedMedian } from './median.ts';
import { firstAbove, firstAtLeast } from './sorted-search.ts';

/**
 * A trailing window of numbers kept sorted, for rolling median, MAD and percent rank: add the newest value, drop
 * the oldest, each by binary search and one block move (O(w) memory moves, no re-sorting): what keeps a model
 * recompute fast over 5-year windows.
 * Example: add 3, 1, 2 → median() 2, rank(2) = (1 + 0.5) / 3 = 0.5.
 */
export class SortedWindow {
  readonly #values: Float64Array;
  #length = 0;

  constructor(capacity: number) {
    this.#values = new Float64Array(capacity);
  }

  get size(): number {
    return this.#length;
  }

  add(x: number): void {
    if (this.#length === this.#values.length) throw new Error('SortedWindow is full');
    const at = this.#upper(x);
    this.#values.copyWithin(at + 1, at, this.#length);
    this.#values[at] = x;
    this.#length++;
  }

  remove(x: number): void {
    const at = this.#lower(x);
    if (at >= this.#length || this.#values[at] !== x) throw new Error(`SortedWindow does not hold ${x}`);
    this.#values.copyWithin(at, at + 1, this.#length);
    this.#length--;
  }

  median(): number {
    return sortedMedian(this.#values, this.#length);
  }

  mad(): number {
    return sortedMad(this.#values, this.#length);
  }

  /** Share of the window below x, ties counted half, in [0, 1]. */
  rank(x: number): number {
    if (this.#length === 0) return Number.NaN;
    const below = this.#lower(x);
    const atOrBelow = this.#upper(x);
    return (below + (atOrBelow - below) / 2) / this.#length;
  }

  /**
   * Percent rank x would have if it replaced `held` (a value in the window), ties counted half: what rank(x)
   * returns after remove(held) and add(x), without changing the window. Example: 1, 2, 3 → rankReplacing(4, 2)
   * = (2 + 0.5) / 3.
   */
  rankReplacing(x: number, held: number): number {
    const below = this.#lower(x) - (held < x ? 1 : 0);
    const equal = this.#upper(x) - this.#lower(x) - (held === x ? 1 : 0) + 1;
    return (below + equal / 2) / this.#length;
  }

  /**
   * 100 × rank(x), rounded half up exactly: computed from the counts, (200·below + 100·ties) / 2n, so that a rank
   * of exactly 57.5 % gives 58 (100 × 0.575 in floating point is 57.49999…). Example: 1, 2, 3 → percent(2) = 50.
   */
  percent(x: number): number {
    const below = this.#lower(x);
    return halfUp(100 * (2 * below + (this.#upper(x) - below)), 2 * this.#length);
  }

  /** percent(x) as if x replaced `held` (see rankReplacing), rounded the same way. */
  percentReplacing(x: number, held: number): number {
    const below = this.#lower(x) - (held < x ? 1 : 0);
    const equal = this.#upper(x) - this.#lower(x) - (held === x ? 1 : 0) + 1;
    return halfUp(100 * (2 * below + equal), 2 * this.#length);
  }

  /** First index holding a value ≥ x. */
  #lower(x: number): number {
    return firstAtLeast(this.#values, x, this.#length);
  }

  /** First index holding a value > x. */
  #upper(x: number): number {
    return firstAbove(this.#values, x, this.#length);
  }
}

/** numerator / denominator (positive integers) rounded half up, in integers. Example: halfUp(115, 2) = 58. */
function halfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * Moves a trailing window of `size` days over `values` to day g: the value leaving (if any) out, the day's value
 * (if any) in; NaN days are no values. Example: size 2 over [1, NaN, 3], g = 2 → the window holds 3 (1 left).
 */
export function slideWindow(window: SortedWindow, values: ArrayLike<number>, g: number, size: number): void {
  const leaving = g - size;
  if (leaving >= 0 && !Number.isNaN(values[leaving]!)) window.remove(values[leaving]!);
  if (!Number.isNaN(values[g]!)) window.add(values[g]!);
}
