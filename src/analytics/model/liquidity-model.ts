import { fromDayNumber, toDayNumber } from '../../timeseries/dates.ts';
import { MAD_TO_SIGMA } from '../stats/mad.ts';
import { SortedWindow } from '../stats/sorted-window.ts';
import { trailingPercentile } from '../stats/trailing-percentile.ts';
import { winsorize } from '../stats/winsorize.ts';
import { cissModel } from './ciss.ts';
import { businessDays, lastInformationDay, type PointInTimeSeries, sampleOnGrid } from './point-in-time.ts';
import { type GroupId, MODEL_START, type ModelSpec, type ScoredIndicator, THRESHOLDS, WINDOWS } from './spec.ts';
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
  const headline = trailingPercentile(combined.aggregate, WINDOWS.headlineDays, WINDOWS.headlineMinHistory);
  return { spec, grid, readings, ...combined, headline };
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

export type Status = 'risk-on' | 'neutral' | 'risk-off';

export function statusOf(percentile: number): Status {
  if (percentile >= THRESHOLDS.riskOff) return 'risk-off';
  if (percentile <= THRESHOLDS.riskOn) return 'risk-on';
  return 'neutral';
}
