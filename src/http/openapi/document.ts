import type { TSchema } from '@sinclair/typebox';
import { CACHE_CONTROL } from '../../publish/cache-policy.ts';
import { ErrorEnvelope } from '../../publish/schemas/error.ts';
import { seriesDef } from '../../timeseries/catalog.ts';
import { everyInterval } from '../../timeseries/dates.ts';
import { DATA_LICENSE, licenseOf } from '../../timeseries/licenses.ts';
import { INDICATOR_IDS } from '../../timeseries/series.ts';
import { API_VERSION } from '../api-changelog.ts';
import { ApiError, errorReply } from '../errors/api-error.ts';
import { ERROR_CODES, type ErrorCode } from '../errors/codes.ts';
import { aliasParameter, definedFields, takesNoUnknownParameter } from '../params/query.ts';
import { type Route, TAGS } from '../routes/route.ts';

/**
 * The OpenAPI 3.1.0 document, generated from the route table and the same TypeBox schemas that type and
 * describe the responses. Every error a route can give is declared with the envelope schema; `examples` (real
 * response bodies from the current publication, trimmed) become each 200 response's example.
 */
export function buildOpenApi(
  routes: readonly Route[],
  baseUrl: string,
  examples: ReadonlyMap<string, unknown> | undefined,
  refreshHours: number,
): Record<string, unknown> {
  const schemas: Record<string, unknown> = Object.fromEntries([component(ErrorEnvelope)]);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const response = route.spec!.response;
    const [name, json] = response ? component(response) : [];
    if (name) schemas[name] = json;
    paths[route.path] = { get: operation(route, name, baseUrl, examples?.get(route.path)) };
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'usd-liquidity API',
      version: API_VERSION,
      summary: 'US-dollar liquidity indicators as a free, read-only JSON API.',
      description: `Read-only JSON over HTTP GET. No authentication. CORS: every response carries Access-Control-Allow-Origin: *. Every 200 carries a strong ETag; send If-None-Match to get 304. Every non-2xx response under /api carries the ErrorEnvelope. Methods other than GET, HEAD and OPTIONS get 405 with an Allow header. Series are refreshed from FRED, U.S. Treasury Fiscal Data, the New York Fed and a market-price source ${everyInterval(refreshHours)}. Every page of the site is also served as Markdown (append .md or send Accept: text/markdown).\n\nLicence: ${DATA_LICENSE.scope}\n\nTerms per series: ${INDICATOR_IDS.map((id) => `${id}: ${licenseOf(seriesDef(id)!).terms}`).join('; ')}.`,
      license: {
        name: 'CC0 1.0 Universal (what this service computes; inputs keep their terms)',
        identifier: 'CC0-1.0',
      },
      contact: { name: 'usd-liquidity', url: `${baseUrl}/about` },
    },
    externalDocs: { description: 'Human documentation', url: `${baseUrl}/docs` },
    servers: [{ url: baseUrl }],
    // No authentication anywhere (Redocly's security-defined rule asks for it to be said).
    security: [],
    tags: [...new Set(routes.map((r) => r.spec!.tag))].map((name) => ({ name, description: TAGS[name] })),
    paths,
    components: {
      schemas,
      headers: {
        CacheControl: { description: 'Caching policy of this endpoint.', schema: { type: 'string' } },
        ETag: { description: 'Strong entity tag of the body.', schema: { type: 'string' } },
        AccessControlAllowOrigin: { description: 'Always *.', schema: { type: 'string', const: '*' } },
        RetryAfter: { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 1 } },
        RateLimitPolicy: {
          description:
            'The per-client quota (IETF draft-ietf-httpapi-ratelimit-headers): q requests per w seconds, e.g. "per-address";q=600;w=60 (RATE_LIMIT_PER_MINUTE, 600 by default; absent when it is 0). A client is its address (an IPv6 one by its /64), or behind the operator\'s trusted proxies the address they report.',
          schema: { type: 'string' },
        },
        RateLimit: {
          description:
            'Where this client stands: r requests left, t seconds until the quota is whole again, e.g. "per-address";r=599;t=1 (absent when the limit is off).',
          schema: { type: 'string' },
        },
      },
    },
  };
}

function operation(
  route: Route,
  schema: string | undefined,
  baseUrl: string,
  example: unknown,
): Record<string, unknown> {
  const spec = route.spec!;
  const cacheControl = CACHE_CONTROL[route.cache];
  const mediaType = spec.contentType ?? 'application/json';
  const content = schema
    ? {
        [mediaType]: {
          schema: { $ref: `#/components/schemas/${schema}` },
          ...(example !== undefined ? { example } : {}),
        },
      }
    : { [mediaType]: { schema: { type: 'string' } } };
  // The CSV form (Accept: text/csv) is said in words, not as a second media type of this response: typed clients
  // (openapi-typescript + openapi-fetch) would type the body as JSON or string and fail on `data.meta`. Its own
  // URL (…​.csv) is an operation of its own, with its own media type.
  const alternate = spec.alternateContentType
    ? ` Send Accept: ${spec.alternateContentType} for the same data as ${spec.alternateContentType} (as ${route.path}.csv answers).`
    : '';
  const responses: Record<string, unknown> = {
    '200': {
      description: `${spec.summary}.${alternate}`,
      headers: {
        'Cache-Control': { $ref: '#/components/headers/CacheControl' },
        ETag: { $ref: '#/components/headers/ETag' },
        'Access-Control-Allow-Origin': { $ref: '#/components/headers/AccessControlAllowOrigin' },
        ...RATE_LIMIT_HEADERS,
      },
      content,
    },
    '304': { description: 'Not modified: the If-None-Match tag matches the current ETag.' },
  };
  const always = [
    ...(takesNoUnknownParameter(route.path) ? (['unknown_parameter'] as const) : []),
    'method_not_allowed',
    'rate_limited',
    'internal_error',
  ] as const;
  const byStatus = Map.groupBy(new Set([...spec.errors, ...always]), (code) => ERROR_CODES[code].status);
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: codes.map((code) => `${code}: ${ERROR_CODES[code].description}`).join(' '),
      ...(status === 429
        ? { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' }, ...RATE_LIMIT_HEADERS } }
        : {}),
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/ErrorEnvelope' },
          examples: Object.fromEntries(codes.map((code) => [code, { value: exampleError(code, baseUrl) }])),
        },
      },
    };
  }
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    description: `${spec.description}\n\nCache-Control: \`${cacheControl}\``,
    tags: [spec.tag],
    parameters: spec.parameters
      .flatMap((p) => [p, aliasParameter(p)].filter((q) => q !== undefined))
      .map((p) => ({
        name: p.name,
        in: p.in,
        required: p.required,
        description: p.description,
        schema: {
          type: p.type,
          ...definedFields({ enum: p.enum, minimum: p.minimum, maximum: p.maximum, default: p.default }),
        },
      })),
    responses,
  };
}

/** The rate limit's two fields, on every answer while it is on (rate-limit.ts). */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimitPolicy' },
  RateLimit: { $ref: '#/components/headers/RateLimit' },
};

/** The envelope as written (errorReply), with the code's meaning as its message. */
function exampleError(code: ErrorCode, baseUrl: string) {
  const error = new ApiError(code, ERROR_CODES[code].description, 'See the documentation.');
  return JSON.parse(errorReply(baseUrl, error).body);
}

/**
 * A response schema as a component: named by its $id, as the JSON Schema TypeBox's already is, without the $id
 * (the name says it) and TypeBox's symbols.
 */
function component(schema: TSchema): [name: string, json: Record<string, unknown>] {
  const { $id, ...json } = JSON.parse(JSON.stringify(schema));
  if (!$id) throw new Error('response schemas need an $id to be named in the OpenAPI document');
  return [$id, json];
}
