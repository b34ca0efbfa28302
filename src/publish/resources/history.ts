import { type Resource, resource, varyOnAccept } from '../resource.ts';
import { History } from '../schemas/regime.ts';
import { sliceHistory } from './csv.ts';
import type { HistoryBody } from './model.ts';
import type { Published } from './published.ts';

/** GET /api/history: the headline, status and sub-indices of every scored day (also CSV, by Accept). */
export const history: Published<'history', Resource<HistoryBody>> = {
  key: 'history',
  path: '/api/history',
  cache: 'history',
  schema: History,
  build: ({ modelState, provenance, modelInputs }) => {
    if (!modelState) return undefined;
    const { outputs, freshness } = modelState;
    const body = { ...outputs.history, freshness, provenance: provenance(modelInputs) };
    return varyOnAccept(resource<HistoryBody>(body, history.cache));
  },
  example: (r) => (r.body.count > 0 ? lastDays(r.body) : undefined),
};

/**
 * The last three days of the history: the example's length. Every per-day column is cut alike (sliceHistory), so
 * that a column added to the history is cut too.
 */
function lastDays(history: HistoryBody): HistoryBody {
  return sliceHistory(history, history.dates[Math.max(0, history.count - 3)]!, null);
}
