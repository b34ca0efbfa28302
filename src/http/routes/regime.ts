import { Regime } from '../schemas/regime.ts';
import { type Route, resourceAnswer } from './route.ts';

export const getRegime: Route = {
  path: '/api/regime',
  listed: 'api',
  cache: 'regime',
  spec: {
    operationId: 'getRegime',
    summary: 'Current liquidity regime',
    description:
      'The liquidity regime (current model version: modelVersion; every version at /api/model) on the latest scored day: status, momentum, confidence, compositeScore, the percentile5y headline (trailing 5-year percentile of the aggregate; ≥ 80 tight, ≤ 20 loose), the top drivers, coverage and group sub-indices. freshness.state is last-good when the latest recompute failed and the previous result is served.',
    parameters: [],
    response: Regime,
    errors: ['regime_unavailable'],
    tag: 'model',
  },
  handle: (_request, context) =>
    resourceAnswer(
      context,
      (p) => p.regime?.response,
      'regime_unavailable',
      'regime',
      (p) => p?.errors.model,
    ),
};
