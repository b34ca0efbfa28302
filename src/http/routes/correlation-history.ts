import { correlationHistory as correlationHistoryResource } from '../../publish/resources/correlation-history.ts';
import { correlationReason, publishedRoute } from './published.ts';

export const getCorrelationHistory = publishedRoute(correlationHistoryResource, {
  spec: {
    operationId: 'getCorrelationHistory',
    summary: 'Rolling correlation of liquidity with SPX, QQQ, BTC and gold, every week',
    description:
      'The 52-week rolling Pearson correlation of weekly liquidity changes (the headline, net liquidity) with weekly asset log returns, for every Friday of the history: one date axis, one array per asset and measure (null where the window holds under 80 % of its weeks). Its last values are the 52-week figures of /api/correlation. A statistic, so published for the assets whose prices are restricted.',
    parameters: [],
    errors: ['correlation_unavailable', 'no_data_yet'],
    tag: 'correlation',
  },
  unavailable: ['correlation_unavailable', 'correlation statistics', correlationReason],
});
