import type { IndicatorReadings } from './liquidity-model.ts';
import { type GroupId, type ModelSpec, WINDOWS } from './spec.ts';

/**
 * dli-2's aggregation: a weighted mean whose weights never depend on the values, so a tighter reading can only
 * raise (or leave) its group's sub-index and the aggregate.
 *
 * - Each indicator carries a presence e ∈ [0, 1]: it rises by 1/fadeDays on each business day the indicator has a
 *   reading and falls by 1/fadeDays on each day it has none, so an input that starts, stops (after the 45-day
 *   hold of sampling) or returns moves its weight over `fadeDays` business days instead of at once. While it
 *   fades out it contributes its last percentile (held).
 * - Group sub-index s_G = Σ e·p / Σ e over the group's indicators; the group's presence E_G = max e of its
 *   members (a group keeps its full weight while any member is fully present).
 * - Aggregate A = Σ_G W_G·E_G·s_G / Σ_G W_G·E_G over the groups present (at least minGroups). A spec weighting
 *   every indicator equally uses W_G·E_G = Σ_G e, so A = Σ e·p / Σ e over all indicators.
 *
 * A is, exactly, a sum of per-indicator shares c_i = weight_i × p_i (see `combineDay`); drivers are the change of
 * each share over the momentum window, so they add up to the aggregate's change.
 */
export function weightedMeanModel(spec: ModelSpec, readings: IndicatorReadings[], n: number) {
  const fadeDays = spec.fadeDays ?? 20;
  const effective = readings.map((r) => (spec.missing === 'hold' ? heldPresence(r.p) : presence(r.p, fadeDays)));
  const held = readings.map((r, i) => heldPercentile(r.p, effective[i]!));
  const groups = {} as Record<GroupId, Float64Array>;
  const groupWeights = {} as Record<GroupId, Float64Array>;
  for (const group of spec.groups) {
    groups[group.id] = new Float64Array(n).fill(Number.NaN);
    groupWeights[group.id] = new Float64Array(n);
  }
  const aggregate = new Float64Array(n).fill(Number.NaN);
  const layout = groupLayout(spec, readings);
  const e = new Float64Array(readings.length);
  const h = new Float64Array(readings.length);
  for (let g = 0; g < n; g++) {
    for (let i = 0; i < readings.length; i++) {
      e[i] = effective[i]![g]!;
      h[i] = held[i]![g]!;
    }
    const day = combineDay(spec, layout, e, h);
    spec.groups.forEach((group, k) => {
      groups[group.id][g] = day.subIndex[k]!;
      groupWeights[group.id][g] = day.groupWeight[k]!;
    });
    aggregate[g] = day.aggregate;
  }
  return { groups, groupWeights, effective, held, aggregate };
}

/** Indices of each spec group's readings, in spec.groups order. */
export function groupLayout(spec: ModelSpec, readings: readonly IndicatorReadings[]): number[][] {
  return spec.groups.map((group) => readings.flatMap((r, i) => (r.spec.group === group.id ? [i] : [])));
}

export interface CombinedDay {
  /** Per spec group: Σ e·p / Σ e, NaN when absent. */
  subIndex: number[];
  /** Per spec group: its share of the aggregate's weight (0 when absent or no aggregate). */
  groupWeight: number[];
  /** Per reading: its weight in the aggregate (Σ = 1 on days with an aggregate). */
  weight: number[];
  aggregate: number;
}

/**
 * One day's combination from each reading's presence `e` and (held) percentile `h`, both in readings order:
 * the one place the weights are computed, shared by the model, the drivers and the robustness checks.
 */
export function combineDay(
  spec: ModelSpec,
  layout: number[][],
  e: ArrayLike<number>,
  h: ArrayLike<number>,
): CombinedDay {
  const k = spec.groups.length;
  const subIndex = new Array<number>(k).fill(Number.NaN);
  const raw = new Array<number>(k).fill(0);
  const weight = new Array<number>(e.length).fill(0);
  let total = 0;
  let reporting = 0;
  // Per group, the members that carry its reading: all present ones (mean), or the tightest present one (max).
  const carriers: number[][] = [];
  for (let j = 0; j < k; j++) {
    // A floor group (dli-4's backstops) is not in the mean: it floors the level after smoothing (like-for-like.ts).
    const present = spec.groups[j]!.id === spec.floor ? [] : layout[j]!.filter((i) => e[i]! > 0);
    const members =
      spec.groups[j]!.combine === 'max' && present.length > 0
        ? [present.reduce((best, i) => (h[i]! > h[best]! ? i : best))]
        : present;
    carriers.push(members);
    let sum = 0;
    let mass = 0;
    let max = 0;
    for (const i of members) {
      sum += e[i]! * h[i]!;
      mass += e[i]!;
      max = Math.max(max, e[i]!);
    }
    if (mass === 0) continue;
    subIndex[j] = sum / mass;
    raw[j] = spec.weighting === 'equal-indicators' ? mass : spec.groups[j]!.weight * max;
    total += raw[j]!;
    reporting++;
  }
  const groupWeight = new Array<number>(k).fill(0);
  if (reporting < WINDOWS.minGroups || total === 0) return { subIndex, groupWeight, weight, aggregate: Number.NaN };
  let aggregate = 0;
  for (let j = 0; j < k; j++) {
    if (raw[j] === 0) continue;
    groupWeight[j] = raw[j]! / total;
    let mass = 0;
    for (const i of carriers[j]!) mass += e[i]!;
    for (const i of carriers[j]!) {
      weight[i] = (groupWeight[j]! * e[i]!) / mass;
      aggregate += weight[i]! * h[i]!;
    }
  }
  return { subIndex, groupWeight, weight, aggregate };
}

/**
 * Presence of an indicator on each day: +1/fadeDays per day with a reading, −1/fadeDays per day without, kept
 * in [0, 1]. Example: readings on days 0–2 then none, fadeDays 2 → 0.5, 1, 1, 0.5, 0.
 */
export function presence(p: Float64Array, fadeDays: number): Float64Array {
  const e = new Float64Array(p.length);
  let steps = 0;
  for (let g = 0; g < p.length; g++) {
    // Counted in whole steps so a fully faded input is exactly out and a fully present one exactly in.
    steps = Number.isNaN(p[g]!) ? Math.max(0, steps - 1) : Math.min(fadeDays, steps + 1);
    e[g] = steps / fadeDays;
  }
  return e;
}

/**
 * Presence when a stopped input is held: 0 before its first reading, 1 from it on. Example: NaN, .4, .5, NaN →
 * 0, 1, 1, 1 (the last day contributes the held .5).
 */
export function heldPresence(p: Float64Array): Float64Array {
  const e = new Float64Array(p.length);
  let started = false;
  for (let g = 0; g < p.length; g++) {
    if (!Number.isNaN(p[g]!)) started = true;
    e[g] = started ? 1 : 0;
  }
  return e;
}

/** The percentile an indicator contributes: its own, or while it fades out, the last one it had. */
function heldPercentile(p: Float64Array, e: Float64Array): Float64Array {
  const out = new Float64Array(p.length).fill(Number.NaN);
  let last = Number.NaN;
  for (let g = 0; g < p.length; g++) {
    if (!Number.isNaN(p[g]!)) last = p[g]!;
    if (e[g]! > 0) out[g] = last;
  }
  return out;
}
