import { lens as lensResource } from '../../publish/resources/lens.ts';
import { asOfAnswer } from '../answers/as-of.ts';
import { admitFor } from '../answers/computed.ts';
import { ApiError } from '../errors/api-error.ts';
import { parseLang } from '../params/lang.ts';
import { queryParameter } from '../params/query.ts';
import { MODEL_AS_OF_PARAMETER, parseAsOf } from '../params/window.ts';
import { servedAs } from './published.ts';
import { noDataYet, type Route } from './route.ts';

export const getLens: Route = {
  ...servedAs(lensResource),
  listed: 'api',
  spec: {
    operationId: 'getLens',
    summary: 'The three-axis liquidity lens',
    description:
      'Quantity, Price and Structure readings and a structural posture × tactical pulse cell with a narrative, never folded into the regime score. A field whose inputs have not warmed up is null. lang selects the narrative locale only; every other field is identical across locales. With asOf: the lens from the series as known at that instant.',
    parameters: [queryParameter('lang'), MODEL_AS_OF_PARAMETER],
    response: lensResource.schema,
    errors: ['invalid_parameter', 'not_known_as_of', 'lens_unavailable', 'no_data_yet', 'busy'],
    tag: 'lens',
  },
  handle: (request, context) => {
    const { query } = request;
    const lang = parseLang(query.get('lang'));
    if (!lang.ok) return new ApiError('invalid_parameter', lang.message, lang.hint);
    const asOf = parseAsOf(query.get('asOf'));
    if (!asOf.ok) return new ApiError('invalid_parameter', asOf.message, asOf.hint);
    const current = context.publication();
    if (asOf.value !== undefined && current) {
      const instant = asOf.value;
      return current.asOf
        .lens(instant, lang.value, admitFor(request, context, current))
        .then((outcome) => asOfAnswer(outcome, instant, 'lens', 'lens_unavailable'));
    }
    const lens = current?.lens?.get(lang.value);
    if (lens) return lens.response;
    if (!current || current.current.size === 0) return noDataYet('lens');
    return new ApiError(
      'lens_unavailable',
      `The lens could not be computed: ${current?.errors.lens ?? 'no data has been stored yet'}.`,
      'Retry after the next refresh.',
    );
  },
};
