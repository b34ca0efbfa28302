import type { IncomingHttpHeaders } from 'node:http';
import type { TSchema } from '@sinclair/typebox';
import type { CachePolicy } from '../../publish/cache-policy.ts';
import type { OnDemand } from '../../publish/on-demand/gate.ts';
import type { OnDemandResult, OnDemandTask } from '../../publish/on-demand/tasks.ts';
import type { PreparedResponse } from '../../publish/prepared-response.ts';
import type { Publication } from '../../publish/publication/build.ts';
import type { Parameter } from '../../publish/schemas/directory.ts';
import { ApiError } from '../errors/api-error.ts';
import { type ErrorCode, NO_DATA_RETRY_SECONDS } from '../errors/codes.ts';
import { wantsMarkdown, wantsPage } from '../negotiation.ts';
import type { QueryName } from '../params/query.ts';
import { QueryShape, type QueryString } from '../params/route-query.ts';

export interface OperationSpec {
  operationId: string;
  summary: string;
  description: string;
  parameters: Parameter[];
  /** JSON schema of the 200 body; null for non-JSON documents (see contentType). */
  response: TSchema | null;
  /** Media type of the 200 body; application/json when absent. */
  contentType?: string;
  /** Another media type the 200 answers to a matching Accept (text/csv for data resources). */
  alternateContentType?: string;
  errors: ErrorCode[];
  tag: Tag;
}

/** The OpenAPI tags, each with what its operations are for (tool UIs show these as section headings). */
export const TAGS = {
  model: 'The liquidity regime, its history, the model behind it and how it changed.',
  series: 'The tracked series: observations, revisions, downloads and the catalog.',
  lens: 'The three-axis liquidity lens (quantity, price, structure), kept apart from the regime score.',
  correlation: 'How the tracked series move together.',
  discovery: 'What this API offers and how fresh it is: the directory, health and a one-call snapshot.',
  documents: 'Documents for tools and agents: the RFC 9727 API catalog and llms.txt.',
} as const;
export type Tag = keyof typeof TAGS;

export interface RouteRequest {
  /** Path parameters, percent-decoded. */
  params: Record<string, string>;
  /** The query string, read against the parameters the route declares (its spec's, or `query` without a spec). */
  query: QueryString;
  headers: IncomingHttpHeaders;
  /** The path as requested (without the query). */
  path: string;
  /** The path ended in `.md`. */
  markdownPath: boolean;
  /**
   * The client's connection, made on first use (only routes that compute off the serving thread ask for it);
   * absent outside a real connection (inject()).
   */
  connection?(): ClientConnection | undefined;
  /**
   * The client's address (or its /64 for IPv6: http/client-address.ts), for its fair share of the work computed
   * on demand; absent outside a real connection (one anonymous client then).
   */
  readonly client?: string | undefined;
}

/** What a computation off the serving thread may know of the client waiting for it. */
export interface ClientConnection {
  /** Aborted when the connection closed before the answer was written: the client went away. */
  gone: AbortSignal;
  /** The client shut its sending side (half-closed): it may still wait for the answer, or may have left. */
  halfClosed(): boolean;
}

export interface RouteContext {
  baseUrl: string;
  publication(): Publication | undefined;
  /** The /api directory, built once from the table. */
  directory: PreparedResponse;
  /** The OpenAPI document of the current publication (its examples are real responses). */
  openapi(): PreparedResponse;
  /** The bound and the memo of every answer computed on demand (publish/on-demand/gate.ts). */
  onDemand: OnDemand;
  /** Computes an on-demand answer: on the worker thread in the service; tests inject their own. */
  compute(task: OnDemandTask): Promise<OnDemandResult>;
}

/** What a handler answers: a prepared response to write, or an error to render as the envelope. */
export type Answer = PreparedResponse | ApiError;

/**
 * One entry of the route table (table.ts): its URL, how it is documented, its cache policy and its handler; the
 * dispatcher, the /api directory and the OpenAPI document are all generated from that one table.
 */
export interface Route {
  /** OpenAPI-style template, e.g. /api/series/{id}. */
  path: string;
  /** api: in the /api directory and the OpenAPI document; document: in the OpenAPI document only; none: neither. */
  listed: 'api' | 'document' | 'none';
  spec?: OperationSpec;
  /** The query parameters of a route without a spec (a page); a route with one declares them there. */
  query?: readonly QueryName[];
  cache: CachePolicy;
  /** A page: also served as Markdown at `<path>.md` or by Accept. */
  markdown?: boolean;
  /** A prepared answer at once, or a promised one when it is computed off the serving thread. */
  handle(request: RouteRequest, context: RouteContext): Answer | Promise<Answer>;
}

// By the names declared: the routes share a few distinct queries, each compiled once (not once per route).
const SHAPES = new Map<string, QueryShape>();

/**
 * The query a route takes, compiled once: the parameters it documents (or `query` without a spec), and FRED's
 * names for them (observation_start, sort_order…), taken wherever the parameter they name is.
 */
export function queryShapeOf(route: Route): QueryShape {
  const documented = route.spec?.parameters.filter((p) => p.in === 'query').map((p) => p.name as QueryName) ?? [];
  const names = [...documented, ...(route.query ?? [])];
  const key = names.join(',');
  const shape = SHAPES.get(key) ?? new QueryShape(names);
  SHAPES.set(key, shape);
  return shape;
}

/**
 * Nothing stored yet (a first start, offline or while the first refresh runs): a temporary condition, 503 with
 * Retry-After — not a computation that failed (500).
 */
export function noDataYet(what: string): ApiError {
  return new ApiError(
    'no_data_yet',
    `The ${what} cannot be computed yet: no data has been stored (the first refresh is running, or the providers could not be reached).`,
    `Retry after ${NO_DATA_RETRY_SECONDS} s; /api/health says how the last refresh went and when the next one runs.`,
    { 'retry-after': String(NO_DATA_RETRY_SECONDS) },
  );
}

/** How long a client is asked to wait while the service starts: its first publication takes seconds. */
const STARTING_RETRY_SECONDS = 30;

/** Nothing has been published yet (the service is starting): 503 with Retry-After, on every route alike. */
export function nothingPublished(): ApiError {
  return new ApiError(
    'service_unavailable',
    'Nothing has been published yet.',
    `The service is starting; retry after ${STARTING_RETRY_SECONDS} s.`,
    { 'retry-after': String(STARTING_RETRY_SECONDS) },
  );
}

/** A page of the site in its two forms. */
type Rendered = { html: PreparedResponse; markdown: PreparedResponse };

/** A page in the form asked for: Markdown (`.md`, or by Accept), else HTML. */
function inForm(request: RouteRequest, page: Rendered): Answer {
  return wantsMarkdown(request.path, request.headers.accept) ? page.markdown : page.html;
}

/** A page answer in its form; a missing page answers the not-found page. */
export function pageAnswer(request: RouteRequest, context: RouteContext, rendered: Rendered | undefined): Answer {
  if (rendered) return inForm(request, rendered);
  // Before the first publication no page exists yet, not for good: a 503 to retry, not a 404 to give up on.
  return context.publication() ? notFoundAnswer(request, context) : nothingPublished();
}

/**
 * A page request that cannot be answered as asked: an HTML (or Markdown) error page for people, with the same
 * status and message as the JSON envelope machines get.
 */
export function pageError(request: RouteRequest, context: RouteContext, error: ApiError): Answer {
  const site = context.publication()?.site;
  if (!site || !wantsPage(request.path, request.headers.accept)) return error;
  const path = request.path.replace(/\.md$/, '');
  return inForm(
    request,
    site.errorPage(error.status, path, 'This page cannot be shown as asked', error.message, error.hint),
  );
}

/** Nothing at this path: the site's not-found page for people, the JSON envelope for machines. */
export function notFoundAnswer(request: RouteRequest, context: RouteContext): Answer {
  const site = context.publication()?.site;
  if (site && wantsPage(request.path, request.headers.accept)) return inForm(request, site.notFound);
  return new ApiError(
    'not_found',
    // The path is not repeated: an error message never says what a link's author chose.
    'Nothing at this path.',
    'The site index is at /llms.txt and the API directory at /api.',
  );
}

/**
 * A resource of the publication (regime, history, …): its prepared response, or `code` with the reason the
 * computation failed when there is none.
 */
export function resourceAnswer(
  context: RouteContext,
  pick: (p: Publication) => PreparedResponse | undefined,
  code: ErrorCode,
  what: string,
  reason: (p: Publication | undefined) => string | undefined,
): Answer {
  const publication = context.publication();
  const prepared = publication && pick(publication);
  if (prepared) return prepared;
  if (!publication || publication.current.size === 0) return noDataYet(what);
  return new ApiError(
    code,
    `The ${what} could not be computed: ${reason(publication) ?? 'no data has been stored yet'}.`,
    'Retry after the next refresh; /api/series/{id} serves the stored series meanwhile.',
  );
}
