import { Type } from '@sinclair/typebox';
import { literals, nullable } from '../../analytics/schemas/literals.ts';
import { FRESHNESS_STATES } from '../freshness.ts';

const DateTime = nullable(Type.String({ format: 'date-time' }));

/** The one freshness model, as the API shows it for a series (meta.freshness, the snapshot, /api/health). */
export const SeriesFreshness = Type.Object(
  {
    state: literals(
      FRESHNESS_STATES,
      "fresh: refreshes succeed and the latest observation is as recent as the series' publication lag allows. late: refreshes succeed but the provider has published nothing newer for more than lateAfterDays. failed: the last refresh of this series, or of any series it is derived from, failed: the last good stored values are served and `error` says why. never-fetched: nothing is stored for it yet.",
    ),
    dataDate: nullable(Type.String({ format: 'date' }), { description: 'Date of the latest observation.' }),
    ageDays: nullable(Type.Integer(), { description: 'Days from dataDate to the day this response was published.' }),
    expectedLagDays: Type.Integer({ minimum: 0, description: "Days from an observation's date to its publication." }),
    lateAfterDays: Type.Integer({ minimum: 0, description: 'Older than this (dataDate to today) is late.' }),
    lastAttemptAt: DateTime,
    lastSuccessAt: DateTime,
    error: nullable(Type.String(), {
      description:
        "Why the last refresh failed, in plain words (for a derived series, which input failed). No hosts, no provider bodies: those are in the service's log.",
    }),
  },
  { additionalProperties: false, description: 'How fresh the data is, and why not when it is not.' },
);
