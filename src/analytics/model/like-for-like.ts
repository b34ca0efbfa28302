import { SortedWindow, slideWindow } from '../stats/sorted-window.ts';
import type { IndicatorReadings, ModelRun } from './liquidity-model.ts';
import { type GroupId, type ModelSpec, WINDOWS } from './spec.ts';
import { DayCombiner, fillDay } from './weighted-mean.ts';

/**
 * dli-3's headline: today's smoothed aggregate ranked against the trailing 5 years of the aggregate recomputed
 * with today's composition — like for like.
 *
 * - A composition is the set of readings live on a day (a bit mask over the readings).
 * - The aggregate of composition C on day s, A_C(s), is the weighted mean (DayCombiner) of the members of C that
 *   have a reading on s: a past day without one of today's inputs is computed without it.
 * - It is smoothed by a trailing mean over `smoothingDays` business days: S_C(s).
 * - The headline on day t is the rank of S_C(t) among S_C over the trailing `headlineDays` (itself included), C
 *   being day t's composition; none until `headlineMinHistory` values are in that window.
 *
 * An input that stops (or starts) therefore leaves (or joins) both sides of the comparison at once: dli-2 ranked
 * an aggregate without VIX against a history made mostly of VIX, and its headline went from 37 to 88 while only
 * the weights changed. Example: two inputs, the second stops on day t → from t on, the first's own aggregate is
 * ranked against the first's own history.
 */
export function likeForLike(
  spec: ModelSpec,
  readings: IndicatorReadings[],
  effective: Float64Array[],
  held: Float64Array[],
): Required<Pick<ModelRun, 'aggregate' | 'floor' | 'level' | 'headline' | 'composition' | 'byComposition'>> {
  const n = effective[0]?.length ?? 0;
  const composition = compositions(effective, n);
  const byComposition = new Map<number, CompositionLevel>();
  const aggregate = new Float64Array(n).fill(Number.NaN);
  const floor = new Float64Array(n).fill(Number.NaN);
  const level = new Float64Array(n).fill(Number.NaN);
  const headline = new Float64Array(n).fill(Number.NaN);
  for (const [mask, [first, last]] of spans(composition)) {
    if (mask === 0) continue;
    // A composition's level is read only on its own days and in their headline windows: computed from the
    // window of its first day on. The days outside are NaN, so every window holds exactly what it would hold
    // if all were computed.
    const from = Math.max(0, first - WINDOWS.headlineDays + 1);
    const series = compositionLevel(spec, readings, effective, held, mask, { from, to: last + 1 });
    byComposition.set(mask, series);
    const window = new SortedWindow(WINDOWS.headlineDays);
    for (let g = from; g <= last; g++) {
      slideWindow(window, series.level, g, WINDOWS.headlineDays);
      const value = series.level[g]!;
      if (Number.isNaN(value) || composition[g] !== mask) continue;
      aggregate[g] = series.smoothed[g]!;
      floor[g] = series.floor[g]!;
      level[g] = value;
      if (window.size >= WINDOWS.headlineMinHistory) headline[g] = window.percent(value);
    }
  }
  return { aggregate, floor, level, headline, composition, byComposition };
}

/** The first and last day of each composition. */
function spans(composition: Int32Array): Map<number, [number, number]> {
  const out = new Map<number, [number, number]>();
  for (let g = 0; g < composition.length; g++) {
    const span = out.get(composition[g]!);
    if (span) span[1] = g;
    else out.set(composition[g]!, [g, g]);
  }
  return out;
}

/**
 * One composition's series on every day (or on the days [from, to), NaN elsewhere): the smoothed aggregate S, the
 * floor F (spec.floor: the floor group's highest reading among the composition's members with a reading that day,
 * 0 when none reads; NaN without a floor) and the level max(S, F) (S without a floor) — the value the headline
 * ranks.
 */
export interface CompositionLevel {
  /** The day's aggregate before smoothing (on the days smoothed, and the smoothingDays - 1 before them). */
  raw: Float64Array;
  smoothed: Float64Array;
  floor: Float64Array;
  level: Float64Array;
}

export function compositionLevel(
  spec: ModelSpec,
  readings: IndicatorReadings[],
  effective: Float64Array[],
  held: Float64Array[],
  mask: number,
  days?: { from: number; to: number },
): CompositionLevel {
  const n = effective[0]?.length ?? 0;
  const { from, to } = days ?? { from: 0, to: n };
  // The day's aggregate with the members of `mask` (those without a reading that day left out), from the
  // smoothingDays - 1 days before `from`, which the smoothing reads.
  const rawFrom = Math.max(0, from - (spec.smoothingDays ?? 1) + 1);
  const raw = new Float64Array(n).fill(Number.NaN);
  const e = new Float64Array(readings.length);
  const h = new Float64Array(readings.length);
  const day = new DayCombiner(spec, readings);
  for (let g = rawFrom; g < to; g++) {
    fillDay(e, h, { effective, held }, g, mask);
    raw[g] = day.combine(e, h);
  }
  const smoothed = trailingMean(raw, spec.smoothingDays ?? 1);
  smoothed.fill(Number.NaN, rawFrom, from);
  const floor = floorOf(spec, readings, mask, smoothed.length);
  const level = smoothed.map((s, g) => levelOf(s, floor[g]!));
  return { raw, smoothed, floor, level };
}

/** The level of a smoothed aggregate under a floor (NaN floor: no floor). */
export function levelOf(smoothed: number, floor: number): number {
  return Number.isNaN(floor) ? smoothed : Math.max(smoothed, floor);
}

/** The floor group's reading of a composition on each day (see CompositionLevel); NaN everywhere without a floor. */
export function floorOf(spec: ModelSpec, readings: IndicatorReadings[], mask: number, n: number): Float64Array {
  const out = new Float64Array(n).fill(Number.NaN);
  if (!spec.floor) return out;
  for (let g = 0; g < n; g++) out[g] = readings[highestMember(readings, spec.floor, g, mask)]?.p[g] ?? 0;
  return out;
}

/**
 * The member of `group` among the readings in `mask` (bit i: reading i) with the highest reading on day g, the
 * first of equals; -1 when none reads. The floor and its carrier (drivers.ts), and the Fed's terms' backstop.
 */
export function highestMember(readings: readonly IndicatorReadings[], group: GroupId, g: number, mask = -1): number {
  let best = -1;
  readings.forEach((r, i) => {
    if (r.spec.group !== group || !(mask & (1 << i)) || Number.isNaN(r.p[g]!)) return;
    if (best < 0 || r.p[g]! > readings[best]!.p[g]!) best = i;
  });
  return best;
}

/** Each day's composition: bit i set where reading i carries weight that day. */
export function compositions(effective: Float64Array[], n: number): Int32Array {
  return Int32Array.from({ length: n }, (_, g) =>
    effective.reduce((mask, e, i) => (e[g]! > 0 ? mask | (1 << i) : mask), 0),
  );
}

/**
 * Trailing mean over the last `days` values, NaN ones skipped; NaN where the day itself is NaN.
 * Example: trailingMean([1, 2, NaN, 4], 2) = [1, 1.5, NaN, 4].
 */
export function trailingMean(values: Float64Array, days: number): Float64Array {
  const out = new Float64Array(values.length).fill(Number.NaN);
  for (let g = 0; g < values.length; g++) {
    if (Number.isNaN(values[g]!)) continue;
    let sum = 0;
    let count = 0;
    for (let k = Math.max(0, g - days + 1); k <= g; k++) {
      if (Number.isNaN(values[k]!)) continue;
      sum += values[k]!;
      count++;
    }
    out[g] = sum / count;
  }
  return out;
}
