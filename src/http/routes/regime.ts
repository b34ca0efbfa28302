import { regime as regimeResource } from '../../publish/resources/regime.ts';
import { asOfAnswer } from '../answers/as-of.ts';
import { admitFor } from '../answers/computed.ts';
import { ApiError } from '../errors/api-error.ts';
import { asOfOf, MODEL_AS_OF_PARAMETER } from '../params/window.ts';
import { publishedAnswer, publishedRoute } from './published.ts';

export const getRegime = publishedRoute(regimeResource, {
  spec: {
    operationId: 'getRegime',
    summary: 'Current liquidity regime',
    description:
      'The liquidity regime (current model version: modelVersion; every version at /api/model) on the latest scored day: status, momentum, confidence, compositeScore, the percentile5y headline (the trailing 5-year percentile of the model’s level — dli-4: the smoothed aggregate with the backstops’ floor; dli-1 to dli-3: the aggregate, smoothed in dli-3; ≥ 80 tight, ≤ 20 loose), the top drivers, coverage and group sub-indices. freshness.state is last-good when the latest recompute failed and the previous result is served. With asOf: the regime a publication at that instant would have served.',
    parameters: [MODEL_AS_OF_PARAMETER],
    errors: ['invalid_parameter', 'not_known_as_of', 'busy', 'regime_unavailable', 'no_data_yet'],
    tag: 'model',
  },
  handle: (request, context) => {
    const query = request.query.read();
    if (query instanceof ApiError) return query;
    const instant = asOfOf(query);
    const publication = context.publication();
    if (instant !== undefined && publication) {
      return publication.asOf
        .regime(instant, admitFor(request, context, publication))
        .then((o) => asOfAnswer(o, instant, 'regime', 'regime_unavailable'));
    }
    return publishedAnswer(context, regimeResource, 'regime_unavailable', 'regime', (p) => p?.errors.model);
  },
});
