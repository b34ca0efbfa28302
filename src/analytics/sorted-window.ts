import { lowerBound, sortedMad, sortedMedian, upperBound } from './robust.ts';

/**
 * A trailing window of numbers kept sorted, for rolling median, MAD and percent rank: add the newest value,
 * drop the oldest, each by binary search and one block move (O(w) memory moves, no re-sorting).
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
    const at = upperBound(this.#values, x, this.#length);
    this.#values.copyWithin(at + 1, at, this.#length);
    this.#values[at] = x;
    this.#length++;
  }

  remove(x: number): void {
    const at = lowerBound(this.#values, x, this.#length);
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
    const below = lowerBound(this.#values, x, this.#length);
    const atOrBelow = upperBound(this.#values, x, this.#length);
    return (below + (atOrBelow - below) / 2) / this.#length;
  }
}
