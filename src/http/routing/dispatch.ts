import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { withHeaders } from '../../publish/prepared-response.ts';
import { writePrepared } from '../answers/write-prepared.ts';
import { DEPRECATIONS, type Deprecation, deprecationHeaders } from '../api-changelog.ts';
import { ApiError, truncate, writeError } from '../errors/api-error.ts';
import { takesNoUnknownParameter } from '../params/query.ts';
import { QueryShape, QueryString } from '../params/route-query.ts';
import { type Answer, notFoundAnswer, queryShapeOf, type RouteContext, type RouteRequest } from '../routes/route.ts';
import { ROUTE_TABLE } from '../routes/table.ts';
import { DispatchedRequest, NO_PARAMS } from './request.ts';
import { compileRouter } from './router.ts';
import { unavailableLog } from './unavailable-log.ts';

export interface Dispatcher {
  /**
   * The answer to a GET or HEAD: a route's, or not-found (JSON envelope under /api, the 404 page elsewhere).
   * A promise only for answers computed on demand off the serving thread.
   */
  answer(req: IncomingMessage, res?: ServerResponse): Answer | Promise<Answer>;
  /** Answers and writes every GET and HEAD, at once or when computed (true); other methods are the caller's (false). */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
}

/**
 * Routes a request through the route table, once: the path is matched, the query parsed, the handler called and
 * its answer written.
 */
export function createDispatcher(
  context: RouteContext,
  log?: Logger,
  deprecations: readonly Deprecation[] = DEPRECATIONS,
  /** The client's key for its fair share of on-demand work (app.ts: its address, behind trusted proxies). */
  clientOf?: (req: IncomingMessage) => string,
): Dispatcher {
  const match = compileRouter(ROUTE_TABLE);
  const logUnavailable = log && unavailableLog(log);
  const shapes = new Map(ROUTE_TABLE.map((r) => [r, queryShapeOf(r)]));
  const NOTHING_DECLARED = new QueryShape([]);
  // A deprecated route's answers carry Deprecation, Sunset and a Link to the changelog (DEPRECATION_POLICY).
  const noticeByRoute = new Map(deprecations.map((d) => [d.route, deprecationHeaders(d, context.baseUrl)]));
  const answer = (req: IncomingMessage, res?: ServerResponse): Answer | Promise<Answer> => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const found = match(path);
    const search = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
    const request = new DispatchedRequest(
      found?.params ?? NO_PARAMS,
      new QueryString(search, (found && shapes.get(found.route)) || NOTHING_DECLARED),
      req,
      path,
      found?.markdownPath ?? false,
      res,
      clientOf,
    );
    if (found && q >= 0 && takesNoUnknownParameter(path)) {
      const unknown = unknownParameter(search, shapes.get(found.route)!.names);
      if (unknown) return unknown;
    }
    if (!found) return noRoute(request, context);
    const result = found.route.handle(request, context);
    const notice = noticeByRoute.get(found.route.path);
    return notice ? withNotice(result, notice) : result;
  };
  const write = (req: IncomingMessage, res: ServerResponse, result: Answer) => {
    if (!(result instanceof ApiError)) return writePrepared(req.headers, res, result);
    if (result.status >= 500) logUnavailable?.(result, req.url ?? '/');
    writeError(res, context.baseUrl, result);
  };
  const failed = (req: IncomingMessage, res: ServerResponse, cause: unknown) => {
    log?.error({ err: cause, url: req.url }, 'an answer failed');
    write(req, res, new ApiError('internal_error', 'The answer could not be computed.', 'Retry later.'));
  };
  return {
    answer,
    serve(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      let result: Answer | Promise<Answer>;
      try {
        result = answer(req, res);
      } catch (cause) {
        // A handler that throws (a page that cannot be rendered) is answered 500 at once, never left hanging.
        failed(req, res, cause);
        return true;
      }
      if (result instanceof Promise) {
        result.then(
          (ready) => write(req, res, ready),
          (cause: unknown) => failed(req, res, cause),
        );
      } else write(req, res, result);
      return true;
    },
  };
}

/** A deprecated route's answer with its notice headers (errors as they are). */
function withNotice(result: Answer | Promise<Answer>, notice: Record<string, string>): Answer | Promise<Answer> {
  const noticed = (a: Answer) => (a instanceof ApiError ? a : withHeaders(a, notice));
  return result instanceof Promise ? result.then(noticed) : noticed(result);
}

/** A path no route matches: the JSON envelope under /api, else the 404 page (or the envelope, as asked). */
function noRoute(request: RouteRequest, context: RouteContext): Answer {
  if (takesNoUnknownParameter(request.path)) {
    // The path is not repeated: an error message never says what a link's author chose.
    return new ApiError(
      'endpoint_not_found',
      'No endpoint at this path.',
      `See the directory of endpoints at ${context.baseUrl}/api.`,
    );
  }
  return notFoundAnswer(request, context);
}

/**
 * 400 unknown_parameter for the first query parameter an API endpoint does not take: a misspelt `day=30` would
 * otherwise answer the whole history as if nothing were asked.
 */
function unknownParameter(query: URLSearchParams, accepted: ReadonlySet<string>): ApiError | undefined {
  for (const name of query.keys()) {
    if (accepted.has(name)) continue;
    const list = [...accepted];
    return new ApiError(
      'unknown_parameter',
      `This endpoint takes no parameter "${truncate(name)}".`,
      list.length > 0 ? `It takes: ${list.join(', ')}.` : 'It takes no query parameter.',
    );
  }
  return undefined;
}
