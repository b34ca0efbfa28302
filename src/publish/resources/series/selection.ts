import type { Static } from '@sinclair/typebox';
import {
  applyTransform,
  observationsPerYear,
  type TransformSpec,
  transformKey,
} from '../../../analytics/transform/fred-transform.ts';
import { transformedUnit } from '../../../analytics/transform/units-transform.ts';
import { type DateWindow, pointsIn, windowKey } from '../../../timeseries/date-window.ts';
import type { Observation } from '../../../timeseries/observation.ts';
import type { Frequency, Unit } from '../../../timeseries/series.ts';
import type { TransformMeta as TransformMetaSchema } from '../../schemas/series.ts';
import { AGGREGATION_WORDS, FREQUENCY_NAMES, UNITS_NAMES, unitLabel, valueFrequency } from '../transform-labels.ts';

/**
 * What a download or a transformed answer selects from a series, in this order: the FRED-style transform over the
 * whole series (a lag or a period may reach before the window), then the window (null: everything), then the order,
 * the offset and the limit. The plain series' JSON windows are served from pre-serialized points instead (series.ts).
 */
export interface Selection {
  window: DateWindow | null;
  order: 'asc' | 'desc';
  limit: number | undefined;
  /** Observations skipped, in the order asked, before the limit (FRED's offset); none when absent. */
  offset?: number;
  transform: TransformSpec | null;
}

export function selectPoints(
  observations: readonly Observation[],
  frequency: Frequency,
  selection: Selection,
): Observation[] {
  const base = selection.transform ? applyTransform(observations, frequency, selection.transform) : observations;
  const windowed = selection.window === null ? [...base] : pointsIn(base, selection.window);
  const ordered = selection.order === 'desc' ? windowed.reverse() : windowed;
  const offset = selection.offset ?? 0;
  const end = selection.limit === undefined ? undefined : offset + selection.limit;
  return offset === 0 && end === undefined ? ordered : ordered.slice(offset, end);
}

/** A cache key for a selection: "d365|asc||0|lin||". */
export function selectionKey(selection: Selection): string {
  const window = selection.window === null ? 'all' : windowKey(selection.window);
  const transform = selection.transform ? transformKey(selection.transform) : '';
  return `${window}|${selection.order}|${selection.limit ?? ''}|${selection.offset ?? 0}|${transform}`;
}

/** How a transformed answer describes itself (meta.transform; its schema: publish/schemas/series.ts). */
export type TransformMeta = Static<typeof TransformMetaSchema>;

/**
 * Example: M2 (usd_billions, monthly) with pc1, q, avg → { valueUnit: 'percent', unitLabel: 'percent change from a
 * year ago', valueFrequency: 'quarterly', observationsPerYear: 4, description: 'Percent change from a year ago of the
 * quarterly average' }.
 */
export function transformMeta(
  spec: TransformSpec,
  unit: Unit,
  frequency: Frequency,
  observations: readonly Observation[],
): TransformMeta {
  const kind = transformedUnit(spec.units);
  const of =
    spec.frequency === null
      ? `${frequency} values`
      : `the ${FREQUENCY_NAMES[spec.frequency]} ${AGGREGATION_WORDS[spec.aggregation]}`;
  return {
    units: spec.units,
    frequency: spec.frequency,
    aggregation: spec.frequency === null ? null : spec.aggregation,
    valueUnit: kind === 'own' ? unit : kind === 'percent' ? 'percent' : `natural_log_of_${unit}`,
    unitLabel: unitLabel(unit, spec),
    valueFrequency: valueFrequency(frequency, spec),
    seriesUnit: unit,
    seriesFrequency: frequency,
    observationsPerYear: observationsPerYear(observations, frequency, spec),
    description: `${UNITS_NAMES[spec.units]} of ${of}`,
  };
}

/** The suffix a transformed value column carries, as FRED's column names do (WALCL_PC1): "", "_pc1", "_m_avg". */
export function transformSuffix(spec: TransformSpec | null): string {
  if (spec === null) return '';
  const units = spec.units === 'lin' ? '' : `_${spec.units}`;
  return spec.frequency === null ? units : `${units}_${spec.frequency}_${spec.aggregation}`;
}
