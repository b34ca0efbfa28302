import type { Static } from '@sinclair/typebox';
import { fromDayNumber } from '../../timeseries/dates.ts';
import type { ModelRun } from '../model/liquidity-model.ts';
import { type PointInTimeSeries, sampleOnGrid } from '../model/point-in-time.ts';
import { ASSETS, forwardReturns, HORIZONS } from '../model/validation/forward-returns.ts';
import type { CorrelationFigures, RollingCorrelation } from '../schemas/correlation.ts';
import { normalQuantile } from '../stats/normal-quantile.ts';
import { pearson } from '../stats/pearson.ts';
import { round } from '../stats/round.ts';

/**
 * Liquidity against SPX, QQQ, BTC and gold, on a weekly grid (Fridays), every value as known that Friday:
 * - liquidity changes: the week's change in the headline (points) and in net liquidity (USD bn);
 * - asset returns: the week's log return;
 * - rolling Pearson correlations over 13, 26 and 52 weeks (a window needs 80 % of its weeks), latest value and
 *   the last 26 weekly values, each with its n;
 * - the 52-week rolling correlation over the whole history (every week whose window holds 80 % of its weeks), on
 *   one date axis for every asset and measure: the chart /markets draws for assets whose prices may not be drawn;
 * - lead/lag: correlation of liquidity change at week t with the asset return at week t + k, k = −13 … +13
 *   (k > 0: liquidity leads), over the last 260 weeks; the strongest |ρ| is significant only above the
 *   Bonferroni threshold for 27 lags, z₀.₉₉₉₁ / √n, since the best of 27 noisy correlations is large by chance;
 * - backtest: forward returns by regime state over 20 and 60 business days, non-overlapping samples, Welch's
 *   t-test of risk-on minus risk-off.
 */
export const WINDOWS_WEEKS = [13, 26, 52] as const;
export const PATH_WEEKS = 26;
export const HISTORY_WINDOW_WEEKS = 52;
export const MAX_LAG_WEEKS = 13;
export const LEAD_LAG_WEEKS = 260;
/** The backtest's horizons are the validation's (one computation of forward returns, two readers). */
export const BACKTEST_HORIZONS = HORIZONS;
export const MEASURES = ['headline', 'netLiquidity'] as const;

/** The series the correlations read besides the model's headline: net liquidity and the four assets. */
export const CORRELATION_INPUTS: readonly string[] = ['net-liquidity', ...ASSETS];

type Asset = (typeof ASSETS)[number];
type Measure = (typeof MEASURES)[number];

export type RollingFigure = CorrelationReport['correlations'][Asset][Measure]['13w'];
type Windows = CorrelationReport['correlations'][Asset][Measure];

export type LeadLagFigure = CorrelationReport['leadLag'][Asset][Measure];

/** The statistics and the rolling history; their shapes and meanings: analytics/schemas/correlation.ts. */
export type CorrelationReport = Static<typeof CorrelationFigures> & { rollingHistory: RollingHistory };

/** One rolling window's correlation for every week, on one date axis (null where the window lacks data). */
export type RollingHistory = Static<typeof RollingCorrelation>;

export function computeCorrelations(run: ModelRun, inputs: ReadonlyMap<string, PointInTimeSeries>): CorrelationReport {
  const fridays: number[] = [];
  for (let g = 0; g < run.grid.length; g++) if ((run.grid[g]! + 4) % 7 === 5) fridays.push(g);
  const days = Int32Array.from(fridays.map((g) => run.grid[g]!));
  const headline = Float64Array.from(fridays.map((g) => run.headline[g]!));
  const net = sampleOnGrid(inputs.get('net-liquidity'), days, 14).values;
  const liquidity: Record<Measure, Float64Array> = { headline: diff(headline), netLiquidity: diff(net) };
  const correlations = {} as CorrelationReport['correlations'];
  const leadLag = {} as CorrelationReport['leadLag'];
  const backtest = {} as CorrelationReport['backtest'];
  const historyRho = {} as RollingHistory['rho'];
  for (const asset of ASSETS) {
    const returns = logReturns(sampleOnGrid(inputs.get(asset), days, 6).values);
    /** One figure per liquidity measure, against this asset's returns. */
    const byMeasure = <T>(figure: (x: Float64Array) => T) =>
      Object.fromEntries(MEASURES.map((m) => [m, figure(liquidity[m])])) as Record<Measure, T>;
    correlations[asset] = byMeasure(
      (x) => Object.fromEntries(WINDOWS_WEEKS.map((w) => [`${w}w`, rolling(x, returns, days, w)])) as Windows,
    );
    leadLag[asset] = byMeasure((x) => crossCorrelation(x, returns, days));
    historyRho[asset] = byMeasure((x) => rollingEveryWeek(x, returns, HISTORY_WINDOW_WEEKS));
    backtest[asset] = {
      horizons: Object.fromEntries(
        HORIZONS.map((h) => [`${h}d`, forwardReturns(run, asset, inputs.get(asset), h)]),
      ) as CorrelationReport['backtest'][Asset]['horizons'],
    };
  }
  // The newest week any rolling figure is dated by (ISO dates order as text).
  const asOf = Object.values(correlations)
    .flatMap((byMeasure) => Object.values(byMeasure).flatMap((windows) => Object.values(windows)))
    .flatMap((figure) => figure.asOf ?? [])
    .sort();
  return {
    frequency: 'weekly',
    dataAsOf: asOf.at(-1) ?? null,
    assets: [...ASSETS],
    correlations,
    leadLag,
    backtest,
    rollingHistory: trimHistory(days, historyRho),
  };
}

/**
 * A window's correlation ending at every week (null where it holds under 80 % of its weeks). Example: for 60 weeks
 * of data and a 52-week window, the first 41 entries are null (41 weeks hold fewer than 42 pairs).
 */
export function rollingEveryWeek(x: Float64Array, y: Float64Array, window: number): Array<number | null> {
  const minPairs = Math.ceil(window * 0.8);
  // As rolling(): no week after the last one both series have (a stale asset's window does not slide on).
  const last = pairedEnd(x, y);
  const out: Array<number | null> = [];
  for (let end = 1; end <= x.length; end++) {
    if (end > last) {
      out.push(null);
      continue;
    }
    const { rho, n } = pairedCorrelation(x, y, end - window, end);
    out.push(n >= minPairs ? rho : null);
  }
  return out;
}

/** The weeks from the first to the last with any value (`rho` cut in place): no empty rows at either end. */
function trimHistory(days: Int32Array, rho: RollingHistory['rho']): RollingHistory {
  const columns = Object.values(rho).flatMap((byMeasure) => Object.values(byMeasure));
  const has = (i: number) => columns.some((column) => column[i] !== null);
  let from = 0;
  while (from < days.length && !has(from)) from++;
  let to = days.length;
  while (to > from && !has(to - 1)) to--;
  for (const byMeasure of Object.values(rho)) {
    for (const measure of MEASURES) byMeasure[measure] = byMeasure[measure].slice(from, to);
  }
  return {
    windowWeeks: HISTORY_WINDOW_WEEKS,
    dates: Array.from(days.subarray(from, to), (d) => fromDayNumber(d)),
    rho,
  };
}

function diff(values: Float64Array): Float64Array {
  const out = new Float64Array(values.length).fill(Number.NaN);
  for (let i = 1; i < values.length; i++) out[i] = values[i]! - values[i - 1]!;
  return out;
}

function logReturns(prices: Float64Array): Float64Array {
  const out = new Float64Array(prices.length).fill(Number.NaN);
  for (let i = 1; i < prices.length; i++) {
    if (prices[i]! > 0 && prices[i - 1]! > 0) out[i] = Math.log(prices[i]! / prices[i - 1]!);
  }
  return out;
}

/** Pearson over the pairs (x[i], y[i + lag]) with i in [from, to) where both exist. */
export function pairedCorrelation(x: ArrayLike<number>, y: ArrayLike<number>, from: number, to: number, lag = 0) {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = Math.max(0, from); i < to; i++) {
    const j = i + lag;
    if (j < 0 || j >= y.length) continue;
    const xi = x[i]!;
    const yj = y[j]!;
    if (Number.isNaN(xi) || Number.isNaN(yj)) continue;
    a.push(xi);
    b.push(yj);
  }
  const rho = a.length >= 3 ? pearson(a, b) : Number.NaN;
  return { rho: Number.isNaN(rho) ? null : round(rho, 3), n: a.length };
}

/** One past the last week both series have a value: where every figure of a pair ends. */
function pairedEnd(x: ArrayLike<number>, y: ArrayLike<number>): number {
  let end = x.length;
  while (end > 0 && (Number.isNaN(x[end - 1]!) || Number.isNaN(y[end - 1]!))) end--;
  return end;
}

export function rolling(x: Float64Array, y: Float64Array, days: Int32Array, window: number): RollingFigure {
  const minPairs = Math.ceil(window * 0.8);
  const path: RollingFigure['path'] = [];
  // The latest figure is dated by a week both series have: past the last price of a stale asset, the window would
  // slide on and be dated weeks after its data ends (gold to Jun 5 read "over the 42 weeks to Aug 14").
  for (let end = pairedEnd(x, y); end > 0 && path.length < PATH_WEEKS; end--) {
    const { rho, n } = pairedCorrelation(x, y, end - window, end);
    if (n < minPairs) {
      if (path.length === 0) continue; // trailing weeks without data (e.g. stale inputs) are skipped, not reported
      break;
    }
    path.push({ date: fromDayNumber(days[end - 1]!), rho, n });
  }
  path.reverse();
  const latest = path.at(-1);
  return { latest: latest?.rho ?? null, n: latest?.n ?? 0, asOf: latest?.date ?? null, path };
}

export function crossCorrelation(x: Float64Array, y: Float64Array, days: Int32Array): LeadLagFigure {
  // The last LEAD_LAG_WEEKS weeks where both series exist.
  const end = pairedEnd(x, y);
  const from = Math.max(0, end - LEAD_LAG_WEEKS);
  const lags: LeadLagFigure['lags'] = [];
  for (let lag = -MAX_LAG_WEEKS; lag <= MAX_LAG_WEEKS; lag++)
    lags.push({ lag, ...pairedCorrelation(x, y, from, end, lag) });
  let best: LeadLagFigure['best'] = null;
  for (const l of lags)
    if (l.rho !== null && (best === null || Math.abs(l.rho) > Math.abs(best.rho)))
      best = { lag: l.lag, rho: l.rho, n: l.n };
  const tests = 2 * MAX_LAG_WEEKS + 1;
  const threshold95 = best ? round(normalQuantile(0.975) / Math.sqrt(best.n), 3) : null;
  const thresholdBonferroni = best ? round(normalQuantile(1 - 0.025 / tests) / Math.sqrt(best.n), 3) : null;
  return {
    window: {
      from: end > from ? fromDayNumber(days[from]!) : null,
      to: end > 0 ? fromDayNumber(days[end - 1]!) : null,
    },
    lags,
    best,
    threshold95,
    thresholdBonferroni,
    significant: best !== null && thresholdBonferroni !== null && Math.abs(best.rho) > thresholdBonferroni,
  };
}
