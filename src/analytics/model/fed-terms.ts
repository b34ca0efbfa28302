import type { Static } from '@sinclair/typebox';
import { fromDayNumber } from '../../timeseries/dates.ts';
import type { FedTerms as FedTermsSchema } from '../schemas/regime.ts';
import { round } from '../stats/round.ts';
import { firstAbove } from '../stats/sorted-search.ts';
import { highestMember } from './like-for-like.ts';
import type { ModelRun, SeriesInputs } from './liquidity-model.ts';
import { type PointInTimeSeries, valueKnownOn } from './point-in-time.ts';

/**
 * What the Fed's own terms say on a day, beside the model's two readings: reserves against bank assets (the
 * satiation band is the NY Fed staff's 12–13 %), overnight rates against IORB, and use of the Fed's backstops —
 * each the latest value known that day, however old, with its own date (an old print is still the Fed's latest word,
 * and its date says how old it is). Its shape and field meanings: analytics/schemas/regime.ts.
 */
export type FedTerms = Static<typeof FedTermsSchema>;
/** A value with the date of the observation it comes from. */
export type DatedValue = NonNullable<FedTerms['reserveRatio']>;

export function fedTermsOn(run: ModelRun, inputs: SeriesInputs, g: number): FedTerms {
  const day = run.grid[g]!;
  const known = (id: string, digits: number) => latestKnown(inputs.get(id), day, digits);
  return {
    reserveRatio: known('reserve-ratio', 1),
    effrIorbBps: known('effr-iorb', 0),
    sofrIorbBps: known('sofr-iorb', 0),
    backstops: backstopsOn(run, inputs, g),
  };
}

function backstopsOn(run: ModelRun, inputs: SeriesInputs, g: number): FedTerms['backstops'] {
  if (!run.readings.some((r) => r.spec.group === 'backstops')) return null;
  const best = run.readings[highestMember(run.readings, 'backstops', g)];
  const reading = best ? round(best.p[g]!, 2) : 0;
  // The newest print of any backstop known that day: "no new draw" says nothing of the weeks after it.
  const dataTo = run.readings
    .filter((r) => r.spec.group === 'backstops')
    .flatMap((r) => latestKnown(inputs.get(r.spec.id), run.grid[g]!, 0)?.date ?? [])
    .sort()
    .at(-1);
  return {
    reading,
    drawnOn: best && reading > 0 ? best.spec.id : null,
    date: best && reading > 0 && best.observed[g]! >= 0 ? fromDayNumber(best.observed[g]!) : null,
    dataTo: dataTo ?? null,
    fedLendingB: latestKnown(inputs.get('fed-lending'), run.grid[g]!, 1),
  };
}

/** The latest observation known on `day`, rounded, with its date. */
export function latestKnown(series: PointInTimeSeries | undefined, day: number, digits: number): DatedValue | null {
  if (!series) return null;
  const i = firstAbove(series.knownFrom, day) - 1;
  if (i < 0) return null;
  const value = valueKnownOn(series, i, day);
  return Number.isNaN(value) ? null : { value: round(value, digits), date: fromDayNumber(series.obsDay[i]!) };
}
