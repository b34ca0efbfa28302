import type { Observation } from '../../timeseries/observation.ts';
import { round } from '../stats/round.ts';
import { type Grid, step } from './observation-grid.ts';

/**
 * FRED's `units` transformations (fredhelp.stlouisfed.org, "What formulas are used to calculate growth rates?"):
 * lin levels; chg x(t) − x(t−1); ch1 x(t) − x(t−n); pch (x(t)/x(t−1) − 1)·100; pc1 (x(t)/x(t−n) − 1)·100;
 * pca ((x(t)/x(t−1))^n − 1)·100; cch (ln x(t) − ln x(t−1))·100; cca n·(ln x(t) − ln x(t−1))·100; log ln x(t);
 * with n the observations per year.
 */
export const UNITS = ['lin', 'chg', 'ch1', 'pch', 'pc1', 'pca', 'cch', 'cca', 'log'] as const;
export type Units = (typeof UNITS)[number];

/**
 * Observations per year by grid, FRED's table: daily 260 (weekdays), weekly 52, monthly 12, quarterly 4, annual 1.
 * A daily series with weekend dates ("Daily, 7-day") counts 365: assumed — FRED's table names only the weekday grid.
 */
export const OBSERVATIONS_PER_YEAR: Record<Grid, number> = {
  weekdays: 260,
  days: 365,
  weeks: 52,
  months: 12,
  quarters: 4,
  years: 1,
};

/** What a transformed value is measured in: the series' own unit (levels and differences), percent, or a natural log. */
export function transformedUnit(units: Units): 'own' | 'percent' | 'log' {
  if (units === 'lin' || units === 'chg' || units === 'ch1') return 'own';
  return units === 'log' ? 'log' : 'percent';
}

/**
 * A series transformed as FRED does, on its own grid: t − 1 is the previous row of that grid and t − n the row a
 * year back (260 weekdays = exactly 52 weeks), so a lag that lands on a date without a value (a holiday) gives no
 * value, as FRED's formulas do with a missing x (assumed: FRED's answer for the day after a holiday was not seen
 * here). Dates without a result (no lagged value, a ratio over zero, the
 * log of a value ≤ 0) are left out. Values are rounded to 6 decimals.
 *
 * Example: monthly 100 on 2025-11-01 and 103 on 2026-11-01, pc1 → 2026-11-01: 3.
 */
export function transformUnits(observations: readonly Observation[], grid: Grid, units: Units): Observation[] {
  if (units === 'lin') return [...observations];
  const byDate = new Map(observations.map((o) => [o.date, o.value]));
  const n = OBSERVATIONS_PER_YEAR[grid];
  const lagRows = units === 'ch1' || units === 'pc1' ? n : 1;
  const out: Observation[] = [];
  for (const { date, value } of observations) {
    const lagged = units === 'log' ? undefined : byDate.get(step(date, grid, -lagRows));
    const result = formula(units, value, lagged, n);
    if (result !== undefined && Number.isFinite(result)) out.push({ date, value: round(result, 6) });
  }
  return out;
}

function formula(units: Units, x: number, lagged: number | undefined, n: number): number | undefined {
  if (units === 'log') return x > 0 ? Math.log(x) : undefined;
  if (lagged === undefined) return undefined;
  switch (units) {
    case 'chg':
    case 'ch1':
      return x - lagged;
    case 'pch':
    case 'pc1':
      return lagged === 0 ? undefined : (x / lagged - 1) * 100;
    case 'pca':
      return lagged === 0 ? undefined : ((x / lagged) ** n - 1) * 100;
    case 'cch':
      return x > 0 && lagged > 0 ? (Math.log(x) - Math.log(lagged)) * 100 : undefined;
    case 'cca':
      return x > 0 && lagged > 0 ? (Math.log(x) - Math.log(lagged)) * 100 * n : undefined;
    default:
      return x;
  }
}
