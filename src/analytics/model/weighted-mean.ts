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
 * A is, exactly, a sum of per-indicator shares c_i = weight_i × p_i (see DayCombiner); drivers are the change of
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
  const e = new Float64Array(readings.length);
  const h = new Float64Array(readings.length);
  const day = new DayCombiner(spec, readings);
  for (let g = 0; g < n; g++) {
    fillDay(e, h, { effective, held }, g);
    aggregate[g] = day.combine(e, h);
    spec.groups.forEach((group, k) => {
      groups[group.id][g] = day.subIndex[k]!;
      groupWeights[group.id][g] = day.groupWeight[k]!;
    });
  }
  return { groups, groupWeights, effective, held, aggregate };
}

/**
 * Day g's presences into `e` and held readings into `h`, in readings order; a reading outside `mask` (bit i:
 * reading i; -1: every reading) is absent (presence 0). With none present, a day combines to NaN.
 */
export function fillDay(
  e: Float64Array,
  h: Float64Array,
  run: { effective: readonly Float64Array[]; held: readonly Float64Array[] },
  g: number,
  mask = -1,
): void {
  for (let i = 0; i < e.length; i++) {
    e[i] = mask & (1 << i) ? run.effective[i]![g]! : 0;
    h[i] = run.held[i]![g]!;
  }
}

/**
 * One day's combination from each reading's presence `e` and (held) percentile `h`, both in readings order: the one
 * place the weights are computed, shared by the model, the drivers and the robustness checks. Its results are written
 * into arrays it owns, overwritten by the next day: the like-for-like headline combines every day of every
 * composition, too many to allocate arrays for each.
 * Example: new DayCombiner(spec, readings).combine(e, h) returns the aggregate; subIndex, groupWeight and weight hold
 * the rest of that day.
 */
export class DayCombiner {
  /** Per spec group: Σ e·p / Σ e, NaN when absent. */
  readonly subIndex: Float64Array;
  /** Per spec group: its share of the aggregate's weight (0 when absent or no aggregate). */
  readonly groupWeight: Float64Array;
  /** Per reading: its weight in the aggregate (Σ = 1 on days with an aggregate). */
  readonly weight: Float64Array;
  readonly #spec: ModelSpec;
  readonly #layout: number[][];
  readonly #raw: Float64Array;
  /** Per group: the presence its carriers sum to. */
  readonly #mass: Float64Array;
  /** Per group, the members that carry its reading (the first #carrierCount[j] of #carriers[j]). */
  readonly #carriers: Int32Array[];
  readonly #carrierCount: Int32Array;

  constructor(spec: ModelSpec, readings: readonly { spec: { group: GroupId } }[]) {
    const k = spec.groups.length;
    this.#spec = spec;
    // Indices of each spec group's readings, in spec.groups order.
    const layout = spec.groups.map((group) => readings.flatMap((r, i) => (r.spec.group === group.id ? [i] : [])));
    this.#layout = layout;
    this.subIndex = new Float64Array(k);
    this.groupWeight = new Float64Array(k);
    this.weight = new Float64Array(readings.length);
    this.#raw = new Float64Array(k);
    this.#mass = new Float64Array(k);
    this.#carriers = layout.map((members) => new Int32Array(members.length));
    this.#carrierCount = new Int32Array(k);
  }

  /** Combines one day; returns its aggregate (NaN with fewer than minGroups groups reporting). */
  combine(e: ArrayLike<number>, h: ArrayLike<number>): number {
    const spec = this.#spec;
    const k = spec.groups.length;
    this.subIndex.fill(Number.NaN);
    this.groupWeight.fill(0);
    this.weight.fill(0);
    this.#raw.fill(0);
    let total = 0;
    let reporting = 0;
    for (let j = 0; j < k; j++) {
      const { sum, mass, max } = this.#carry(j, e, h);
      this.#mass[j] = mass;
      if (mass === 0) continue;
      this.subIndex[j] = sum / mass;
      this.#raw[j] = spec.weighting === 'equal-indicators' ? mass : spec.groups[j]!.weight * max;
      total += this.#raw[j]!;
      reporting++;
    }
    if (reporting < WINDOWS.minGroups || total === 0) return Number.NaN;
    let aggregate = 0;
    for (let j = 0; j < k; j++) {
      if (this.#raw[j] === 0) continue;
      this.groupWeight[j] = this.#raw[j]! / total;
      const carriers = this.#carriers[j]!;
      for (let c = 0; c < this.#carrierCount[j]!; c++) {
        const i = carriers[c]!;
        this.weight[i] = (this.groupWeight[j]! * e[i]!) / this.#mass[j]!;
        aggregate += this.weight[i]! * h[i]!;
      }
    }
    return aggregate;
  }

  /**
   * Group j's carriers — all its present members (mean), or the tightest present one (max, the first of equals);
   * none for a floor group (dli-4's backstops floor the level after smoothing: like-for-like.ts) — and their
   * presence-weighted sum, mass and largest presence.
   */
  #carry(j: number, e: ArrayLike<number>, h: ArrayLike<number>): { sum: number; mass: number; max: number } {
    const group = this.#spec.groups[j]!;
    const carriers = this.#carriers[j]!;
    let count = 0;
    if (group.id !== this.#spec.floor) {
      for (const i of this.#layout[j]!) if (e[i]! > 0) carriers[count++] = i;
    }
    if (group.combine === 'max' && count > 0) {
      let best = carriers[0]!;
      for (let c = 1; c < count; c++) if (h[carriers[c]!]! > h[best]!) best = carriers[c]!;
      carriers[0] = best;
      count = 1;
    }
    this.#carrierCount[j] = count;
    let sum = 0;
    let mass = 0;
    let max = 0;
    for (let c = 0; c < count; c++) {
      const i = carriers[c]!;
      sum += e[i]! * h[i]!;
      mass += e[i]!;
      max = Math.max(max, e[i]!);
    }
    return { sum, mass, max };
  }
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
  const first = p.findIndex((x) => !Number.isNaN(x));
  return new Float64Array(p.length).fill(1, first < 0 ? p.length : first);
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
