import { sampleVariance } from './sample-variance.ts';

/** Sample standard deviation (n − 1). Example: sampleStd([2, 4, 4, 4, 5, 5, 7, 9]) = 2.1381. */
export function sampleStd(values: ArrayLike<number>): number {
  return Math.sqrt(sampleVariance(values));
}
