/** z = (value − mean) / std, or undefined when there is no spread. Example: zScore(7, { mean: 5, std: 2 }) = 1. */
export function zScore(value: number, stats: { mean: number; std: number }): number | undefined {
  return stats.std > 0 ? (value - stats.mean) / stats.std : undefined;
}
