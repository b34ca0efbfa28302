import { lens as lensResource } from '../../publish/resources/lens.ts';
import { type Locale, resolveLocale } from '../../timeseries/locales.ts';
import { asOfAnswer } from '../answers/as-of.ts';
import { admitFor } from '../answers/computed.ts';
import { ApiError } from '../errors/api-error.ts';
import { queryParameter } from '../params/query.ts';
import { asOfOf, MODEL_AS_OF_PARAMETER } from '../params/window.ts';
import { publishedRoute } from './published.ts';
import { resourceAnswer } from './route.ts';

export const getLens = publishedRoute(lensResource, {
  spec: {
    operationId: 'getLens',
    summary: 'The three-axis liquidity lens',
    description:
      'Quantity, Price and Structure readings and a structural posture × tactical pulse cell with a narrative, never folded into the regime score. A field whose inputs have not warmed up is null. lang selects the narrative locale only; every other field is identical across locales. With asOf: the lens from the series as known at that instant.',
    parameters: [queryParameter('lang'), MODEL_AS_OF_PARAMETER],
    errors: ['invalid_parameter', 'not_known_as_of', 'lens_unavailable', 'no_data_yet', 'busy'],
    tag: 'lens',
  },
  handle: (request, context) => {
    const query = request.query.read();
    if (query instanceof ApiError) return query;
    // Checked by lang's format: a tag the locales resolve.
    const lang = resolveLocale(query.get('lang')) as Locale;
    const instant = asOfOf(query);
    const current = context.publication();
    if (instant !== undefined && current) {
      return current.asOf
        .lens(instant, lang, admitFor(request, context, current))
        .then((outcome) => asOfAnswer(outcome, instant, 'lens', 'lens_unavailable'));
    }
    return resourceAnswer(
      context,
      (p) => p.lens?.get(lang)?.response,
      'lens_unavailable',
      'lens',
      (p) => p?.errors.lens,
    );
  },
});
