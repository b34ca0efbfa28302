import { CACHE_CONTROL } from '../publish/cache-policy.ts';
import type { Directory } from '../publish/schemas/directory.ts';
import { INDICATOR_COUNT, INDICATOR_FREQUENCIES, seriesDef } from '../timeseries/catalog.ts';
import { everyInterval } from '../timeseries/dates.ts';
import { DATA_LICENSE, licenseOf } from '../timeseries/licenses.ts';
import { INDICATOR_IDS } from '../timeseries/series.ts';
import { API_VERSION } from './api-changelog.ts';
import { errorReply } from './errors/api-error.ts';
import { ERROR_CODES } from './errors/codes.ts';
import type { Route } from './routes/route.ts';
import { unknownSeries } from './series/errors.ts';

/** The /api directory, generated from the same route table that serves requests. */
export function buildDirectory(routes: readonly Route[], baseUrl: string, refreshHours: number): Directory {
  // The answer a mistyped id really gets (GET /api/series/tgaa), not a second wording of it.
  const example = JSON.parse(errorReply(baseUrl, unknownSeries('tgaa', baseUrl)!).body);
  return {
    name: 'usd-liquidity API',
    description: `Free, read-only JSON API of US-dollar liquidity indicators: ${INDICATOR_COUNT} series (${INDICATOR_FREQUENCIES}), a liquidity regime, a three-axis lens, market correlations and a headline history. No authentication; CORS-enabled; refreshed ${everyInterval(refreshHours)}. Licence: see \`license\` (CC0-1.0 for what this service computes; inputs keep their upstream terms).`,
    version: API_VERSION,
    baseUrl,
    endpoints: routes.map((route) => ({
      method: 'GET' as const,
      path: route.path,
      url: `${baseUrl}${route.path}`,
      operationId: route.spec!.operationId,
      summary: route.spec!.summary,
      description: route.spec!.description,
      parameters: route.spec!.parameters.map((p) => ({ ...p })),
      cacheControl: CACHE_CONTROL[route.cache],
      errors: [...route.spec!.errors],
    })),
    errorEnvelope: {
      description:
        'Every non-2xx response under /api is JSON: {"error":{"code","message","hint","docs"},"status"}. code is stable snake_case; status repeats the HTTP status.',
      example,
      codes: Object.entries(ERROR_CODES).map(([code, spec]) => ({
        code,
        status: spec.status,
        description: spec.description,
      })),
    },
    discovery: {
      openapi: `${baseUrl}/openapi.json`,
      openapiWellKnown: `${baseUrl}/.well-known/openapi.json`,
      docs: `${baseUrl}/docs`,
      mcp: `${baseUrl}/mcp`,
      bulk: `${baseUrl}/api/bulk.zip`,
      feed: `${baseUrl}/feed.xml`,
    },
    seriesIds: [...INDICATOR_IDS],
    license: {
      ...DATA_LICENSE,
      series: INDICATOR_IDS.map((id) => {
        const license = licenseOf(seriesDef(id)!);
        return { id, terms: license.terms, redistribution: license.redistribution };
      }),
    },
  };
}
