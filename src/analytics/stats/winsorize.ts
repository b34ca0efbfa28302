/** Clips a value to [−limit, +limit]. Example: winsorize(4.2, 3) = 3; winsorize(−0.5, 3) = −0.5. */
export function winsorize(value: number, limit: number): number {
  return Math.max(-limit, Math.min(limit, value));
}

/** Clips a value to [0, 1]. Example: clamp01(1.2) = 1; clamp01(0.4) = 0.4. */
export function clamp01(x: number): number {
  return Math.max(0, Math.min(1, x));
}
