import { type ChartAnswer, isModelChartId } from '../../publish/site-port.ts';
import { INDICATOR_COUNT, isIndicatorId } from '../../timeseries/catalog.ts';
import { admitFor } from '../answers/computed.ts';
import { CANONICAL_RANGE_TEXT, CANONICAL_WINDOWS_TEXT, canonicalRange, canonicalWindow } from '../canonical-window.ts';
import { ApiError, truncate } from '../errors/api-error.ts';
import { queryParameter } from '../params/query.ts';
import { parseChartQuery } from '../params/window.ts';
import { valuesWithheld } from '../series/errors.ts';
import { type Answer, nothingPublished, type Route } from './route.ts';

const chartRoute = (format: 'svg' | 'png'): Route => ({
  path: `/charts/{id}.${format}`,
  listed: 'document',
  cache: 'chart',
  spec: {
    operationId: format === 'svg' ? 'getChart' : 'getChartPng',
    summary: format === 'svg' ? 'Embeddable SVG chart of a series' : 'The same chart as PNG',
    description:
      format === 'svg'
        ? `A server-rendered SVG chart of one series (any of the ${INDICATOR_COUNT} ids), or of the model: 'headline' (any window), 'headline-gauge', 'headline-regimes' (the whole history, shaded by regime status) and 'subindex-{group}' for each group sub-index over the whole history (policy, funding, credit, risk, backstops; 404 for a group the current model version does not have), 'net-liquidity-vs-btc' and 'headline-vs-btc' (liquidity against the bitcoin price on a second axis; the S&P 500, Nasdaq-100 and gold prices are not drawn: their terms forbid it), and '{net-liquidity|headline}-correlation-{spx|qqq|btc|gold}' (the 52-week rolling correlation of the measure's weekly change with the asset's weekly return over the whole history, −1…1, the band within chance shaded; a statistic, drawn for every asset). Stable URL, for embedding.`
        : 'The SVG chart rasterized at twice its size (for documents and sites that do not show SVG; the Open Graph image of the pages).',
    parameters: [
      {
        name: 'id',
        in: 'path',
        required: true,
        type: 'string',
        description:
          "Series id, 'headline', 'headline-gauge', 'headline-regimes', 'subindex-{group}', 'net-liquidity-vs-btc', 'headline-vs-btc' or '{net-liquidity|headline}-correlation-{asset}'.",
      },
      queryParameter('days', CANONICAL_WINDOWS_TEXT),
      queryParameter('start', CANONICAL_RANGE_TEXT),
      queryParameter('end'),
      queryParameter('compare'),
      queryParameter('style'),
    ],
    response: null,
    contentType: format === 'svg' ? 'image/svg+xml' : 'image/png',
    errors: ['invalid_parameter', 'not_found', 'values_withheld', 'busy', 'service_unavailable'],
    tag: 'documents',
  },
  handle: (request, context) => {
    const { params, query } = request;
    const id = params.id!;
    if (!/^[a-z0-9-]+$/.test(id) || !(isIndicatorId(id) || isModelChartId(id))) {
      return new ApiError(
        'not_found',
        `No chart "${truncate(id)}.${format}".`,
        `Charts are at /charts/{id}.${format} for the ${INDICATOR_COUNT} series ids, headline, headline-gauge, headline-regimes, subindex-{group}, net-liquidity-vs-btc, headline-vs-btc and {net-liquidity|headline}-correlation-{spx|qqq|btc|gold}.`,
      );
    }
    const parsed = query.read();
    if (parsed instanceof ApiError) return parsed;
    const chartQuery = parseChartQuery(parsed, id, isIndicatorId(id));
    if (chartQuery instanceof ApiError) return chartQuery;
    const window = chartQuery.window;
    const redirect = window && (canonicalWindow(request, window) ?? canonicalRange(request, window));
    if (redirect) return redirect;
    const style = parsed.get('style');
    const withheld = [id, chartQuery.compare].flatMap((s) => (s ? [valuesWithheld(s)] : [])).find(Boolean);
    if (withheld) return withheld;
    const publication = context.publication();
    if (!publication) return nothingPublished();
    if (!publication.site) return chartAnswer(id, undefined);
    const admit = admitFor(request, context, publication);
    const chart = publication.site.chart(id, chartQuery, style, format, request.connection?.(), admit);
    return chart instanceof Promise ? chart.then((drawn) => chartAnswer(id, drawn)) : chartAnswer(id, chart);
  },
});

/** How long a client told `busy` waits: a queue of charts is drawn in well under a second. */
const BUSY_RETRY_SECONDS = 1;

function chartAnswer(id: string, chart: ChartAnswer): Answer {
  if (chart === 'busy') {
    return new ApiError(
      'busy',
      `Too many charts are being drawn; "${id}" was not started.`,
      `Retry in ${BUSY_RETRY_SECONDS} second; charts already drawn are served at once.`,
      { 'retry-after': String(BUSY_RETRY_SECONDS) },
    );
  }
  return chart ?? new ApiError('not_found', `No data for chart "${id}" yet.`, 'Retry after the next refresh.');
}

export const getChart = chartRoute('svg');
export const getChartPng = chartRoute('png');
