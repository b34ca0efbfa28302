import { INDICATOR_COUNT } from '../../timeseries/catalog.ts';
import { CATALOG_ID_PARAMETER, unknownCatalogSeries } from '../series/errors.ts';
import { getSeriesCsv, seriesCsvRoute } from './csv.ts';
import type { Answer, OperationSpec, Route, RouteContext, RouteRequest } from './route.ts';
import { getSeries, seriesJsonAnswer } from './series.ts';
import { getSeriesXlsx, seriesXlsxAnswer } from './spreadsheet.ts';

/*
 * /api/data/{id}: every series of the catalog — the model's inputs (effr-iorb, reserve-ratio, fed-repo…), the
 * benchmarks, and the indicators too — with the windows, transforms, point in time and provenance of
 * /api/series/{id}, whose indicator ids and 404 for any other the contract fixes (a model anyone can rebuild needs
 * its inputs downloadable). The handlers are /api/series/{id}'s own; only the ids accepted differ.
 */

/** The /api/data/{id} form of a /api/series/{id} route: its parameters, errors and answer, for any catalog id. */
function catalogRoute(
  seriesRoute: Route,
  answer: (id: string, request: RouteRequest, context: RouteContext) => Answer | Promise<Answer>,
  spec: Pick<OperationSpec, 'operationId' | 'summary' | 'description'>,
): Route {
  const [, ...parameters] = seriesRoute.spec!.parameters;
  return {
    ...seriesRoute,
    path: seriesRoute.path.replace('/api/series/', '/api/data/'),
    spec: { ...seriesRoute.spec!, ...spec, parameters: [CATALOG_ID_PARAMETER, ...parameters] },
    handle: (request, context) =>
      unknownCatalogSeries(request.params.id!, context.baseUrl) ?? answer(request.params.id!, request, context),
  };
}

export const getData = catalogRoute(getSeries, seriesJsonAnswer, {
  operationId: 'getData',
  summary: 'Any series of the catalog, model inputs included, as a time series',
  description: `Any series of the catalog (GET /api/series: the ${INDICATOR_COUNT} indicators, the model’s other inputs such as effr-iorb, reserve-ratio or fed-repo, and the benchmarks) exactly as /api/series/{id} answers an indicator: the same windows (days, start, end), order (sort, limit, offset), FRED-style transforms (units, frequency, aggregation: meta.unit and meta.frequency then give the values’ unit and frequency), point in time (asOf) and provenance; \`Accept: text/csv\` answers the CSV. A series whose upstream terms forbid reproducing its values (meta.license.redistribution statistics-only) answers its statistics and licence with empty data, and values_withheld as CSV or xlsx.`,
});

export const getDataCsv = catalogRoute(getSeriesCsv, seriesCsvRoute, {
  operationId: 'getDataCsv',
  summary: 'Any series of the catalog as CSV',
  description:
    'The observations of any series of the catalog as /api/series/{id}.csv gives an indicator’s: `date,value_<unit>` (RFC 4180, CRLF, a header row); with a transform the column names the unit of the values and the transform as FRED’s do (`value_percent_pc1`, `value_usd_bn_m_avg`). Series whose upstream terms forbid reproduction answer values_withheld, saying why.',
});

export const getDataXlsx = catalogRoute(getSeriesXlsx, seriesXlsxAnswer, {
  operationId: 'getDataXlsx',
  summary: 'Any series of the catalog as an Excel workbook',
  description:
    'The rows /api/data/{id}.csv answers for the same parameters, as an xlsx workbook with a Notes sheet (unit and frequency after any transform, source, licence, how to cite it), as /api/series/{id}.xlsx gives an indicator. Series whose upstream terms forbid reproduction answer values_withheld; past the bound of work computed on demand (a fair share per client), 503 service_unavailable with Retry-After.',
});
