import { type Resource, resource } from '../resource.ts';
import { Regime } from '../schemas/regime.ts';
import type { RegimeBody } from './model.ts';
import { withDriverUrls } from './model.ts';
import type { Published } from './published.ts';

/** GET /api/regime: the reading on the latest scored day, its drivers linked to their series. */
export const regime: Published<'regime', Resource<RegimeBody>> = {
  key: 'regime',
  path: '/api/regime',
  cache: 'regime',
  schema: Regime,
  // The model's failure is the model state's (model/state.ts): the last good reading is kept there.
  build: ({ modelState, provenance, modelInputs, input }) => {
    if (!modelState) return undefined;
    const { outputs, freshness } = modelState;
    const body = { ...withDriverUrls(outputs.regime, input.baseUrl), freshness, provenance: provenance(modelInputs) };
    return resource<RegimeBody>(body, regime.cache);
  },
  example: (r) => r.body,
};
