/**
 * The highest of the last `days` samples (NaN samples skipped; NaN where the day itself has none).
 * Example: rollingMax([1, 5, 2, NaN, 3], 3) = [1, 5, 5, NaN, 3].
 */
export function rollingMax(values: Float64Array, days: number): Float64Array {
  const out = new Float64Array(values.length).fill(Number.NaN);
  for (let g = 0; g < values.length; g++) {
    if (Number.isNaN(values[g]!)) continue;
    let max = values[g]!;
    for (let k = Math.max(0, g - days + 1); k < g; k++) if (values[k]! > max) max = values[k]!;
    out[g] = max;
  }
  return out;
}
