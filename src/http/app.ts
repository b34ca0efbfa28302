import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { CORS_HEADERS } from '../publish/prepared-response.ts';
import type { Publication } from '../publish/publication.ts';
import { ApiError, type ErrorReply, errorReply, truncate } from './api-error.ts';
import { clientKey, trustedProxyList } from './client-address.ts';
import { createDispatcher } from './dispatch.ts';
import { admitPipelined } from './pipelining-bound.ts';
import { createRateLimiter, type RateDecision } from './rate-limit.ts';
import { hostHeaderError, originForm } from './request-target.ts';
import { routeContext } from './route-context.ts';

// Taken from the module's CommonJS exports, not imported: an ES import of node:http makes Node evaluate every
// export, and its lazy WebSocket getters load undici — 35 ms of each cold start against 5 ms this way.
const { createServer, STATUS_CODES } = process.getBuiltinModule('node:http');

export interface AppDeps {
  config: {
    baseUrl: string;
    /** Per-address requests per minute; 0 or absent turns rate limiting off (the service's default is on: config.ts). */
    rateLimitPerMinute?: number;
    /** Addresses and CIDR ranges of the reverse proxies whose X-Forwarded-For names the client (client-address.ts). */
    trustedProxies?: readonly string[];
    /** How often the data is refreshed, in hours (from the schedule; 6 by default). */
    refreshIntervalHours?: number;
  };
  /** Source of the current publication; swapped by the publisher after each refresh. */
  publication: () => Publication | undefined;
  logger?: FastifyBaseLogger;
  /** The rate limit's clock, monotonic milliseconds (performance.now unless a test injects one). */
  clock?: () => number;
}

const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/**
 * HSTS for a service whose public address is https: browsers then never try it over plain HTTP for a year. Not
 * `includeSubDomains` nor `preload`: those bind the operator's other hosts, which are not this service's to decide.
 */
const HSTS = 'max-age=31536000';

/** The Strict-Transport-Security header of a service published at `baseUrl` (none over plain http). */
export function strictTransportSecurity(baseUrl: string): Record<string, string> {
  return baseUrl.startsWith('https:') ? { 'strict-transport-security': HSTS } : {};
}

/**
 * How long an idle keep-alive connection is kept (Node's default is 5 s, closed after 6): 65 s, the default Node
 * takes from version 26. A client reuses a pooled connection until its own timer says it expired; a client whose
 * thread is held longer than the server's limit cannot run that timer, and writes its next request onto a
 * connection the server has closed ("other side closed"). The MCP SDK's client holds its thread right after
 * tools/list, compiling every tool's output schema (~0.5 s idle, seconds on a loaded machine): issue 42 saw 9 of
 * 50 first calls fail that way (test/http/mcp-keep-alive.test.ts). Clients told `Keep-Alive: timeout=65` expire
 * their side a little earlier (undici: 2 s earlier). It is also longer than the idle timeout of most load balancers
 * (60 s), which would otherwise send a request on a connection the server is closing.
 */
export const KEEP_ALIVE_MS = 65_000;

/**
 * Builds the HTTP app used by both the server and the tests. Every GET and HEAD goes through the route table's
 * dispatcher — in front of Fastify on a real socket (the fast path), or through Fastify's one GET route (for
 * inject()). Fastify answers the rest: OPTIONS preflights, POST /mcp, other methods (405), unparseable requests;
 * every error under /api is the JSON envelope. What concerns the connection is settled on the socket first, for
 * every request whatever its method: the rate limit, Host, HSTS, the target's form (inject() bypasses these).
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { baseUrl } = deps.config;
  const perMinute = deps.config.rateLimitPerMinute ?? 0;
  const limiter = perMinute > 0 ? createRateLimiter(perMinute, deps.clock) : undefined;
  const trusted = trustedProxyList(deps.config.trustedProxies ?? []);
  const transport = strictTransportSecurity(baseUrl);
  const hsts = transport['strict-transport-security'];
  const context = routeContext(deps);
  const dispatcher = createDispatcher(context, deps.logger);
  const app = Fastify({
    serverFactory: (handler) => {
      // Node's own check (requireHostHeader) answers a bare 400 without a body; the service answers it here, with
      // the JSON envelope: RFC 9112 §3.2 — a server MUST answer 400 to an HTTP/1.1 request without Host.
      const server = createServer({ requireHostHeader: false }, (req, res) => {
        // Set first, so that every answer carries it: Node merges it into whatever head is written later.
        if (hsts) res.setHeader('strict-transport-security', hsts);
        if (!admitPipelined(req, res)) return;
        if (limiter) {
          const decision = limiter.take(clientKey(req, trusted));
          for (const [name, value] of Object.entries(decision.headers)) res.setHeader(name, value);
          if (!decision.allowed) {
            writeReply(res, errorReply(baseUrl, rateLimitedError(perMinute, decision)), false);
            return;
          }
        }
        const hostError = hostHeaderError(req);
        if (hostError) {
          writeReply(res, errorReply(baseUrl, hostError));
          return;
        }
        // Routed by path alone, here and in Fastify (whose router would not match an absolute target).
        if (req.url && req.url[0] !== '/') req.url = originForm(req.url);
        // The fast path: every GET and HEAD straight to the route table's dispatcher. Through Fastify's route
        // instead, small JSON costs twice the CPU per answer (0.45–0.52× a bare server against 0.65–0.89× this way,
        // `npm run bench`, docs/performance.md, issue 29).
        if (dispatcher.serve(req, res)) return;
        handler(req, res);
      });
      // A client that sends its request and half-closes (shuts its writing side) still waits for the answer. By
      // default Node's HTTP server ends such a socket at once, so an answer computed off the serving thread (a
      // chart, an asOf) was never written (issue 28: every "no response" of the fuzzer). With this switch Node
      // writes the pending answer, then ends the connection. `httpAllowHalfOpen` is Node's own property for this
      // (read by its HTTP server on the socket's end), undocumented: a test holds it (test/http/fast-path.test.ts).
      (server as typeof server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
      server.keepAliveTimeout = KEEP_ALIVE_MS;
      return server;
    },
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    // Per-request log lines cost more than serving a pre-built response; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 256 },
    // While closing, requests on open keep-alive connections are still answered normally (no bare 503).
    return503OnClosing: false,
    clientErrorHandler: (error, socket) => writeClientError(baseUrl, error, socket, transport),
    frameworkErrors: (error, _request, reply) =>
      sendError(
        reply,
        baseUrl,
        new ApiError('bad_request', `The request could not be parsed: ${error.message}`, 'Check the URL encoding.'),
      ),
  });
  answerUnroutableRequests(app, baseUrl, transport);
  app.route({
    method: ['GET', 'HEAD'],
    url: '*',
    exposeHeadRoute: false,
    handler: (request, reply) => {
      reply.hijack();
      dispatcher.respond(request.raw, reply.raw);
    },
  });
  // The MCP endpoint: JSON-RPC over POST (streamable HTTP, stateless). GET /mcp is in the route table (405).
  app.post('/mcp', async (request, reply) => {
    reply.hijack();
    // Browser MCP clients too: the SDK writes its head on top of these.
    for (const [name, value] of Object.entries(CORS_HEADERS)) reply.raw.setHeader(name, value);
    // The SDK is loaded on the first MCP request, not at start: most processes never see one.
    const { handleMcpRequest } = await import('./mcp.ts');
    await handleMcpRequest(context, request.raw, reply.raw, request.body);
  });
  app.options('*', preflight);
  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      baseUrl,
      new ApiError(
        'method_not_allowed',
        `Method ${truncate(request.method)} is not allowed.`,
        'This API is read-only: use GET (or HEAD, or OPTIONS for CORS preflight).',
        { allow: ALLOWED_METHODS },
      ),
    ),
  );
  app.setErrorHandler((error, request, reply) => sendError(reply, baseUrl, asApiError(error as Error, request)));
  return app;
}

/** The methods a preflight allows: POST on the MCP endpoint (JSON-RPC), else the read-only ones. */
const MCP_METHODS = 'POST, OPTIONS';

function preflight(request: FastifyRequest, reply: FastifyReply) {
  const requested = request.headers['access-control-request-headers'];
  const methods = request.url.split('?')[0]!.replace(/\/+$/, '') === '/mcp' ? MCP_METHODS : ALLOWED_METHODS;
  reply
    .code(204)
    .headers({
      ...CORS_HEADERS,
      'access-control-allow-methods': methods,
      'access-control-allow-headers':
        typeof requested === 'string' ? requested : 'If-None-Match, Accept, Accept-Encoding, Content-Type',
      'access-control-max-age': '86400',
      allow: methods,
      'cache-control': 'public, max-age=86400',
    })
    .send();
}

/** The 429 of a client over its quota: Retry-After says when one request is available again. */
function rateLimitedError(perMinute: number, decision: RateDecision): ApiError {
  const seconds = decision.retryAfterSeconds;
  return new ApiError(
    'rate_limited',
    `Too many requests from this address: ${perMinute} requests a minute are answered, and this minute's are used up.`,
    `Retry after ${seconds} s (Retry-After); the RateLimit header of every answer says how many are left. Answers change at most every refresh: keep them and revalidate with If-None-Match.`,
    { 'retry-after': String(seconds) },
  );
}

function asApiError(error: Error & { statusCode?: number; apiError?: ApiError }, request: FastifyRequest): ApiError {
  if (error.apiError) return error.apiError;
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError(
      'bad_request',
      `The request could not be processed: ${truncate(error.message, 200)}`,
      'Check the request.',
    );
  }
  request.log.error({ err: error, url: request.url }, 'unhandled error');
  return new ApiError('internal_error', 'An unexpected error occurred.', 'Retry later; if it persists, report it.');
}

function sendError(reply: FastifyReply, baseUrl: string, error: ApiError) {
  const rendered = errorReply(baseUrl, error);
  return reply.code(rendered.status).headers(rendered.headers).send(rendered.body);
}

/** CONNECT and Upgrade requests bypass the router; answer them with the envelope instead of dropping them. */
function answerUnroutableRequests(app: FastifyInstance, baseUrl: string, extraHeaders: Record<string, string>) {
  app.server.on('connect', (request, socket) =>
    writeRaw(
      socket,
      extraHeaders,
      errorReply(
        baseUrl,
        new ApiError(
          'method_not_allowed',
          `Method ${truncate(request.method ?? '')} is not allowed.`,
          'This API is read-only: use GET.',
          {
            allow: ALLOWED_METHODS,
          },
        ),
      ),
    ),
  );
  app.server.on('upgrade', (_request, socket) =>
    writeRaw(
      socket,
      extraHeaders,
      errorReply(
        baseUrl,
        new ApiError('bad_request', 'Protocol upgrades are not supported.', 'Use plain HTTP GET requests.'),
      ),
    ),
  );
}

/** An error answered before routing; `close` ends the connection after it (a request that cannot be trusted). */
function writeReply(res: ServerResponse, reply: ErrorReply, close = true): void {
  res.writeHead(reply.status, {
    ...reply.headers,
    'content-length': Buffer.byteLength(reply.body),
    ...(close ? { connection: 'close' } : {}),
  });
  res.end(reply.body);
}

/** Errors Node's HTTP parser raises before any route runs (oversized headers, malformed request lines). */
function writeClientError(
  baseUrl: string,
  error: Error & { code?: string },
  socket: Duplex,
  extraHeaders: Record<string, string>,
) {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const apiError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new ApiError(
          'headers_too_large',
          'The request line or headers are too large.',
          'Keep the URL and headers under 16 KiB.',
        )
      : new ApiError('bad_request', 'The request could not be parsed.', 'Send a well-formed HTTP/1.1 request.');
  writeRaw(socket, extraHeaders, errorReply(baseUrl, apiError));
}

function writeRaw(socket: Duplex, extraHeaders: Record<string, string>, reply: ErrorReply) {
  const body = Buffer.from(reply.body);
  const head = [
    `HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status] ?? 'Error'}`,
    ...Object.entries({
      ...reply.headers,
      ...extraHeaders,
      'content-length': String(body.length),
      connection: 'close',
    }).map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n');
  socket.end(Buffer.concat([Buffer.from(head), body]));
}

export { routeContext };
