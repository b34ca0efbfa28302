import { model as modelResource } from '../../publish/resources/model.ts';
import { publishedRoute } from './published.ts';

export const getModel = publishedRoute(modelResource, {
  spec: {
    operationId: 'getModel',
    summary: 'The model: groups, weights, thresholds and validation figures',
    description:
      'The model: the current version (groups with weights and indicators, how inputs are dated, normalization, aggregation, thresholds, windows), its validation computed from the stored data at the last refresh (Spearman correlation with NFCI and STLFSI4 by period and lead with bootstrap intervals, crisis checks, forward returns by regime state, and its guarantees checked on every day), and every version ever published with what changed.',
    parameters: [],
    errors: ['model_unavailable', 'no_data_yet'],
    tag: 'model',
  },
  unavailable: ['model_unavailable', 'model description', (p) => p?.errors.model],
});
