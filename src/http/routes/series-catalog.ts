import { CACHE_CONTROL } from '../../publish/cache-policy.ts';
import { prepareJson } from '../../publish/prepared-response.ts';
import { catalog as catalogResource, searchCatalog } from '../../publish/resources/series/catalog.ts';
import { INDICATOR_COUNT } from '../../timeseries/catalog.ts';
import { ApiError } from '../errors/api-error.ts';
import { queryParameter } from '../params/query.ts';
import { publishedRoute } from './published.ts';
import { nothingPublished } from './route.ts';

/** GET /api/series: the catalog of every series, with `q` to search it. */
export const getSeriesCatalog = publishedRoute(catalogResource, {
  spec: {
    operationId: 'getSeriesCatalog',
    summary: 'Every series: what it is, its provider, terms and dates',
    description: `Every series this service stores — the ${INDICATOR_COUNT} indicators (indicator: true, served at url) and the inputs and benchmarks behind them (NFCI, the Coinbase bitcoin price…, in /api/bulk.zip when their terms allow) — with its unit, frequency, provider and provider id, licence and attribution, first and last date, when this service last saw a new value, and the estimated next release. \`q\` keeps the series matching every word given.`,
    parameters: [queryParameter('q')],
    errors: ['invalid_parameter', 'service_unavailable'],
    tag: 'series',
  },
  handle: ({ query }, { publication }) => {
    const catalog = publication()?.catalog;
    if (!catalog) return nothingPublished();
    const parsed = query.read();
    if (parsed instanceof ApiError) return parsed;
    const q = parsed.get('q');
    if (q === undefined) return catalog.response;
    // A filter over ~50 entries, answered as it is asked (not kept: any text may be asked).
    return prepareJson(searchCatalog(catalog.body, q), CACHE_CONTROL.series);
  },
});
