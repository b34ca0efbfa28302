import type { IndicatorReadings } from './liquidity-model.ts';
import { type GroupId, type ModelSpec, WINDOWS } from './spec.ts';

/**
 * dli-1's aggregation. Group sub-index = mean percentile of the group's live indicators; aggregate =
 * √((w∘s)ᵀ C (w∘s)) over the groups reporting that day (weights renormalized), C the correlation of the
 * sub-indices from an EWMA, as in the ECB's CISS. C can go negative, which is why dli-2 does not use it: a tighter
 * reading could then lower the aggregate.
 */
export function cissModel(spec: ModelSpec, readings: IndicatorReadings[], n: number) {
  const { groups, groupWeights } = groupSubIndices(spec, readings, n);
  return { groups, groupWeights, effective: [], held: [], aggregate: cissAggregate(spec, groups, groupWeights, n) };
}

function groupSubIndices(spec: ModelSpec, readings: IndicatorReadings[], n: number) {
  const groups = {} as Record<GroupId, Float64Array>;
  const groupWeights = {} as Record<GroupId, Float64Array>;
  for (const group of spec.groups) {
    const members = readings.filter((r) => r.spec.group === group.id);
    const s = new Float64Array(n).fill(Number.NaN);
    for (let g = 0; g < n; g++) {
      let sum = 0;
      let count = 0;
      for (const r of members) {
        if (!r.live[g]) continue;
        sum += r.p[g]!;
        count++;
      }
      if (count > 0) s[g] = sum / count;
    }
    groups[group.id] = s;
    groupWeights[group.id] = new Float64Array(n);
  }
  for (let g = 0; g < n; g++) {
    let total = 0;
    for (const group of spec.groups) if (!Number.isNaN(groups[group.id][g]!)) total += group.weight;
    for (const group of spec.groups) {
      if (!Number.isNaN(groups[group.id][g]!)) groupWeights[group.id][g] = group.weight / total;
    }
  }
  return { groups, groupWeights };
}

/**
 * √(vᵀ C v), v = w∘s over the groups reporting that day (weights renormalized), C the correlation from an
 * EWMA of (s_i − ½)(s_j − ½), as in the ECB's CISS. Days with fewer than minGroups groups have no aggregate.
 */
export function cissAggregate(
  spec: ModelSpec,
  groups: Record<GroupId, Float64Array>,
  weights: Record<GroupId, Float64Array>,
  n: number,
): Float64Array {
  const k = spec.groups.length;
  const ids = spec.groups.map((group) => group.id);
  const cov = Array.from({ length: k }, (_, i) => Array.from({ length: k }, (_, j) => (i === j ? 1 / 12 : 0)));
  const lambda = WINDOWS.ewmaLambda;
  const out = new Float64Array(n).fill(Number.NaN);
  const s = new Float64Array(k);
  for (let g = 0; g < n; g++) {
    let present = 0;
    for (let i = 0; i < k; i++) {
      s[i] = groups[ids[i]!][g]!;
      if (!Number.isNaN(s[i]!)) present++;
    }
    for (let i = 0; i < k; i++) {
      for (let j = i; j < k; j++) {
        if (Number.isNaN(s[i]!) || Number.isNaN(s[j]!)) continue;
        const next = lambda * cov[i]![j]! + (1 - lambda) * (s[i]! - 0.5) * (s[j]! - 0.5);
        cov[i]![j] = next;
        cov[j]![i] = next;
      }
    }
    if (present < WINDOWS.minGroups) continue;
    let total = 0;
    for (let i = 0; i < k; i++) {
      if (Number.isNaN(s[i]!)) continue;
      const vi = weights[ids[i]!][g]! * s[i]!;
      for (let j = 0; j < k; j++) {
        if (Number.isNaN(s[j]!)) continue;
        const vj = weights[ids[j]!][g]! * s[j]!;
        const rho = i === j ? 1 : cov[i]![j]! / Math.sqrt(cov[i]![i]! * cov[j]![j]!);
        total += vi * vj * (Number.isFinite(rho) ? rho : 0);
      }
    }
    out[g] = Math.sqrt(Math.max(0, total));
  }
  return out;
}
