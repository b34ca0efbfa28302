import { Type } from '@sinclair/typebox';
import { CONFIDENCES, GROUP_IDS, STATUSES, THRESHOLDS as T } from '../model/spec.ts';
import { closed } from './closed.ts';
import { keyed } from './keyed.ts';
import { literals, nullable } from './literals.ts';

const Nullable100 = nullable(Type.Number({ minimum: 0, maximum: 100 }));

/** The daily history, columnar, as analytics/model/history.ts computes it (publish adds its stamps). */
export const HistoryColumns = closed({
  modelVersion: Type.String(),
  updatedAt: Type.String({ format: 'date-time' }),
  from: Type.String({
    description:
      "First date (the first warmed-up business day, or the window's first); '' when the answer holds no day (a window past the history's end).",
  }),
  to: Type.String({ description: "Last date; '' when the answer holds no day." }),
  count: Type.Integer({ minimum: 0, description: 'Length of every array below.' }),
  dates: Type.Array(Type.String({ format: 'date' }), { description: 'Business days, ascending.' }),
  headline: Type.Array(Type.Integer({ minimum: 0, maximum: 100 }), { description: 'percentile5y on each date.' }),
  status: Type.Array(
    nullable(literals(STATUSES, 'status on each date.'), {
      description: 'status on each date; null on a provisional day (dli-4), which has no status.',
    }),
  ),
  liveWeightShare: Type.Array(nullable(Type.Number({ minimum: 0, maximum: 1 })), {
    description:
      'dli-3 and later: the share of the nominal weight whose inputs had live data on each date (dli-4: fresh data, over the inputs whose framework had begun); null for earlier models.',
  }),
  provisional: Type.Array(Type.Boolean(), {
    description: `dli-4: true where live data covers under ${Math.round(100 * T.minLiveWeight)} % of the nominal weight: the headline and level are provisional, with no status.`,
  }),
  confidence: Type.Array(
    literals(CONFIDENCES, 'confidence of the reading on each date (the rule of /api/regime confidence).'),
  ),
  aggregate: Type.Array(Type.Number({ minimum: 0 }), {
    description:
      'The aggregate before the percentile transform (dli-2: weighted mean of percentiles, 0–1; dli-3: weighted mean of the 0–1 readings, smoothed over 10 business days, with the inputs live that day).',
  }),
  level: Type.Array(Nullable100, {
    description:
      'The aggregate (dli-4: with its floor) on its fixed 0–100 scale on each date; null for models without one.',
  }),
  contributions: keyed(
    GROUP_IDS,
    Type.Array(nullable(Type.Number())),
    "Each group's part of the level on each date, in level points (a floor group: how far its floor lifts the level); they add up to level. null for a group not in the model.",
  ),
  subIndices: keyed(
    GROUP_IDS,
    Type.Array(Nullable100),
    'Group sub-indices 0–100 on each date; null where the group did not report.',
  ),
});
