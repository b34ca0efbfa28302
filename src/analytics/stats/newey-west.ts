/**
 * Newey–West (Bartlett-kernel) long-run variance of a sum of mean-zero terms ψ_t:
 * Σ ψ_t² + 2 Σ_{l=1..L} (1 − l/(L+1)) Σ_t ψ_t ψ_{t−l}. With ψ an estimator's influence terms (e.g. for a mean,
 * (x_t − x̄)/n) this is the HAC variance of the estimator; overlapping h-day returns call for L = h − 1.
 * Example: neweyWestVariance([1, -1, 1, -1], 0) = 4; with lag 1 → 4 + 2 × ½ × (−3) = 1.
 */
export function neweyWestVariance(psi: ArrayLike<number>, lag: number): number {
  const n = psi.length;
  let variance = 0;
  for (let t = 0; t < n; t++) variance += psi[t]! * psi[t]!;
  for (let l = 1; l <= lag && l < n; l++) {
    let cross = 0;
    for (let t = l; t < n; t++) cross += psi[t]! * psi[t - l]!;
    variance += 2 * (1 - l / (lag + 1)) * cross;
  }
  return variance;
}
