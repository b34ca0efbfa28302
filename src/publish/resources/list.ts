import { changelog } from './changelog.ts';
import { correlation } from './correlation.ts';
import { correlationHistory } from './correlation-history.ts';
import { health } from './health.ts';
import { history } from './history.ts';
import { lens } from './lens.ts';
import { model } from './model.ts';
import { regime } from './regime.ts';
import { catalog } from './series/catalog.ts';
import { snapshot } from './snapshot.ts';

/**
 * Every resource built at publish time, in the order they are built: a resource may read those before it (the
 * snapshot reads the regime and the model, the changelog the model). A new resource is one module added here;
 * the publication, its types, its examples and the check that a route serves each follow from the list.
 */
export const PUBLISHED = [
  lens,
  correlation,
  correlationHistory,
  regime,
  history,
  model,
  snapshot,
  changelog,
  health,
  catalog,
] as const;
