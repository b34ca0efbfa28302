import type { ModelDescription } from '../../analytics/model/description.ts';
import type { History } from '../../analytics/model/history.ts';
import type { Regime } from '../../analytics/model/regime.ts';

/** Whether a model result comes from the latest recompute, or is the last good one kept after a failure. */
export interface ModelFreshness {
  state: 'current' | 'last-good';
  reason: string | null;
}

/** The model's three resources (GET /api/regime, /api/history, /api/model), each with its freshness. */
export type RegimeBody = Regime & { freshness: ModelFreshness };
export type HistoryBody = History & { freshness: ModelFreshness };
export type ModelBody = ModelDescription & { freshness: ModelFreshness };
