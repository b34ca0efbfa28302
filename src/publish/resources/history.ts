import { GROUP_IDS } from '../../analytics/model/spec.ts';
import { type Resource, resource, varyOnAccept } from '../resource.ts';
import { History } from '../schemas/regime.ts';
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

/** The last three days of the history: the example's length. */
function lastDays(history: HistoryBody): HistoryBody {
  const k = Math.max(0, history.count - 3);
  const cut = <T>(xs: T[]) => xs.slice(k);
  return {
    ...history,
    from: history.dates[k]!,
    count: history.count - k,
    dates: cut(history.dates),
    headline: cut(history.headline),
    status: cut(history.status),
    aggregate: cut(history.aggregate),
    subIndices: Object.fromEntries(GROUP_IDS.map((g) => [g, cut(history.subIndices[g])])) as HistoryBody['subIndices'],
  };
}
