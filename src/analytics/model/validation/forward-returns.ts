import type { Static } from '@sinclair/typebox';
import { fromDayNumber } from '../../../timeseries/dates.ts';
import type { Validation as ValidationSchema } from '../../schemas/validation.ts';
import { mean } from '../../stats/mean.ts';
import { median } from '../../stats/median.ts';
import { neweyWestVariance } from '../../stats/newey-west.ts';
import { round } from '../../stats/round.ts';
import { tTwoSidedP } from '../../stats/student-t.ts';
import { welchTTest } from '../../stats/welch-t-test.ts';
import { type ModelRun, statusOf } from '../liquidity-model.ts';
import { type PointInTimeSeries, sampleOnGrid } from '../point-in-time.ts';
import { STATUSES, type Status } from '../spec.ts';

export const ASSETS = ['spx', 'qqq', 'btc', 'gold'] as const;
export type Asset = (typeof ASSETS)[number];
export const HORIZONS = [20, 60] as const;

export type StateReturns = ForwardReturnFigure['byState']['neutral'];
/** The non-overlapping sample's figures (the top-level fields). */
type NonOverlapping = Pick<ForwardReturnFigure, 'sampling' | 'byState' | 'riskOnMinusRiskOffPct' | 'welch'>;

/**
 * Forward returns of an asset by the regime state on the day, three ways, because each answers a different
 * doubt: the non-overlapping figure (one window every `horizon` days from the first warmed-up day, with Welch's
 * t-test of independent windows — the top-level fields, as published since dli-1), every daily window (all the
 * data, with Newey–West errors for the overlap), and every sampling phase of the non-overlapping scheme (is the
 * sign a matter of which days were sampled?). One asset at one horizon; its shape and meaning:
 * analytics/schemas/validation.ts.
 */
export type ForwardReturnFigure = Static<typeof ValidationSchema>['forwardReturns'][number];

interface Window {
  g: number;
  state: Status;
  returnPct: number;
}

/** Every h-business-day forward return from a day with a headline and a price at both ends. */
function windowsOf(run: ModelRun, series: PointInTimeSeries | undefined, horizon: number): Window[] {
  if (!series) return [];
  const prices = sampleOnGrid(series, run.grid, 5).values;
  const windows: Window[] = [];
  for (let g = 0; g + horizon < run.grid.length; g++) {
    const headline = run.headline[g]!;
    const now = prices[g]!;
    const later = prices[g + horizon]!;
    if (Number.isNaN(headline) || !(now > 0) || !(later > 0)) continue;
    windows.push({ g, state: statusOf(headline), returnPct: 100 * (later / now - 1) });
  }
  return windows;
}

export function forwardReturns(
  run: ModelRun,
  asset: Asset,
  series: PointInTimeSeries | undefined,
  horizon: number,
): ForwardReturnFigure {
  const windows = windowsOf(run, series, horizon);
  const phases = phaseSpreads(run, windows, horizon);
  const sampled = nonOverlappingWindows(run, windows, horizon, 0);
  return {
    asset,
    horizonBusinessDays: horizon,
    ...nonOverlapping(sampled, horizon, 0),
    from: sampled.length > 0 ? fromDayNumber(run.grid[sampled[0]!.g]!) : null,
    to: sampled.length > 0 ? fromDayNumber(run.grid[sampled.at(-1)!.g + horizon]!) : null,
    allWindows: allWindows(windows, horizon),
    phases: {
      count: phases.length,
      positive: phases.filter((s) => s > 0).length,
      negative: phases.filter((s) => s < 0).length,
      minPct: phases.length > 0 ? round(Math.min(...phases), 2) : null,
      maxPct: phases.length > 0 ? round(Math.max(...phases), 2) : null,
    },
  };
}

function byStateOf(windows: Window[]): Record<Status, number[]> {
  const out: Record<Status, number[]> = { 'risk-on': [], neutral: [], 'risk-off': [] };
  for (const w of windows) out[w.state].push(w.returnPct);
  return out;
}

/**
 * Spread of mean returns, risk-on minus risk-off, over every daily window. Its Newey–West variance sums the
 * influence terms ψ_t = [on_t](r_t − m_on)/n_on − [off_t](r_t − m_off)/n_off in time order (neutral days
 * contribute 0 but keep their place, so lags are lags in days).
 */
function allWindows(windows: Window[], horizon: number): ForwardReturnFigure['allWindows'] {
  const samples = byStateOf(windows);
  const lag = horizon - 1;
  const on = samples['risk-on'];
  const off = samples['risk-off'];
  const byState = summarizeStates(samples);
  if (on.length === 0 || off.length === 0) {
    return { byState, riskOnMinusRiskOffPct: null, neweyWest: { lag, se: null, t: null, p: null } };
  }
  const mOn = mean(on);
  const mOff = mean(off);
  const psi = windows.map((w) =>
    w.state === 'risk-on'
      ? (w.returnPct - mOn) / on.length
      : w.state === 'risk-off'
        ? -(w.returnPct - mOff) / off.length
        : 0,
  );
  const se = Math.sqrt(Math.max(0, neweyWestVariance(psi, lag)));
  const t = se > 0 ? (mOn - mOff) / se : Number.NaN;
  // Degrees of freedom: the number of independent windows the overlap leaves, minus the two means.
  const df = Math.max(1, Math.floor(windows.length / horizon) - 2);
  return {
    byState,
    riskOnMinusRiskOffPct: round(mOn - mOff, 2),
    neweyWest: {
      lag,
      se: se > 0 ? round(se, 2) : null,
      t: Number.isNaN(t) ? null : round(t, 2),
      p: Number.isNaN(t) ? null : round(tTwoSidedP(t, df), 3),
    },
  };
}

/** The risk-on minus risk-off spread of each of the `horizon` non-overlapping sampling phases that has both. */
function phaseSpreads(run: ModelRun, windows: Window[], horizon: number): number[] {
  const spreads: number[] = [];
  for (let phase = 0; phase < horizon; phase++) {
    const spread = nonOverlapping(
      nonOverlappingWindows(run, windows, horizon, phase),
      horizon,
      phase,
    ).riskOnMinusRiskOffPct;
    if (spread !== null) spreads.push(spread);
  }
  return spreads;
}

/** One window every `horizon` business days, starting `phase` days after the first warmed-up day. */
function nonOverlappingWindows(run: ModelRun, windows: Window[], horizon: number, phase: number): Window[] {
  const start = run.headline.findIndex((v) => !Number.isNaN(v));
  return windows.filter((w) => w.g >= start + phase && (w.g - start - phase) % horizon === 0);
}

/** Means by state and Welch's t-test of risk-on vs risk-off (the windows share no days: no overlap inflation). */
function nonOverlapping(sampled: Window[], horizon: number, phase: number): NonOverlapping {
  const samples = byStateOf(sampled);
  const byState = summarizeStates(samples);
  const on = byState['risk-on'].meanPct;
  const off = byState['risk-off'].meanPct;
  const welch = welchTTest(samples['risk-on'], samples['risk-off']);
  return {
    sampling: `one window every ${horizon} business days, from ${phase} days after the first warmed-up day`,
    byState,
    riskOnMinusRiskOffPct: on !== null && off !== null ? round(on - off, 2) : null,
    welch: {
      t: Number.isNaN(welch.t) ? null : round(welch.t, 2),
      df: Number.isNaN(welch.df) ? null : round(welch.df, 1),
      p: Number.isNaN(welch.p) ? null : round(welch.p, 3),
    },
  };
}

function summarizeStates(samples: Record<Status, number[]>): Record<Status, StateReturns> {
  return Object.fromEntries(STATUSES.map((state) => [state, summarize(samples[state])])) as Record<
    Status,
    StateReturns
  >;
}

function summarize(returns: number[]): StateReturns {
  if (returns.length === 0) return { count: 0, meanPct: null, medianPct: null, hitRate: null };
  return {
    count: returns.length,
    meanPct: round(mean(returns), 2),
    medianPct: round(median(returns), 2),
    hitRate: round(returns.filter((r) => r > 0).length / returns.length, 2),
  };
}
