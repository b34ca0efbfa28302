/** Rounds to a number of decimals for publication. Example: round(2.34567, 2) = 2.35. */
export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
