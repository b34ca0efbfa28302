import type { Static } from '@sinclair/typebox';
import { fromDayNumber, toDayNumber } from '../../../timeseries/dates.ts';
import type { Validation as ValidationSchema } from '../../schemas/validation.ts';
import { trailingPercentile } from '../../stats/trailing-percentile.ts';
import type { ModelRun } from '../liquidity-model.ts';
import { WINDOWS } from '../spec.ts';

/**
 * The crisis checks fixed in docs/dli-2-protocol.md before any dli-2 variant was run: a stress event the
 * headline (or the funding sub-index) should register within a few business days. Reported hit or miss as it
 * comes; never used to choose a model.
 */
export const CRISES = [
  { id: 'lehman', name: 'Lehman Brothers files for bankruptcy', date: '2008-09-15', measure: 'headline' },
  { id: 'covid', name: 'Covid dash for cash', date: '2020-03-16', measure: 'headline' },
  { id: 'svb', name: 'Silicon Valley Bank resolution', date: '2023-03-13', measure: 'headline' },
  { id: 'repo-2019', name: 'Repo rate spike', date: '2019-09-17', measure: 'funding' },
  { id: 'month-end-2025', name: 'October 2025 month-end funding squeeze', date: '2025-10-31', measure: 'funding' },
] as const;

/** headline: ≥ 80 within 10 business days; funding: top decile of its own trailing 5 years within 5. */
const RULES = {
  headline: { atLeast: 80, withinBusinessDays: 10 },
  funding: { atLeast: 90, withinBusinessDays: 5 },
} as const;

export type CrisisCheck = Static<typeof ValidationSchema>['crises'][number];

export function crisisChecks(run: ModelRun): CrisisCheck[] {
  const funding = run.groups.funding
    ? trailingPercentile(run.groups.funding, WINDOWS.headlineDays, WINDOWS.headlineMinHistory)
    : new Float64Array(run.grid.length).fill(Number.NaN);
  return CRISES.map((crisis) => {
    const rule = RULES[crisis.measure];
    const series = crisis.measure === 'headline' ? run.headline : funding;
    const test =
      crisis.measure === 'headline'
        ? `headline ≥ ${rule.atLeast} within ${rule.withinBusinessDays} business days from ${crisis.date}`
        : `funding sub-index at or above the ${rule.atLeast}th percentile of its own trailing 5 years within ${rule.withinBusinessDays} business days from ${crisis.date}`;
    const day0 = toDayNumber(crisis.date);
    // The first grid day on or after the date; none when the run starts more than a week later.
    const first = run.grid.findIndex((day) => day >= day0);
    const start = first >= 0 && run.grid[first]! - day0 <= 7 ? first : -1;
    let peak = Number.NaN;
    let firstHit = -1;
    for (let g = start; start >= 0 && g <= start + rule.withinBusinessDays && g < run.grid.length; g++) {
      const value = series[g]!;
      if (Number.isNaN(value)) continue;
      peak = Number.isNaN(peak) ? value : Math.max(peak, value);
      if (value >= rule.atLeast && firstHit < 0) firstHit = g;
    }
    const scored = !Number.isNaN(peak);
    return {
      id: crisis.id,
      name: crisis.name,
      date: crisis.date,
      test,
      hit: scored ? firstHit >= 0 : null,
      peak: scored ? peak : null,
      firstHit: firstHit >= 0 ? fromDayNumber(run.grid[firstHit]!) : null,
    };
  });
}
