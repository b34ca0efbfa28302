import type { TransformSpec } from '../../analytics/transform/fred-transform.ts';
import { transformedUnit } from '../../analytics/transform/units-transform.ts';
import type { Frequency, Unit } from '../../timeseries/series.ts';

/**
 * What a value is once transformed, said the same way in the JSON meta, the CSV and workbook column names and the
 * workbook's Notes: its unit and its frequency after FRED's `units` and `frequency` (`units=pc1` on a series in
 * USD bn gives percent values, `frequency=m` monthly ones).
 */

/** A frequency after aggregation: the catalog's four, and FRED's annual. */
export type ValueFrequency = Frequency | 'annual';

/** The unit's short token in column names (`value_usd_bn`, `tga_usd_bn`). */
const UNIT_TOKEN: Record<Unit, string> = {
  usd_billions: 'usd_bn',
  eur_billions: 'eur_bn',
  jpy_trillions: 'jpy_tn',
  percent: 'percent',
  percent_of_gdp: 'percent_of_gdp',
  bps: 'bps',
  index: 'index',
  usd: 'usd',
};

/** The unit in words (a workbook's Notes, meta.transform.unitLabel). */
const UNIT_WORDS: Record<Unit, string> = {
  usd_billions: 'billions of US dollars',
  eur_billions: 'billions of euros',
  jpy_trillions: 'trillions of yen',
  percent: 'percent',
  percent_of_gdp: 'percent of GDP',
  bps: 'basis points',
  index: 'index',
  usd: 'US dollars',
};

/** FRED's units by name, as its own unit labels read ("Percent Change from Year Ago"). */
export const UNITS_NAMES = {
  lin: 'Levels',
  chg: 'Change',
  ch1: 'Change from a year ago',
  pch: 'Percent change',
  pc1: 'Percent change from a year ago',
  pca: 'Compounded annual rate of change',
  cch: 'Continuously compounded rate of change',
  cca: 'Continuously compounded annual rate of change',
  log: 'Natural log',
} as const;

const TARGET_FREQUENCY: Record<NonNullable<TransformSpec['frequency']>, ValueFrequency> = {
  w: 'weekly',
  wef: 'weekly',
  wew: 'weekly',
  m: 'monthly',
  q: 'quarterly',
  a: 'annual',
};

/** A target frequency in words, with the day a week ends on. */
export const FREQUENCY_NAMES = {
  w: 'weekly, ending Friday',
  wef: 'weekly, ending Friday',
  wew: 'weekly, ending Wednesday',
  m: 'monthly',
  q: 'quarterly',
  a: 'annual',
} as const;

export const AGGREGATION_WORDS = { avg: 'average', sum: 'sum', eop: 'end of period' } as const;

/** The value column's unit token: the series' own, `percent` for a rate of change, `ln_<unit>` for a log. */
export function unitToken(unit: Unit, spec: TransformSpec | null = null): string {
  const kind = spec === null ? 'own' : transformedUnit(spec.units);
  if (kind === 'own') return UNIT_TOKEN[unit];
  return kind === 'percent' ? 'percent' : `ln_${UNIT_TOKEN[unit]}`;
}

/**
 * The unit of a value in words. Examples: usd_billions → "billions of US dollars"; with pc1 → "percent change from
 * a year ago"; with chg on a percent series → "change, percentage points"; with log → "natural log of billions of
 * US dollars".
 */
export function unitLabel(unit: Unit, spec: TransformSpec | null = null): string {
  const words = UNIT_WORDS[unit];
  if (spec === null || spec.units === 'lin') return words;
  const kind = transformedUnit(spec.units);
  const name = UNITS_NAMES[spec.units].toLowerCase();
  // A rate whose name does not say it is in percent says so after it.
  if (kind === 'percent') return name.startsWith('percent') ? name : `${name}, percent`;
  if (kind === 'log') return `natural log of ${words}`;
  const points = unit === 'percent' || unit === 'percent_of_gdp' ? 'percentage points' : words;
  return `${name}, ${points}`;
}

/** The frequency of the values: the target of `frequency` when given, else the series' own. */
export function valueFrequency(native: Frequency, spec: TransformSpec | null = null): ValueFrequency {
  return spec?.frequency ? TARGET_FREQUENCY[spec.frequency] : native;
}

/**
 * The frequency in words, with how a period's value was made. Examples: "weekly"; with frequency=m → "monthly
 * (average of weekly values)"; with frequency=wew&aggregation=eop → "weekly, ending Wednesday (end of period of
 * daily values)".
 */
export function frequencyLabel(native: Frequency, spec: TransformSpec | null = null): string {
  if (!spec?.frequency) return native;
  return `${FREQUENCY_NAMES[spec.frequency]} (${AGGREGATION_WORDS[spec.aggregation]} of ${native} values)`;
}
