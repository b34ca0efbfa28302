import { correlation as correlationResource } from '../../publish/resources/correlation.ts';
import { correlationReason, publishedRoute } from './published.ts';

export const getCorrelation = publishedRoute(correlationResource, {
  spec: {
    operationId: 'getCorrelation',
    summary: 'Liquidity against SPX, QQQ, BTC and gold',
    description:
      'Weekly rolling correlations (13, 26, 52 weeks) of liquidity changes with asset log returns, the lead/lag cross-correlation over −13…+13 weeks with a Bonferroni significance test, and forward returns by regime state (20 and 60 business days, non-overlapping samples, Welch t-test), each keyed by asset id.',
    parameters: [],
    errors: ['correlation_unavailable', 'no_data_yet'],
    tag: 'correlation',
  },
  unavailable: ['correlation_unavailable', 'correlation statistics', correlationReason],
});
