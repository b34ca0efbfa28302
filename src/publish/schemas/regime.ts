import { Type } from '@sinclair/typebox';
import { THRESHOLDS as T } from '../../analytics/model/spec.ts';
import { HistoryColumns } from '../../analytics/schemas/history.ts';
import { literals, nullable } from '../../analytics/schemas/literals.ts';
import { ModelDescriptionFields } from '../../analytics/schemas/model-description.ts';
import { RegimeReading } from '../../analytics/schemas/regime.ts';
import { STALE_READING_DAYS } from '../freshness.ts';
import { ModelAsOf } from './as-of.ts';
import { Provenance } from './provenance.ts';

export const ModelFreshness = Type.Object(
  {
    state: literals(
      ['current', 'stale', 'last-good'],
      `current: computed at the last refresh from data as recent as its inputs' publication lags explain. stale: computed at the last refresh, but the reading's date is more than ${STALE_READING_DAYS} days before the publication day — more than the publication lags of the model's daily inputs explain (1 business day, plus weekends and holidays): the providers have published nothing newer, or the refreshes are failing (see /api/health). last-good: the last recompute failed; this is the last good result.`,
    ),
    reason: nullable(Type.String(), {
      description: `Why the reading is stale or last-good (how old it is, and what failed), and, whatever the state, when inputs carrying under ${Math.round(100 * T.minLiveWeight)} % of the nominal weight had live data, which inputs are missing.`,
    }),
  },
  { additionalProperties: false, description: 'Whether this result is current, and if not, why.' },
);

/** The regime as served: the reading (analytics/schemas/regime.ts) with the publication's stamps. */
export const Regime = Type.Object(
  {
    ...RegimeReading.properties,
    freshness: ModelFreshness,
    provenance: Provenance,
    asOf: ModelAsOf,
  },
  { $id: 'Regime', additionalProperties: false },
);

/** The history as served: the columns (analytics/schemas/history.ts) with the publication's stamps. */
export const History = Type.Object(
  {
    ...HistoryColumns.properties,
    freshness: ModelFreshness,
    provenance: Provenance,
    asOf: ModelAsOf,
  },
  {
    $id: 'History',
    additionalProperties: false,
    description:
      'Columnar: element i of every array belongs to dates[i]. dli-2, dli-3 and dli-4 read every input at its current (possibly revised) value, known from its publication day (date + publication lag), so any install rebuilds the same history; no observation enters before its publication day.',
  },
);

/** The model as served (analytics/schemas/model-description.ts) with its freshness and provenance. */
export const ModelDescription = Type.Object(
  {
    ...ModelDescriptionFields.properties,
    freshness: ModelFreshness,
    provenance: Provenance,
  },
  { $id: 'ModelDescription', additionalProperties: false },
);
