import { mean } from './mean.ts';

/** Sample variance (n − 1); 0 for fewer than 2 values. Example: sampleVariance([2, 4, 4, 4, 5, 5, 7, 9]) = 4.5714. */
export function sampleVariance(values: ArrayLike<number>): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  let squares = 0;
  for (let i = 0; i < values.length; i++) squares += (values[i]! - m) ** 2;
  return squares / (values.length - 1);
}
