import type { PublishedDriver } from '../schemas/regime.ts';
import { round } from '../stats/round.ts';
import { highestMember } from './like-for-like.ts';
import type { IndicatorReadings, ModelRun } from './liquidity-model.ts';
import { type GroupId, THRESHOLDS } from './spec.ts';
import { DayCombiner, fillDay } from './weighted-mean.ts';

export type Direction = PublishedDriver['direction'];

/** A driver as analytics computes it: the published one (analytics/schemas/regime.ts) before publish adds its url. */
export type Driver = Omit<PublishedDriver, 'url'>;

/** The last grid index at least momentumDays before g (g itself when none). */
export function momentumBase(run: ModelRun, g: number): number {
  const target = run.grid[g]! - THRESHOLDS.momentumDays;
  let back = g;
  while (back > 0 && run.grid[back]! > target) back--;
  return back;
}

/** Each reading's weight and share (weight × percentile) of the aggregate on one day, in readings order. */
export interface DayShares {
  readonly weight: readonly number[];
  readonly share: readonly number[];
  readonly aggregate: number;
}

/** Each day's shares, computed once per run (a run never changes): the drivers and the checks each ask for them. */
const SHARES = new WeakMap<ModelRun, Map<number, DayShares>>();

/** Each reading's weight and share (weight × percentile) of the aggregate on day g, in readings order. */
export function sharesOn(run: ModelRun, g: number): DayShares {
  const byDay = keptIn(SHARES, run, () => new Map<number, DayShares>());
  return keptIn(byDay, g, () => computeSharesOn(run, g));
}

/** The value `map` keeps under `key`, made by `make` and kept on the first ask. */
function keptIn<K, V>(map: { get(key: K): V | undefined; set(key: K, value: V): unknown }, key: K, make: () => V): V {
  const kept = map.get(key);
  if (kept !== undefined) return kept;
  const made = make();
  map.set(key, made);
  return made;
}

/**
 * Day d combined with only the readings of composition `mask` present, once per run: each of the next days'
 * smoothing windows reads it again. Kept per composition for one smoothing window of days (slot d mod the window;
 * days are asked in order, so a window never evicts its own), and only what the shares read: the aggregate (NaN:
 * none present, skipped) and the weights, slot s's at s × readings — not an object per day, which allocated much.
 */
interface CombinedDays {
  /** The day each slot holds (-1: none yet). */
  day: Int32Array;
  aggregate: Float64Array;
  weight: Float64Array;
}

const COMBINED = new WeakMap<
  ModelRun,
  { combiner: DayCombiner; e: Float64Array; h: Float64Array; byMask: Map<number, CombinedDays> }
>();

/** The composition's combined days, day d among them, in slot d mod the smoothing window. */
function combinedUnder(run: ModelRun, d: number, mask: number): CombinedDays {
  const k = run.readings.length;
  const window = run.spec.smoothingDays ?? 1;
  const memo = keptIn(COMBINED, run, () => ({
    combiner: new DayCombiner(run.spec, run.readings),
    e: new Float64Array(k),
    h: new Float64Array(k),
    byMask: new Map<number, CombinedDays>(),
  }));
  const days = keptIn(memo.byMask, mask, () => ({
    day: new Int32Array(window).fill(-1),
    aggregate: new Float64Array(window),
    weight: new Float64Array(window * k),
  }));
  const slot = d % window;
  if (days.day[slot] === d) return days;
  const { e, h, combiner } = memo;
  fillDay(e, h, run, d, mask);
  days.aggregate[slot] = combiner.combine(e, h);
  days.weight.set(combiner.weight, slot * k);
  days.day[slot] = d;
  return days;
}

/**
 * like-for-like (dli-3): the published aggregate is the trailing mean over the smoothing window of the day's
 * composition's aggregate, so a reading's weight and share are their means over that window (days without an
 * aggregate skipped, as the mean skips them); the shares add up to the published aggregate. Pooled (dli-2): the
 * day's own combination of every reading (a window of one day). The aggregate is NaN on a day without one.
 */
function computeSharesOn(run: ModelRun, g: number): DayShares {
  const k = run.readings.length;
  const weight = new Array<number>(k).fill(0);
  const share = new Array<number>(k).fill(0);
  const mask = run.spec.headline === 'like-for-like' ? (run.composition?.[g] ?? 0) : -1;
  if (mask === 0) return { weight, share, aggregate: Number.NaN };
  let days = 0;
  const window = run.spec.smoothingDays ?? 1;
  for (let d = Math.max(0, g - window + 1); d <= g; d++) {
    const combined = combinedUnder(run, d, mask);
    const slot = d % window;
    if (Number.isNaN(combined.aggregate[slot]!)) continue;
    days++;
    const at = slot * k;
    for (let i = 0; i < k; i++) {
      const w = combined.weight[at + i]!;
      weight[i]! += w;
      if (w > 0) share[i]! += w * run.held[i]![d]!;
    }
  }
  if (days === 0) return { weight, share, aggregate: Number.NaN };
  for (let i = 0; i < k; i++) {
    weight[i] = weight[i]! / days;
    share[i] = share[i]! / days;
  }
  const smoothed = share.reduce((a, b) => a + b, 0);
  const carrier = run.spec.floor && run.floor ? highestMember(run.readings, run.spec.floor, g, mask) : -1;
  // dli-4: where the floor is above the smoothed aggregate, the member carrying it owns the difference, so the
  // shares add up to the level.
  if (carrier >= 0 && run.floor![g]! > smoothed) share[carrier] = run.floor![g]! - smoothed;
  return { weight, share, aggregate: share.reduce((a, b) => a + b, 0) };
}

/**
 * Each group's part of the day's level (like-for-like models), on the level's 0–1 scale: the sum of its members'
 * shares (sharesOn) — for a group in the mean, the trailing mean of its weight × sub-index over the smoothing
 * window; for the floor group, how far the floor lifts the level above the smoothed aggregate. They add up to the
 * level. Example (dli-4, SVB week): quantity .14, price .21, risk .03, backstops .62 → level 1.
 */
export function groupPartsOn(run: ModelRun, g: number): Partial<Record<GroupId, number>> {
  // Read where the drivers kept them, else computed and not kept: the history asks every day once, and keeping
  // them all would hold them through the run.
  const { share } = SHARES.get(run)?.get(g) ?? computeSharesOn(run, g);
  const parts: Partial<Record<GroupId, number>> = {};
  for (const group of run.spec.groups) parts[group.id] = 0;
  run.readings.forEach((r, i) => {
    parts[r.spec.group] = (parts[r.spec.group] ?? 0) + share[i]!;
  });
  return parts;
}

/**
 * weighted-mean (dli-2): each reading's contribution to the aggregate's change since the momentum base day —
 * the change of its share — so the contributions add up to that change exactly. Zeros when either day has no
 * aggregate. Example: shares .10 and .30 a week ago, .15 and .28 today → +.05 and −.02, summing to A's +.03.
 */
export function contributionsOn(run: ModelRun, g: number): number[] {
  const now = sharesOn(run, g);
  const before = sharesOn(run, momentumBase(run, g));
  if (Number.isNaN(now.aggregate) || Number.isNaN(before.aggregate)) return now.share.map(() => 0);
  return now.share.map((s, i) => s - before.share[i]!);
}

/** Every driver on day g, ranked by |contribution| (ties by id). */
export function driversOn(run: ModelRun, g: number): Driver[] {
  const drivers = run.spec.aggregation === 'ciss' ? linearDrivers(run, g) : shareDrivers(run, g);
  return drivers.sort(
    (a, b) => Math.abs(b.contribution) - Math.abs(a.contribution) || a.indicatorId.localeCompare(b.indicatorId),
  );
}

/**
 * dli-2: readings carrying weight today or on the momentum base day; contribution = change of its share of the
 * aggregate, direction from it (±THRESHOLDS.driverContribution); zScore = its latest sign-aligned z.
 */
function shareDrivers(run: ModelRun, g: number): Driver[] {
  const { weight } = sharesOn(run, g);
  const before = sharesOn(run, momentumBase(run, g)).weight;
  const contributions = contributionsOn(run, g);
  return run.readings.flatMap((r, i) => {
    if (weight[i] === 0 && before[i] === 0) return [];
    const contribution = contributions[i]!;
    return [driverOf(r, weight[i]!, latestZ(r.z, g), contribution, contributionDirection(contribution))];
  });
}

/** dli-1: live readings; contribution = effective weight × (percentile − ½), direction from z (±driverZ). */
function linearDrivers(run: ModelRun, g: number): Driver[] {
  const liveCount = new Map<GroupId, number>();
  for (const r of run.readings) if (r.live[g]) liveCount.set(r.spec.group, (liveCount.get(r.spec.group) ?? 0) + 1);
  return run.readings.flatMap((r) => {
    if (!r.live[g]) return [];
    const weight = run.groupWeights[r.spec.group][g]! / liveCount.get(r.spec.group)!;
    const z = r.z[g]!;
    return [driverOf(r, weight, z, weight * (r.p[g]! - 0.5), directionOf(z, THRESHOLDS.driverZ))];
  });
}

/** A reading's driver, rounded as published. */
function driverOf(r: IndicatorReadings, weight: number, z: number, contribution: number, direction: Direction): Driver {
  return {
    indicatorId: r.spec.id,
    group: r.spec.group,
    weight: round(weight, 4),
    zScore: round(z, 2),
    contribution: round(contribution, 4),
    direction,
  };
}

/**
 * Which way a change of an input's share of the aggregate pushed the reading: the published drivers' `direction`,
 * and the words of every page and note that speaks of a move. Example: −0.0044 (−0.4 points) → 'neutral'.
 */
export const contributionDirection = (contribution: number): Direction =>
  directionOf(contribution, THRESHOLDS.driverContribution);

/** tightening at ≥ +limit, easing at ≤ −limit, neutral between. */
const directionOf = (x: number, limit: number): Direction =>
  x >= limit ? 'tightening' : x <= -limit ? 'easing' : 'neutral';

/** z on day g, or the last one before it (an input fading out keeps its last reading). */
function latestZ(z: Float64Array, g: number): number {
  for (let k = g; k >= 0; k--) if (!Number.isNaN(z[k]!)) return z[k]!;
  return 0;
}

/** One day's strongest drivers, compact: [indicator id, contribution (change of share of the aggregate)]. */
export type DayDrivers = Array<[string, number]>;

/**
 * The `top` strongest drivers of every day the history holds (the days with a headline, from the first to the
 * last), aligned with History.dates: what the archive's day pages name as "what moved it". Example: a day where
 * SOFR − IORB eased the aggregate by 0.10 and ON RRP tightened it by 0.03 → [['sofr-iorb', -0.1], ['onrrp', 0.03]].
 */
export function dailyDrivers(run: ModelRun, top = 3): DayDrivers[] {
  const out: DayDrivers[] = [];
  for (let g = 0; g < run.headline.length; g++) {
    if (Number.isNaN(run.headline[g]!)) continue;
    out.push(
      driversOn(run, g)
        .filter((d) => d.contribution !== 0)
        .slice(0, top)
        .map((d): [string, number] => [d.indicatorId, round(d.contribution, 3)]),
    );
  }
  return out;
}
