import { fromDayNumber, toDayNumber } from '../../timeseries/dates.ts';
import { MAD_TO_SIGMA } from '../stats/mad.ts';
import { SortedWindow } from '../stats/sorted-window.ts';
import { trailingPercentile } from '../stats/trailing-percentile.ts';
import { winsorize } from '../stats/winsorize.ts';
import { businessDays, lastInformationDay, type PointInTimeSeries, sampleOnGrid } from './point-in-time.ts';
import { DLI_1, type GroupId, MODEL_START, type ModelSpec, type ScoredIndicator, THRESHOLDS, WINDOWS } from './spec.ts';

/**
 * The dli-1 model over a business-day grid, as one pure pass: point-in-time inputs → transformed indicator
 * values → trailing robust z-scores and percentiles (sign-aligned: higher = tighter) → group sub-indices (mean
 * percentile of the group's live indicators) → CISS-style aggregate √((w∘s)ᵀ C (w∘s)) with C the EWMA
 * correlation of the sub-indices → headline: trailing 5-year percentile of the aggregate.
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
}

export interface ModelRun {
  spec: ModelSpec;
  grid: Int32Array;
  readings: IndicatorReadings[];
  groups: Record<GroupId, Float64Array>;
  /** Renormalized weight each group had on each day (0 when it did not report). */
  groupWeights: Record<GroupId, Float64Array>;
  aggregate: Float64Array;
  /** 0–100 integer headline, NaN until warmed up. */
  headline: Float64Array;
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
  spec: ModelSpec = DLI_1,
): ModelRun {
  const grid = businessDays(MODEL_START, fromDayNumber(Math.min(toDayNumber(to), lastScoredInformation(spec, inputs))));
  const readings = spec.scored.map((s) => indicatorReadings(s, inputs.get(s.id), grid, blankMeansZero.has(s.id)));
  const { groups, groupWeights } = groupSubIndices(spec, readings, grid.length);
  const aggregate = cissAggregate(spec, groups, groupWeights, grid.length);
  const headline = trailingPercentile(aggregate, WINDOWS.headlineDays, WINDOWS.headlineMinHistory);
  return { spec, grid, readings, groups, groupWeights, aggregate, headline };
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
  const empty = () => new Float64Array(n).fill(Number.NaN);
  if (!series || series.obsDay.length === 0) {
    return {
      spec,
      x: empty(),
      z: empty(),
      p: empty(),
      live: new Uint8Array(n),
      dormant: new Uint8Array(n),
      observed: new Int32Array(n).fill(-1),
    };
  }
  const { values, observed } = sampleOnGrid(series, grid, WINDOWS.carryForwardDays);
  if (blankMeansZero) {
    // The provider leaves days without activity blank: from the series' first print on, a gap means zero.
    const first = series.knownFrom[0]!;
    for (let g = 0; g < n; g++) if (Number.isNaN(values[g]!) && grid[g]! >= first) values[g] = 0;
  }
  const x = empty();
  const gate = new Uint8Array(n).fill(1);
  const transform = spec.transform;
  if (transform.kind === 'level') x.set(values);
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
  const { z, p } = trailingRobust(x, spec);
  const live = new Uint8Array(n);
  const dormant = new Uint8Array(n);
  for (let g = 0; g < n; g++) {
    if (Number.isNaN(z[g]!)) continue;
    if (gate[g]) live[g] = 1;
    else dormant[g] = 1;
  }
  return { spec, x, z, p, live, dormant, observed };
}

/** Trailing robust z and percentile of each value against the previous `normalizationDays` of values (itself included). */
function trailingRobust(x: Float64Array, spec: ScoredIndicator): { z: Float64Array; p: Float64Array } {
  const n = x.length;
  const z = new Float64Array(n).fill(Number.NaN);
  const p = new Float64Array(n).fill(Number.NaN);
  const window = new SortedWindow(WINDOWS.normalizationDays);
  const sign = spec.risingIsTighter ? 1 : -1;
  for (let g = 0; g < n; g++) {
    const leaving = g - WINDOWS.normalizationDays;
    if (leaving >= 0 && !Number.isNaN(x[leaving]!)) window.remove(x[leaving]!);
    const value = x[g]!;
    if (Number.isNaN(value)) continue;
    window.add(value);
    if (window.size < WINDOWS.minHistory) continue;
    const scale = Math.max(MAD_TO_SIGMA * window.mad(), spec.minScale);
    z[g] = sign * winsorize((value - window.median()) / scale, WINDOWS.winsorZ);
    const rank = window.rank(value);
    p[g] = spec.risingIsTighter ? rank : 1 - rank;
  }
  return { z, p };
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

export type Status = 'risk-on' | 'neutral' | 'risk-off';

export function statusOf(percentile: number): Status {
  if (percentile >= THRESHOLDS.riskOff) return 'risk-off';
  if (percentile <= THRESHOLDS.riskOn) return 'risk-on';
  return 'neutral';
}
