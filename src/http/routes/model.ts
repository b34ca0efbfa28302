import { ModelDescription } from '../schemas/regime.ts';
import { type Route, resourceAnswer } from './route.ts';

export const getModel: Route = {
  path: '/api/model',
  listed: 'api',
  cache: 'model',
  spec: {
    operationId: 'getModel',
    summary: 'The model: groups, weights, thresholds and validation figures',
    description:
      'The dli-1 model description: version, groups with weights and indicators, normalization, aggregation, thresholds, windows and the validation figures (Spearman correlation with NFCI and STLFSI4; forward returns by regime state) computed from the stored data at the last refresh.',
    parameters: [],
    response: ModelDescription,
    errors: ['model_unavailable'],
    tag: 'model',
  },
  handle: (_request, context) =>
    resourceAnswer(
      context,
      (p) => p.model?.response,
      'model_unavailable',
      'model description',
      (p) => p?.errors.model,
    ),
};
