/** Clips a value to [−limit, +limit]. Example: winsorize(4.2, 3) = 3; winsorize(−0.5, 3) = −0.5. */
export function winsorize(value: number, limit: number): number {
  return Math.max(-limit, Math.min(limit, value));
}
