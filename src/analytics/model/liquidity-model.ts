import { fromDayNumber, toDayNumber } from '../../timeseries/dates.ts';
import { MAD_TO_SIGMA } from '../stats/mad.ts';
import { normalQuantile } from '../stats/normal-quantile.ts';
import { rollingMax } from '../stats/rolling-max.ts';
import { SortedWindow, slideWindow } from '../stats/sorted-window.ts';
import { trailingPercentile } from '../stats/trailing-percentile.ts';
import { clamp01, winsorize } from '../stats/winsorize.ts';
import { cissModel } from './ciss.ts';
import { type CompositionLevel, likeForLike } from './like-for-like.ts';
import { businessDays, lastInformationDay, type PointInTimeSeries, sampleOnGrid } from './point-in-time.ts';
import {
  type GroupId,
  MODEL_START,
  type ModelSpec,
  type ScoredIndicator,
  type Status,
  THRESHOLDS,
  WINDOWS,
} from './spec.ts';
import { weightedMeanModel } from './weighted-mean.ts';

/**
 * A model version over a business-day grid, as one pure pass: dated inputs → transformed indicator values →
 * trailing robust z-scores and percentiles (sign-aligned: higher = tighter) → group sub-indices and the
 * aggregate (the spec's aggregation: weighted-mean.ts for dli-2, ciss.ts for dli-1) → headline: trailing
 * 5-year percentile of the aggregate.
 */
export interface IndicatorReadings {
  spec: ScoredIndicator;
  /** Transformed value (level, or change over the window). NaN where missing. */
  x: Float64Array;
  /** Sign-aligned robust z, winsorized; NaN before warm-up or when missing. */
  z: Float64Array;
  /** Sign-aligned percentile in [0, 1]; NaN before warm-up or when missing. */
  p: Float64Array;
  /** 1 where the reading feeds its group (live and, for ON RRP, not dormant). */
  live: Uint8Array;
  /** 1 where a reading exists but the indicator is dormant (ON RRP without a depletion under way). */
  dormant: Uint8Array;
  /** Observation day (day number) behind each sample, -1 when none. */
  observed: Int32Array;
  /** 1 where the reading exists and its observation is no older than the input's staleness age (maxAgeDays). */
  fresh: Uint8Array;
  /** 1 on the days on or after the input's framework date (every day when it has none). */
  begun: Uint8Array;
}

export interface ModelRun {
  spec: ModelSpec;
  grid: Int32Array;
  readings: IndicatorReadings[];
  groups: Record<GroupId, Float64Array>;
  /** Renormalized weight each group had on each day (0 when it did not report). */
  groupWeights: Record<GroupId, Float64Array>;
  /**
   * weighted-mean: per reading, the share of its full weight it carries each day (0…1: fading in or out), and the
   * percentile it contributes (its own, or the last one while it fades out). Empty for ciss.
   */
  effective: Float64Array[];
  held: Float64Array[];
  aggregate: Float64Array;
  /** 0–100 integer headline, NaN until warmed up. */
  headline: Float64Array;
  /**
   * The status on each day (with the spec's hysteresis, if any); meaningless where the headline is NaN; null on a
   * day without a reading (readingRule `provisional`).
   */
  status: Array<Status | null>;
  /** 1 on a day that makes a reading (a headline, and under readingRule `provisional` live data enough). */
  reading: Uint8Array;
  /**
   * like-for-like: the level on its fixed 0–1 scale — the smoothed aggregate, or the floor where it is higher — with
   * the day's composition (NaN where none); the headline is its rank. Without a floor, the smoothed aggregate.
   */
  level?: Float64Array;
  /** spec.floor: the floor group's reading on each day with the day's composition (0 when no member reads). */
  floor?: Float64Array;
  /**
   * like-for-like: each day's composition as a bit mask over `readings` (bit i: reading i live that day), and
   * the smoothed aggregate of every composition used, by mask, on every day (NaN where it has none).
   */
  composition?: Int32Array;
  byComposition?: Map<number, CompositionLevel>;
}

export type SeriesInputs = ReadonlyMap<string, PointInTimeSeries>;

/**
 * Runs the model on every business day from MODEL_START to the last day any scored input brought new
 * information (never later than `to`): a score is dated by its data, so no day after the latest scored data is
 * scored — carrying inputs forward past it would only restate the last reading, and the rolling percentile
 * would drift on days when nothing changed.
 */
export function computeModel(
  inputs: SeriesInputs,
  to: string,
  blankMeansZero: ReadonlySet<string> = new Set(),
  spec: ModelSpec,
): ModelRun {
  const grid = businessDays(MODEL_START, fromDayNumber(Math.min(toDayNumber(to), lastScoredInformation(spec, inputs))));
  const readings = spec.scored.map((s) => indicatorReadings(s, inputs.get(s.id), grid, blankMeansZero.has(s.id)));
  const combined =
    spec.aggregation === 'ciss'
      ? cissModel(spec, readings, grid.length)
      : weightedMeanModel(spec, readings, grid.length);
  const ranked =
    spec.headline === 'like-for-like' ? likeForLike(spec, readings, combined.effective, combined.held) : undefined;
  const headline =
    ranked?.headline ?? trailingPercentile(combined.aggregate, WINDOWS.headlineDays, WINDOWS.headlineMinHistory);
  const provisional = spec.readingRule === 'provisional';
  const enough = (g: number) => liveWeightShare(spec, readings, g) >= THRESHOLDS.minLiveWeight;
  // A day with a headline makes a reading; under `provisional` (dli-4) only with live weight enough, and a day
  // without a reading has no status. dli-3 holds its status through thin days (and their confidence is low).
  const reading = Uint8Array.from(headline, (h, g) => (!Number.isNaN(h) && (!provisional || enough(g)) ? 1 : 0));
  const thin = ranked && !provisional ? Uint8Array.from(headline, (_, g) => (enough(g) ? 0 : 1)) : undefined;
  const status = statusPath(headline, spec.hysteresis, thin, provisional ? reading : undefined);
  const groups = ranked && spec.floor ? { ...combined.groups, [spec.floor]: ranked.floor } : combined.groups;
  return { spec, grid, readings, ...combined, ...ranked, groups, headline, reading, status };
}

/**
 * The share of the nominal weight whose inputs have a live reading on day g.
 * - dli-3 (`hold`): each group's weight times the share of its members that are live (a reading from data at most
 *   45 days old) — or, for a group read as its most-used member (`max`), all of it when any is. Example (dli-3,
 *   before October 2008): net liquidity, CP − T-bill, swap lines and VIX → .15 + .133 + .20 + .10.
 * - dli-4 (`provisional`): over the groups in the mean (a floor group does not count) that have a member whose
 *   framework has begun (startsOn), each group's weight renormalised over those groups, times the share of its begun
 *   members that are fresh (their observation no older than their staleness age; `max` groups: all when any is).
 *   Example (dli-4 before October 2008, when only net liquidity, CP − T-bill and VIX exist): all three fresh → 1.
 */
export function liveWeightShare(spec: ModelSpec, readings: IndicatorReadings[], g: number): number {
  const provisional = spec.readingRule === 'provisional';
  const nominal = spec.groups.reduce((sum, group) => sum + group.weight, 0);
  let total = 0;
  let live = 0;
  for (const group of spec.groups) {
    if (provisional && group.id === spec.floor) continue;
    // Counted, not filtered into lists: every day of every run asks this several times.
    let members = 0;
    let on = 0;
    for (const r of readings) {
      if (r.spec.group !== group.id || (provisional && !r.begun[g])) continue;
      members++;
      if (provisional ? r.fresh[g] : r.live[g]) on++;
    }
    if (members === 0) continue;
    const share = group.combine === 'max' ? (on > 0 ? 1 : 0) : on / members;
    total += group.weight;
    live += provisional ? group.weight * share : (group.weight / nominal) * share;
  }
  // `hold` shares out the whole nominal weight; `provisional` only that of the groups whose framework has begun.
  return provisional ? (total > 0 ? live / total : 0) : live;
}

/**
 * The status on each day. Without hysteresis, statusOf the day's headline. With it, a Schmitt trigger: risk-off
 * is entered at ≥ riskOff and kept until the headline falls below `riskOffExit`; risk-on is entered at ≤ riskOn
 * and kept until it rises above `riskOnExit`. Monotone: a higher headline path never gives a looser status.
 * Example (exits 70 / 30): headlines 82, 75, 69, 25, 19, 28, 31 → risk-off, risk-off, neutral, neutral, risk-on,
 * risk-on, neutral. A day without a headline keeps the status it had.
 */
export function statusPath(
  headline: Float64Array,
  hysteresis: { riskOffExit: number; riskOnExit: number } | undefined,
  thin?: Uint8Array,
  reading?: Uint8Array,
): Array<Status | null> {
  const out = new Array<Status | null>(headline.length);
  let state: Status = 'neutral';
  for (let g = 0; g < headline.length; g++) {
    const h = headline[g]!;
    // dli-4: a day without a reading has no status, and the rule runs over the days with one (the hysteresis
    // carries from the previous day with a reading).
    if (reading && !reading[g]) {
      out[g] = null;
      continue;
    }
    // dli-3: on thin coverage the status holds: missing data never makes (or ends) a risk-off or a risk-on.
    if (Number.isNaN(h) || thin?.[g]) {
      out[g] = state;
      continue;
    }
    if (!hysteresis) state = statusOf(h);
    else if (h >= THRESHOLDS.riskOff) state = 'risk-off';
    else if (h <= THRESHOLDS.riskOn) state = 'risk-on';
    else if (state === 'risk-off' && h < hysteresis.riskOffExit) state = 'neutral';
    else if (state === 'risk-on' && h > hysteresis.riskOnExit) state = 'neutral';
    out[g] = state;
  }
  return out;
}

/** The last day any of the model's scored inputs brought new information (-1 when none has data). */
export function lastScoredInformation(spec: ModelSpec, inputs: SeriesInputs): number {
  let day = -1;
  for (const s of spec.scored) {
    const series = inputs.get(s.id);
    if (series) day = Math.max(day, lastInformationDay(series));
  }
  return day;
}

function indicatorReadings(
  spec: ScoredIndicator,
  series: PointInTimeSeries | undefined,
  grid: Int32Array,
  blankMeansZero: boolean,
): IndicatorReadings {
  const n = grid.length;
  const start = spec.startsOn ? toDayNumber(spec.startsOn) : Number.NEGATIVE_INFINITY;
  const begun = Uint8Array.from(grid, (day) => (day >= start ? 1 : 0));
  // Without data every value is NaN, so the input reads nothing, live or dormant, on any day.
  const { values, observed } = sampleOnGrid(series, grid, WINDOWS.carryForwardDays);
  if (blankMeansZero && series && series.knownFrom.length > 0) {
    // The provider leaves days without activity blank: from the series' first print to its last, a gap means zero.
    // After the last print a gap is data not yet published (a feed that stopped), held like any input's.
    const first = series.knownFrom[0]!;
    const last = series.obsDay[series.obsDay.length - 1]!;
    for (let g = 0; g < n; g++) if (Number.isNaN(values[g]!) && grid[g]! >= first && grid[g]! <= last) values[g] = 0;
  }
  const { x, gate } = transformed(spec, values, grid);
  for (let g = 0; g < n && !begun[g]; g++) {
    // Before the framework existed the input has no reading: the date decides, never the value.
    x[g] = Number.NaN;
    observed[g] = -1;
  }
  const { z, p } =
    spec.reading && spec.reading.kind !== 'percentile' ? mappedReading(x, spec) : trailingRobust(x, spec);
  const live = new Uint8Array(n);
  const dormant = new Uint8Array(n);
  const fresh = new Uint8Array(n);
  for (let g = 0; g < n; g++) {
    if (Number.isNaN(z[g]!)) continue;
    if (gate[g]) live[g] = 1;
    else dormant[g] = 1;
    if (grid[g]! - observed[g]! <= spec.maxAgeDays) fresh[g] = 1;
  }
  return { spec, x, z, p, live, dormant, observed, fresh, begun };
}

/**
 * The indicator's transformed value on each grid day, from its sampled values (which may reach before its
 * framework date: a new draw compares with the usage before it), and the ON RRP depletion gate (1 elsewhere).
 */
function transformed(spec: ScoredIndicator, values: Float64Array, grid: Int32Array) {
  const n = grid.length;
  const x = new Float64Array(n).fill(Number.NaN);
  const gate = new Uint8Array(n).fill(1);
  const transform = spec.transform;
  if (transform.kind === 'level') x.set(values);
  else if (transform.kind === 'rolling-max') x.set(rollingMax(values, transform.days));
  else if (transform.kind === 'new-draw') x.set(newDrawReading(values, grid, transform));
  else {
    let back = 0;
    for (let g = 0; g < n; g++) {
      while (back + 1 <= g && grid[back + 1]! <= grid[g]! - transform.days) back++;
      if (grid[back]! > grid[g]! - transform.days) continue;
      const change = values[g]! - values[back]!;
      x[g] = change;
      if (transform.kind === 'rrp-depletion') {
        const drawdown = -change;
        const active =
          values[g]! <= transform.maxBalanceB &&
          drawdown >= transform.minDrawdownB &&
          drawdown >= transform.minDrawdownShare * values[back]!;
        gate[g] = active ? 1 : 0;
      }
    }
  }
  return { x, gate };
}

/**
 * dli-4's new-draw reading of a backstop (Transform `new-draw` in spec.ts states the formula); a draw is 0 when
 * there is no earlier usage to compare with, and the reading NaN where usage is unknown. Example (lookback 364,
 * fade 91, full 100): usage 4.6 for a year, then 152.9 → reads 1 that day, 0.5 after 45.5 days, 0 after 91 (unless
 * a later draw reads higher).
 */
export function newDrawReading(
  usage: Float64Array,
  grid: Int32Array,
  t: { lookbackDays: number; fadeDays: number; fullB: number },
): Float64Array {
  const n = usage.length;
  const drawn = new Float64Array(n).fill(Number.NaN);
  // The highest usage of the previous lookbackDays, by a window whose candidates for the maximum are kept in a
  // deque (indices, usage decreasing): one pass instead of a year of days looked back at from each day.
  const candidates = new Int32Array(n);
  let head = 0;
  let tail = 0;
  let from = 0;
  for (let g = 0; g < n; g++) {
    const previous = g - 1;
    if (previous >= 0 && !Number.isNaN(usage[previous]!)) {
      while (tail > head && usage[candidates[tail - 1]!]! <= usage[previous]!) tail--;
      candidates[tail++] = previous;
    }
    while (from < g && grid[from]! < grid[g]! - t.lookbackDays) from++;
    while (tail > head && candidates[head]! < from) head++;
    if (Number.isNaN(usage[g]!)) continue;
    drawn[g] =
      tail > head
        ? mapReading(Math.max(0, usage[g]! - usage[candidates[head]!]!), { kind: 'usage', fullB: t.fullB })
        : 0;
  }
  const out = new Float64Array(n).fill(Number.NaN);
  for (let g = 0; g < n; g++) {
    if (Number.isNaN(usage[g]!)) continue;
    let best = 0;
    for (let k = g; k >= 0 && grid[k]! > grid[g]! - t.fadeDays; k--) {
      if (Number.isNaN(drawn[k]!)) continue;
      best = Math.max(best, drawn[k]! * (1 - (grid[g]! - grid[k]!) / t.fadeDays));
    }
    out[g] = best;
  }
  return out;
}

/**
 * A reading from the value itself (see Reading): `fixed` maps linearly from `loose` (0) to `tight` (1), `usage`
 * maps $bn by log(1 + x) / log(1 + fullB); both clamped to [0, 1]. z is the normal quantile of the reading,
 * clipped like the robust z (so drivers' zScore keeps its meaning: 0 at the middle, ±3 at the ends).
 * Example: fixed 13 → 8 on 10.5 % reads 0.5 (z 0); usage (full 100) on $10 bn reads 0.52.
 */
export function mapReading(value: number, reading: Exclude<ScoredIndicator['reading'], undefined>): number {
  if (reading.kind === 'as-is') return clamp01(value);
  if (reading.kind === 'fixed') return clamp01((value - reading.loose) / (reading.tight - reading.loose));
  if (reading.kind === 'usage') return clamp01(Math.log1p(Math.max(0, value)) / Math.log1p(reading.fullB));
  throw new Error('a percentile reading depends on its window, not on the value alone');
}

function mappedReading(x: Float64Array, spec: ScoredIndicator): { z: Float64Array; p: Float64Array } {
  const n = x.length;
  const z = new Float64Array(n).fill(Number.NaN);
  const p = new Float64Array(n).fill(Number.NaN);
  for (let g = 0; g < n; g++) {
    if (Number.isNaN(x[g]!)) continue;
    p[g] = mapReading(x[g]!, spec.reading!);
    z[g] = winsorize(normalQuantile(Math.min(1 - 1e-9, Math.max(1e-9, p[g]!))), WINDOWS.winsorZ);
  }
  return { z, p };
}

/** Trailing robust z and percentile of each value against the previous `normalizationDays` of values (itself included). */
function trailingRobust(x: Float64Array, spec: ScoredIndicator): { z: Float64Array; p: Float64Array } {
  const n = x.length;
  const z = new Float64Array(n).fill(Number.NaN);
  const p = new Float64Array(n).fill(Number.NaN);
  const window = new SortedWindow(WINDOWS.normalizationDays);
  const sign = spec.risingIsTighter ? 1 : -1;
  for (let g = 0; g < n; g++) {
    slideWindow(window, x, g, WINDOWS.normalizationDays);
    const value = x[g]!;
    if (Number.isNaN(value) || window.size < WINDOWS.minHistory) continue;
    const scale = Math.max(MAD_TO_SIGMA * window.mad(), spec.minScale);
    z[g] = sign * winsorize((value - window.median()) / scale, WINDOWS.winsorZ);
    const rank = window.rank(value);
    p[g] = spec.risingIsTighter ? rank : 1 - rank;
  }
  return { z, p };
}

export function statusOf(percentile: number): Status {
  if (percentile >= THRESHOLDS.riskOff) return 'risk-off';
  if (percentile <= THRESHOLDS.riskOn) return 'risk-on';
  return 'neutral';
}
