import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type { Config } from '../config.ts';
import { type PreparedResponse, prepareJson } from '../publish/prepared-response.ts';
import type { Publication } from '../publish/publication.ts';
import { isIndicatorId } from '../timeseries/catalog.ts';
import { INDICATOR_IDS } from '../timeseries/series.ts';
import { parseDays, truncate } from './days-param.ts';
import { buildDirectory } from './directory.ts';
import type { ErrorCode } from './error-codes.ts';
import { type ErrorReply, errorReply } from './errors.ts';
import { createFastPath } from './fast-path.ts';
import { parseLang } from './lang-param.ts';
import { buildOpenApi } from './openapi.ts';
import { DIRECTORY_CACHE_CONTROL, DOCUMENT_ROUTES, ROUTES } from './routes.ts';
import { notFoundPage, registerSiteRoutes, SITE_DOCUMENTS, wantsPage } from './site-routes.ts';
import { writePrepared } from './write-prepared.ts';

export interface AppDeps {
  config: Pick<Config, 'baseUrl'> & Partial<Pick<Config, 'rateLimitPerMinute'>>;
  /** Source of the current publication; swapped by the publisher after each refresh. */
  publication: () => Publication | undefined;
  logger?: FastifyBaseLogger;
}

const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';
const OPENAPI_CACHE_CONTROL = 'public, max-age=3600';

/**
 * Builds the HTTP app used by both the server and the tests. Handlers only choose a pre-built response;
 * every error under /api is the JSON envelope.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { baseUrl } = deps.config;
  const rateLimited = Boolean(deps.config.rateLimitPerMinute && deps.config.rateLimitPerMinute > 0);
  let fastPath: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined;
  const app = Fastify({
    serverFactory: (handler) =>
      createServer((req, res) => {
        if (fastPath?.(req, res)) return;
        handler(req, res);
      }),
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    // Per-request log lines cost more than serving a pre-built response; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 256 },
    // While closing, requests on open keep-alive connections are still answered normally (no bare 503).
    return503OnClosing: false,
    clientErrorHandler: (error, socket) => writeClientError(baseUrl, error, socket),
    frameworkErrors: (error, _request, reply) => {
      sendError(
        reply,
        errorReply(
          baseUrl,
          'bad_request',
          `The request could not be parsed: ${error.message}`,
          'Check the URL encoding.',
        ),
      );
    },
  });

  // CONNECT and Upgrade requests bypass the router; answer them with the envelope instead of dropping them.
  app.server.on('connect', (request, socket) => {
    writeRaw(
      socket,
      errorReply(
        baseUrl,
        'method_not_allowed',
        `Method ${truncate(request.method ?? '')} is not allowed.`,
        'This API is read-only: use GET.',
        { allow: ALLOWED_METHODS },
      ),
    );
  });
  app.server.on('upgrade', (_request, socket) => {
    writeRaw(
      socket,
      errorReply(baseUrl, 'bad_request', 'Protocol upgrades are not supported.', 'Use plain HTTP GET requests.'),
    );
  });

  if (deps.config.rateLimitPerMinute && deps.config.rateLimitPerMinute > 0) {
    const { default: rateLimit } = await import('@fastify/rate-limit');
    await app.register(rateLimit, {
      max: deps.config.rateLimitPerMinute,
      timeWindow: 60_000,
      errorResponseBuilder: (_request, context) => {
        const error = new Error('rate limited') as Error & { rateLimited: true; retryAfterSeconds: number };
        error.rateLimited = true;
        error.retryAfterSeconds = Math.ceil(context.ttl / 1000);
        return error;
      },
    });
  }

  const directory = prepareJson(buildDirectory(ROUTES, baseUrl), DIRECTORY_CACHE_CONTROL);
  // The OpenAPI document carries real responses of the current publication as examples: built once per
  // publication (on first request after a refresh), then served as bytes.
  let openapi: { version: number; response: PreparedResponse } | undefined;
  const openapiFor = () => {
    const publication = deps.publication();
    const version = publication?.version ?? 0;
    if (!openapi || openapi.version !== version) {
      const document = buildOpenApi([...ROUTES, ...DOCUMENT_ROUTES], baseUrl, publication?.site?.examples);
      openapi = { version, response: prepareJson(document, OPENAPI_CACHE_CONTROL) };
    }
    return openapi.response;
  };
  const fail = (
    reply: FastifyReply,
    code: ErrorCode,
    message: string,
    hint: string,
    headers?: Record<string, string>,
  ) => sendError(reply, errorReply(baseUrl, code, message, hint, headers));

  app.get('/api', (request, reply) => sendPrepared(request, reply, directory));
  if (!rateLimited)
    fastPath = createFastPath({
      publication: deps.publication,
      directory,
      openapi: openapiFor,
      documents: SITE_DOCUMENTS,
    });

  app.get('/openapi.json', (request, reply) => sendPrepared(request, reply, openapiFor()));
  app.get('/.well-known/openapi.json', (request, reply) => sendPrepared(request, reply, openapiFor()));

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>('/api/series/:id', (request, reply) => {
    const { id } = request.params;
    if (!isIndicatorId(id)) {
      return fail(
        reply,
        'unknown_series',
        `Unknown series id "${truncate(id)}".`,
        `Use one of the 25 series ids: ${INDICATOR_IDS.join(', ')}. The directory at ${baseUrl}/api lists every endpoint.`,
      );
    }
    const days = parseDays(request.query.days);
    if (!days.ok) return fail(reply, 'invalid_parameter', days.message, days.hint);
    const series = deps.publication()?.series.get(id);
    if (!series) {
      return fail(
        reply,
        'series_unavailable',
        `No data has been stored for "${id}" yet.`,
        'The first refresh may still be running, or the provider has not answered; retry in a minute and check /api for status.',
        { 'retry-after': '60' },
      );
    }
    return sendPrepared(request, reply, series.forDays(days.value));
  });

  const resource = (
    path: string,
    pick: (p: Publication) => PreparedResponse | undefined,
    code: ErrorCode,
    what: string,
  ) =>
    app.get(path, (request, reply) => {
      const publication = deps.publication();
      const prepared = publication && pick(publication);
      if (prepared) return sendPrepared(request, reply, prepared);
      const cause =
        (code === 'correlation_unavailable' ? publication?.correlationError : undefined) ?? publication?.modelError;
      request.log.error({ cause: cause ?? 'no publication yet' }, `${what} unavailable`);
      return fail(
        reply,
        code,
        `The ${what} could not be computed: ${cause ?? 'no data has been stored yet'}.`,
        'Retry after the next refresh (every 6 hours); /api/series/{id} serves the stored series meanwhile.',
      );
    });
  resource('/api/regime', (p) => p.regime, 'regime_unavailable', 'regime');
  resource('/api/history', (p) => p.history, 'history_unavailable', 'history');
  resource('/api/model', (p) => p.modelDescription, 'model_unavailable', 'model description');
  resource('/api/correlation', (p) => p.correlation, 'correlation_unavailable', 'correlation statistics');
  resource('/api/snapshot', (p) => p.site?.snapshot, 'snapshot_unavailable', 'snapshot');
  app.get('/api/health', (request, reply) => {
    const health = deps.publication()?.site?.health;
    if (health) return sendPrepared(request, reply, health);
    return fail(
      reply,
      'service_unavailable',
      'Nothing has been published yet.',
      'The service is starting; retry in a minute.',
      { 'retry-after': '30' },
    );
  });
  registerSiteRoutes(app, deps.publication, sendPrepared, fail);

  app.get<{ Querystring: Record<string, unknown> }>('/api/lens', (request, reply) => {
    const lang = parseLang(request.query.lang);
    if (!lang.ok) return fail(reply, 'invalid_parameter', lang.message, lang.hint);
    const publication = deps.publication();
    const prepared = publication?.lens?.get(lang.value);
    if (prepared) return sendPrepared(request, reply, prepared);
    return fail(
      reply,
      'lens_unavailable',
      `The lens could not be computed: ${publication?.lensError ?? 'no data has been stored yet'}.`,
      'Retry after the next refresh (every 6 hours).',
    );
  });

  app.options('/*', (request, reply) => {
    const requested = request.headers['access-control-request-headers'];
    reply
      .code(204)
      .headers({
        'access-control-allow-origin': '*',
        'access-control-allow-methods': ALLOWED_METHODS,
        'access-control-allow-headers':
          typeof requested === 'string' ? requested : 'If-None-Match, Accept, Accept-Encoding',
        'access-control-max-age': '86400',
        allow: ALLOWED_METHODS,
        'cache-control': 'public, max-age=86400',
      })
      .send();
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method)) {
      return fail(
        reply,
        'method_not_allowed',
        `Method ${truncate(request.method)} is not allowed.`,
        'This API is read-only: use GET (or HEAD, or OPTIONS for CORS preflight).',
        { allow: ALLOWED_METHODS },
      );
    }
    if (!(path === '/api' || path.startsWith('/api/')) && !wantsPage(request, path)) {
      return fail(reply, 'not_found', `Nothing at ${truncate(path)}.`, `The API directory is at ${baseUrl}/api.`);
    }
    if (path === '/api' || path.startsWith('/api/')) {
      return fail(
        reply,
        'endpoint_not_found',
        `No endpoint at ${truncate(path)}.`,
        `See the directory of endpoints at ${baseUrl}/api.`,
      );
    }
    return notFoundPage(request, reply, path);
  });

  app.setErrorHandler(
    (error: Error & { statusCode?: number; rateLimited?: boolean; retryAfterSeconds?: number }, request, reply) => {
      if (error.rateLimited) {
        return fail(
          reply,
          'rate_limited',
          'Too many requests from this address.',
          `Wait ${error.retryAfterSeconds} s and retry; cache responses by their ETag.`,
          {
            'retry-after': String(error.retryAfterSeconds),
          },
        );
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return fail(
          reply,
          'bad_request',
          `The request could not be processed: ${truncate(error.message, 200)}`,
          'Check the request.',
        );
      }
      request.log.error({ err: error, url: request.url }, 'unhandled error');
      return fail(reply, 'internal_error', 'An unexpected error occurred.', 'Retry later; if it persists, report it.');
    },
  );

  return app;
}

/** Writes a pre-built response (see writePrepared), taking the reply out of Fastify's hands. */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, prepared: PreparedResponse) {
  reply.hijack();
  writePrepared(request.headers, reply.raw, prepared);
}

/** Errors Node's HTTP parser raises before any route runs (oversized headers, malformed request lines). */
function writeClientError(baseUrl: string, error: Error & { code?: string }, socket: Duplex) {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const reply =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? errorReply(
          baseUrl,
          'headers_too_large',
          'The request line or headers are too large.',
          'Keep the URL and headers under 16 KiB.',
        )
      : errorReply(baseUrl, 'bad_request', 'The request could not be parsed.', 'Send a well-formed HTTP/1.1 request.');
  writeRaw(socket, reply);
}

function writeRaw(socket: Duplex, reply: ErrorReply) {
  const body = Buffer.from(reply.body);
  const head = [
    `HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status] ?? 'Error'}`,
    ...Object.entries({ ...reply.headers, 'content-length': String(body.length), connection: 'close' }).map(
      ([k, v]) => `${k}: ${v}`,
    ),
    '',
    '',
  ].join('\r\n');
  socket.end(Buffer.concat([Buffer.from(head), body]));
}

function sendError(reply: FastifyReply, error: ErrorReply) {
  return reply.code(error.status).headers(error.headers).send(error.body);
}
