import type { PublishedKey } from '../../publish/resources/published.ts';
import { getChangelog } from './changelog.ts';
import { getCorrelation } from './correlation.ts';
import { getCorrelationHistory } from './correlation-history.ts';
import { getHealth } from './health.ts';
import { getHistory } from './history.ts';
import { getLens } from './lens.ts';
import { getModel } from './model.ts';
import { getRegime } from './regime.ts';
import type { Route } from './route.ts';
import { getSeriesCatalog } from './series-catalog.ts';
import { getSnapshot } from './snapshot.ts';

/**
 * The route of each published resource, by the key of its module (publish/resources/list.ts): a module added to
 * the list without its route here, or a route for no module, fails the type check. The route table places each
 * (table.ts); test/http/routes/published.test.ts checks it is there once.
 */
export const PUBLISHED_ROUTES = {
  lens: getLens,
  correlation: getCorrelation,
  correlationHistory: getCorrelationHistory,
  regime: getRegime,
  history: getHistory,
  model: getModel,
  snapshot: getSnapshot,
  changelog: getChangelog,
  health: getHealth,
  catalog: getSeriesCatalog,
} as const satisfies Record<PublishedKey, Route>;
