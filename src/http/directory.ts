import { seriesDef } from '../timeseries/catalog.ts';
import { DATA_LICENSE, licenseOf } from '../timeseries/licenses.ts';
import { INDICATOR_IDS } from '../timeseries/series.ts';
import { ERROR_CODES } from './error-codes.ts';
import { errorReply } from './errors.ts';
import type { RouteSpec } from './routes.ts';
import type { Directory } from './schemas/directory.ts';

export const API_VERSION = '1.1.0';

/** The /api directory, generated from the same route table that serves requests. */
export function buildDirectory(routes: readonly RouteSpec[], baseUrl: string): Directory {
  const example = JSON.parse(
    errorReply(
      baseUrl,
      'unknown_series',
      'Unknown series id "tgaa".',
      `Use one of: ${INDICATOR_IDS.join(', ')}. See ${baseUrl}/api.`,
    ).body,
  );
  return {
    name: 'usd-liquidity API',
    description:
      'Free, read-only JSON API of US-dollar liquidity indicators: 25 daily series, a liquidity regime, a three-axis lens, market correlations and a headline history. No authentication; CORS-enabled; refreshed every 6 hours. Licence: see `license` (CC0-1.0 for what this service computes; inputs keep their upstream terms).',
    version: API_VERSION,
    baseUrl,
    endpoints: routes.map((route) => ({
      method: route.method,
      path: route.path,
      url: `${baseUrl}${route.path}`,
      operationId: route.operationId,
      summary: route.summary,
      description: route.description,
      parameters: route.parameters.map((p) => ({ ...p })),
      cacheControl: route.cacheControl,
      errors: [...route.errors],
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
