import { DEFAULT_DAYS, MAX_DAYS } from '../../publish/resources/series.ts';
import { isIndicatorId, seriesDef } from '../../timeseries/catalog.ts';
import { licenseOf } from '../../timeseries/licenses.ts';
import { ApiError } from '../api-error.ts';
import { CANONICAL_WINDOWS_TEXT, canonicalWindow } from '../canonical-window.ts';
import { parseDays } from '../days-param.ts';
import { queryParam, type Route } from './route.ts';

export const getChart: Route = {
  path: '/charts/{id}.svg',
  listed: 'document',
  cache: 'chart',
  spec: {
    operationId: 'getChart',
    summary: 'Embeddable SVG chart of a series',
    description:
      "A server-rendered SVG chart of one series (any of the 25 ids, or 'headline' for the model headline, or 'headline-gauge'). Stable URL, for embedding.",
    parameters: [
      {
        name: 'id',
        in: 'path',
        required: true,
        type: 'string',
        description: "Series id, 'headline' or 'headline-gauge'.",
      },
      {
        name: 'days',
        in: 'query',
        required: false,
        type: 'integer',
        description: `Trailing window in days, 1–4000. ${CANONICAL_WINDOWS_TEXT}`,
        minimum: 1,
        maximum: MAX_DAYS,
        default: DEFAULT_DAYS,
      },
      {
        name: 'style',
        in: 'query',
        required: false,
        type: 'string',
        description: 'line (default) or spark (axis-less thumbnail).',
        enum: ['line', 'spark'],
        default: 'line',
      },
    ],
    response: null,
    contentType: 'image/svg+xml',
    errors: ['invalid_parameter', 'not_found', 'values_withheld'],
    tag: 'documents',
  },
  handle: (request, { publication }) => {
    const { params, query } = request;
    const id = params.id!;
    if (!/^[a-z0-9-]+$/.test(id) || !(isIndicatorId(id) || id === 'headline' || id === 'headline-gauge')) {
      return new ApiError(
        'not_found',
        `No chart "${id.slice(0, 64)}.svg".`,
        'Charts are at /charts/{id}.svg for the 25 series ids, headline and headline-gauge.',
      );
    }
    const days = parseDays(queryParam(query, 'days'));
    if (!days.ok) return new ApiError('invalid_parameter', days.message, days.hint);
    const redirect = canonicalWindow(request, days.value);
    if (redirect) return redirect;
    const style = queryParam(query, 'style') ?? 'line';
    if (style !== 'line' && style !== 'spark') {
      return new ApiError(
        'invalid_parameter',
        `Invalid value for parameter "style": "${String(style).slice(0, 32)}".`,
        'style is line (default) or spark.',
      );
    }
    if (isIndicatorId(id) && licenseOf(seriesDef(id)!).redistribution !== 'full') {
      const license = licenseOf(seriesDef(id)!);
      return new ApiError(
        'values_withheld',
        `The values of "${id}" are not reproduced here: ${license.name}.`,
        `See them at the source, ${license.url}; /api/series/${id} serves the statistics and the licence.`,
      );
    }
    const chart = publication()?.site?.chart(id, days.value, style);
    return chart ?? new ApiError('not_found', `No data for chart "${id}" yet.`, 'Retry after the next refresh.');
  },
};
