import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { type Logger, pino } from 'pino';
import { CORS_HEADERS } from '../publish/prepared-response.ts';
import { addAnswerHeaders, answerHeaders } from './answers/headers.ts';
import { clientKey, trustedProxyList } from './client-address.ts';
import { ApiError, truncate, writeError } from './errors/api-error.ts';
import { admitPipelined } from './pipelining-bound.ts';
import { createRateLimiter, type RateDecision } from './rate-limit.ts';
import { readJsonBody } from './request-body.ts';
import { hostHeaderError, originForm } from './request-target.ts';
import type { RouteContext } from './routes/route.ts';
import { type RouteContextDeps, routeContext } from './routing/context.ts';
import { createDispatcher } from './routing/dispatch.ts';

// Taken from the module's CommonJS exports, not imported: an ES import of node:http makes Node evaluate every
// export, and its lazy WebSocket getters load undici: a large share of each cold start.
const { createServer } = process.getBuiltinModule('node:http');

export interface AppDeps extends RouteContextDeps {
  config: RouteContextDeps['config'] & {
    /** Per-address requests per minute; 0 or absent turns rate limiting off (the service's default is on: config.ts). */
    rateLimitPerMinute?: number;
    /** Addresses and CIDR ranges of the reverse proxies whose X-Forwarded-For names the client (client-address.ts). */
    trustedProxies?: readonly string[];
  };
  logger?: Logger;
  /** The rate limit's clock, monotonic milliseconds (performance.now unless a test injects one). */
  clock?: () => number;
}

/** The HTTP service: one node:http server whose one request handler answers everything. */
export interface App {
  readonly server: Server;
  readonly log: Logger;
  /** The request listener (what the server calls; the tests inject requests into it). */
  readonly handle: (req: IncomingMessage, res: ServerResponse) => void;
  /** Listens; resolves with the address, e.g. http://127.0.0.1:8080. */
  listen(options: { port: number; host?: string }): Promise<string>;
  /** Stops accepting; requests in flight complete (their connections then close); idle connections close now. */
  close(): Promise<void>;
}

const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';
/** The methods a preflight allows: POST on the MCP endpoint (JSON-RPC), else the read-only ones. */
const MCP_METHODS = 'POST, OPTIONS';

/**
 * How long an idle keep-alive connection is kept: 65 s (Node 26's default; before it 5 s). A client whose thread
 * is held past the server's limit (the MCP SDK's client, compiling every tool's output schema after tools/list)
 * cannot run its own expiry timer, and writes its next request onto a connection the server has closed
 * (test/http/mcp/keep-alive.test.ts). Clients told `Keep-Alive: timeout=65` expire their side a little earlier;
 * it is also longer than most load balancers' idle timeout (60 s), which would otherwise reuse a closing connection.
 */
export const KEEP_ALIVE_MS = 65_000;

/**
 * HSTS for a service whose public address is https: browsers then never try it over plain HTTP for a year. Not
 * `includeSubDomains` nor `preload`: those bind the operator's other hosts, which are not this service's to decide.
 */
const HSTS = { 'strict-transport-security': 'max-age=31536000' };

/**
 * Builds the HTTP service used by both the server and the tests: a node:http server and one handler. Every GET and
 * HEAD goes to the route table's dispatcher; OPTIONS is a CORS preflight; POST /mcp is the MCP endpoint; any other
 * method is 405. Before any of them, per connection and per client: the pipelining bound, the rate limit and the
 * Host check. One stack: a framework in front of this handler cost half the throughput on small JSON
 * (docs/performance.md) and added nothing the handler does not do.
 */
export function buildApp(deps: AppDeps): App {
  const { baseUrl } = deps.config;
  const log = deps.logger ?? pino({ level: 'silent' });
  const perMinute = deps.config.rateLimitPerMinute ?? 0;
  const limiter = perMinute > 0 ? createRateLimiter(perMinute, deps.clock) : undefined;
  const trusted = trustedProxyList(deps.config.trustedProxies ?? []);
  // None over plain http.
  const hsts = baseUrl.startsWith('https:') ? HSTS : undefined;
  const context = routeContext(deps);
  const clientOf = (req: IncomingMessage) => clientKey(req, trusted);
  const dispatcher = createDispatcher(context, log, undefined, clientOf);
  let closing = false;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    // Kept beside the response for every answer's head (answers/headers.ts: setHeader here would cost every answer).
    if (hsts) addAnswerHeaders(res, hsts);
    // While closing, requests on open keep-alive connections are still answered, and their connection then ends.
    if (closing) addAnswerHeaders(res, { connection: 'close' });
    if (!admitPipelined(req, res)) return;
    if (limiter) {
      const decision = limiter.take(clientOf(req));
      addAnswerHeaders(res, decision.headers);
      if (!decision.allowed) return writeError(res, baseUrl, rateLimitedError(perMinute, decision));
    }
    const hostError = hostHeaderError(req);
    if (hostError) return writeError(res, baseUrl, hostError, { close: true });
    // Routed by path alone (an absolute target is served as its path).
    if (req.url && req.url[0] !== '/') req.url = originForm(req.url);
    if (dispatcher.serve(req, res)) return;
    if (req.method === 'OPTIONS') return preflight(req, res);
    if (req.method === 'POST' && pathOf(req) === '/mcp') return void answerMcp(req, res);
    writeError(
      res,
      baseUrl,
      methodNotAllowed(req, 'This API is read-only: use GET (or HEAD, or OPTIONS for CORS preflight).'),
    );
  };

  const answerMcp = mcpAnswerer(context, log, clientOf);

  const server = createServer({ requireHostHeader: false }, handle);
  // A client that sends its request and half-closes (shuts its writing side) still waits for the answer, which
  // Node's HTTP server would not write by default when it is computed off the serving thread (a chart, an asOf).
  // `httpAllowHalfOpen` is Node's own switch for this, undocumented: a test holds it (test/http/fast-path.test.ts).
  (server as typeof server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  answerOutsideTheHandler(server, baseUrl, hsts ?? {});

  return {
    server,
    log,
    handle,
    listen: async (at) => {
      const url = await listenOn(server, at);
      // The line operators (and the process tests) wait for: the port is open.
      log.info({ url }, `Server listening at ${url}`);
      return url;
    },
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

/** The MCP module, once loaded (a dynamic import again for every call went through the module loader each time). */
let mcpModule: Promise<typeof import('./mcp/handler.ts')> | undefined;

/** The MCP endpoint: JSON-RPC over POST (streamable HTTP, stateless). GET /mcp is in the route table (405). */
function mcpAnswerer(context: RouteContext, log: Logger, clientOf: (req: IncomingMessage) => string) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // Browser MCP clients too: kept beside the response, every MCP writer adds them to its head.
    addAnswerHeaders(res, CORS_HEADERS);
    try {
      const body = await readJsonBody(req);
      if (body instanceof ApiError) return writeError(res, context.baseUrl, body);
      // The SDK is loaded on the first MCP request, not at start: most processes never see one.
      mcpModule ??= import('./mcp/handler.ts');
      const { handleMcpRequest } = await mcpModule;
      await handleMcpRequest(context, req, res, body, clientOf(req));
    } catch (cause) {
      log.error({ err: cause, url: req.url }, 'an MCP exchange failed');
      if (!res.headersSent) writeError(res, context.baseUrl, INTERNAL_ERROR);
      else res.destroy();
    }
  };
}

/**
 * Errors Node's HTTP parser raises before any handler runs (oversized headers, malformed request lines), and
 * CONNECT and Upgrade, which bypass the handler: answered with the envelope instead of dropped.
 */
function answerOutsideTheHandler(server: Server, baseUrl: string, hsts: Record<string, string>): void {
  const onSocket = { close: true, headers: hsts };
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    if (!socket.writable) return void socket.destroy();
    writeError(socket, baseUrl, parseError(error), onSocket);
  });
  server.on('connect', (request: IncomingMessage, socket: Duplex) =>
    writeError(socket, baseUrl, methodNotAllowed(request, 'This API is read-only: use GET.'), onSocket),
  );
  server.on('upgrade', (_request: IncomingMessage, socket: Duplex) =>
    writeError(
      socket,
      baseUrl,
      new ApiError('bad_request', 'Protocol upgrades are not supported.', 'Use plain HTTP GET requests.'),
      onSocket,
    ),
  );
}

function methodNotAllowed(request: IncomingMessage, hint: string): ApiError {
  return new ApiError('method_not_allowed', `Method ${truncate(request.method ?? '')} is not allowed.`, hint, {
    allow: ALLOWED_METHODS,
  });
}

/** Listens, and resolves the URL the server is reached at. */
function listenOn(server: Server, { port, host }: { port: number; host?: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      resolve(`http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`);
    });
  });
}

function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

function preflight(req: IncomingMessage, res: ServerResponse): void {
  const requested = req.headers['access-control-request-headers'];
  const methods = pathOf(req) === '/mcp' ? MCP_METHODS : ALLOWED_METHODS;
  res.writeHead(204, {
    ...answerHeaders(res),
    ...CORS_HEADERS,
    'access-control-allow-methods': methods,
    'access-control-allow-headers':
      typeof requested === 'string' ? requested : 'If-None-Match, Accept, Accept-Encoding, Content-Type',
    'access-control-max-age': '86400',
    allow: methods,
    'cache-control': 'public, max-age=86400',
  });
  res.end();
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

function parseError(error: Error & { code?: string }): ApiError {
  return error.code === 'HPE_HEADER_OVERFLOW'
    ? new ApiError(
        'headers_too_large',
        'The request line or headers are too large.',
        'Keep the URL and headers under 16 KiB.',
      )
    : new ApiError('bad_request', 'The request could not be parsed.', 'Send a well-formed HTTP/1.1 request.');
}

const INTERNAL_ERROR = new ApiError(
  'internal_error',
  'An unexpected error occurred.',
  'Retry later; if it persists, report it.',
);
