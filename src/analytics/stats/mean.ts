/** Arithmetic mean; NaN for no values. Example: mean([2, 4, 4, 4, 5, 5, 7, 9]) = 5. */
export function mean(values: ArrayLike<number>): number {
  if (values.length === 0) return Number.NaN;
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return sum / values.length;
}
