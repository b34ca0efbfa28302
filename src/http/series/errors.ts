import { type HealthBody, lastRefreshFailure } from '../../publish/resources/health.ts';
import { seriesUrl } from '../../publish/resources/series/catalog.ts';
import type { Parameter } from '../../publish/schemas/directory.ts';
import { INDICATOR_COUNT, isIndicatorId, seriesDef } from '../../timeseries/catalog.ts';
import { licenseOf } from '../../timeseries/licenses.ts';
import { CATALOG, INDICATOR_IDS } from '../../timeseries/series.ts';
import { ApiError, truncate } from '../errors/api-error.ts';
import { NO_DATA_RETRY_SECONDS } from '../errors/codes.ts';

/**
 * What every per-series route (JSON, CSV, vintages, feed, chart) says about its `id`, once: the documented path
 * parameter and the three refusals — an unknown id, values the provider forbids reproducing, nothing stored yet.
 */
function idParameter(ids: string[], description: string): Parameter {
  return { name: 'id', in: 'path', required: true, type: 'string', description, enum: ids };
}

export const SERIES_ID_PARAMETER = idParameter(
  [...INDICATOR_IDS],
  `Series id; one of the ${INDICATOR_COUNT} tracked ids.`,
);

/** The path parameter of /api/data/{id}: any series of the catalog (GET /api/series lists them). */
export const CATALOG_ID_PARAMETER = idParameter(
  CATALOG.map((def) => def.id),
  `Series id: any id of the catalog (GET /api/series) — the ${INDICATOR_COUNT} indicators and the model’s other inputs and benchmarks (effr-iorb, reserve-ratio, fed-repo, sofr, effr, treasury-10y…).`,
);

/** The first ids of the catalog, the examples an unknown id's hint gives. */
const CATALOG_EXAMPLES = CATALOG.slice(0, 3)
  .map((def) => def.id)
  .join(', ');

/** The refusal of an id that is not in the catalog, or undefined when it is (/api/data/{id}, the many-series downloads). */
export function unknownCatalogSeries(id: string, baseUrl: string): ApiError | undefined {
  if (seriesDef(id)) return undefined;
  return new ApiError(
    'unknown_series',
    `Unknown series id "${truncate(id)}".`,
    `Use an id of the catalog, listed with its terms at ${baseUrl}/api/series (${CATALOG.length} series, e.g. ${CATALOG_EXAMPLES}). The directory at ${baseUrl}/api lists every endpoint.`,
  );
}

/** The refusal of an id that is not an indicator, or undefined when it is. */
export function unknownSeries(id: string, baseUrl: string): ApiError | undefined {
  if (isIndicatorId(id)) return undefined;
  return new ApiError(
    'unknown_series',
    `Unknown series id "${truncate(id)}".`,
    `Use one of the ${INDICATOR_COUNT} series ids: ${INDICATOR_IDS.join(', ')}. ${seriesDef(id) ? `"${id}" is in the catalog: it is served at ${baseUrl}/api/data/${id}.` : `Every other series of the catalog (${baseUrl}/api/series) is served at ${baseUrl}/api/data/{id}.`} The directory at ${baseUrl}/api lists every endpoint.`,
  );
}

/** The refusal of a series whose upstream terms forbid reproducing its values, or undefined when they allow it. */
export function valuesWithheld(id: string): ApiError | undefined {
  const def = seriesDef(id);
  if (!def) return undefined;
  const license = licenseOf(def);
  if (license.redistribution === 'full') return undefined;
  return new ApiError(
    'values_withheld',
    `The values of "${id}" are not reproduced here: its upstream terms forbid it (${license.name}).`,
    `See them at the source, ${license.url}; ${seriesUrl('', id)} serves the statistics and the licence.`,
  );
}

/** What a publication knows of a series' refreshes: its health (publish/resources/health.ts). */
interface RefreshOutcomes {
  health: { body: Pick<HealthBody, 'sources'> };
}

/**
 * Nothing stored yet for a known series. When the publication's health says its last refresh failed — the provider
 * sent nothing, or an error — the answer says so, instead of suggesting the first refresh may still be running.
 */
export function seriesUnavailable(id: string, publication?: RefreshOutcomes): ApiError {
  const failed = publication ? lastRefreshFailure(publication.health.body, id) : null;
  return new ApiError(
    'series_unavailable',
    failed
      ? `No data has been stored for "${id}": its last refresh failed (${failed}).`
      : `No data has been stored for "${id}" yet.`,
    failed
      ? `The provider may not publish this series now; each refresh tries again (/api/health says when the next one runs). Retry after ${NO_DATA_RETRY_SECONDS} s at the earliest.`
      : `The first refresh may still be running, or the provider has not answered; retry after ${NO_DATA_RETRY_SECONDS} s and check /api/health for status.`,
    { 'retry-after': String(NO_DATA_RETRY_SECONDS) },
  );
}
