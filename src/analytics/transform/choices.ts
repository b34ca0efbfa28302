import { AGGREGATIONS, TARGET_FREQUENCIES, type TargetFrequency } from './frequency-aggregation.ts';
import { transformedUnit, UNITS, type Units } from './units-transform.ts';

/**
 * FRED's transform vocabulary in words, from the lists themselves, for the schemas' descriptions and the errors'
 * hints: a value added to a list is then named everywhere. Example: oneOf(['avg', 'sum', 'eop']) → "avg, sum or eop".
 */
export function oneOf(values: readonly string[]): string {
  return values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}

/** What each weekly code means, where the code alone does not say it. */
const FREQUENCY_NOTES: Partial<Record<TargetFrequency, string>> = {
  w: 'weekly, ending Friday',
  wew: 'ending Wednesday',
};

export const UNITS_CHOICE = oneOf(UNITS);
export const FREQUENCY_CHOICE = oneOf(
  TARGET_FREQUENCIES.map((f) => (FREQUENCY_NOTES[f] ? `${f} (${FREQUENCY_NOTES[f]})` : f)),
);
export const AGGREGATION_CHOICE = oneOf(AGGREGATIONS);

/** The units by the unit of their values. Example: 'percent' → ['pch', 'pc1', 'pca', 'cch', 'cca']. */
export function unitsGiving(kind: 'own' | 'percent' | 'log'): Units[] {
  return UNITS.filter((u) => transformedUnit(u) === kind);
}
