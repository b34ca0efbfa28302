import type { PreparedResponse } from '../../publish/prepared-response.ts';
import type { Publication } from '../../publish/publication/build.ts';
import { SITE_DOCUMENT_PATHS } from '../../publish/site-port.ts';
import { ApiError } from '../errors/api-error.ts';
import type { Answer, Route, RouteContext } from './route.ts';

/** A document of the current publication's site, or 503 while nothing is published. */
function siteDocument(context: RouteContext, pick: (p: Publication) => PreparedResponse | undefined): Answer {
  const publication = context.publication();
  const prepared = publication && pick(publication);
  return prepared ?? new ApiError('service_unavailable', 'Nothing has been published yet.', 'Retry in a minute.');
}

export const getApiCatalog: Route = {
  path: '/.well-known/api-catalog',
  listed: 'document',
  cache: 'apiCatalog',
  spec: {
    operationId: 'getApiCatalog',
    summary: 'RFC 9727 API catalog',
    description:
      'A linkset with the service description (this document), the human documentation, the health endpoint and the license.',
    parameters: [],
    response: null,
    contentType: 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
    errors: [],
    tag: 'documents',
  },
  handle: (_request, context) => siteDocument(context, (p) => p.site?.apiCatalog),
};

export const getLlmsTxt: Route = {
  path: '/llms.txt',
  listed: 'document',
  cache: 'page',
  spec: {
    operationId: 'getLlmsTxt',
    summary: 'Site index for language models (llmstxt.org)',
    description: 'Title, summary and sections of links to the Markdown forms of the pages.',
    parameters: [],
    response: null,
    contentType: 'text/plain',
    errors: [],
    tag: 'documents',
  },
  handle: (_request, context) => siteDocument(context, (p) => p.site?.llms),
};

export const getOpenApi: Route = {
  path: '/openapi.json',
  listed: 'none',
  cache: 'openapi',
  handle: (_request, context) => context.openapi(),
};

export const getOpenApiWellKnown: Route = {
  path: '/.well-known/openapi.json',
  listed: 'none',
  cache: 'openapi',
  handle: (_request, context) => context.openapi(),
};

/** The stylesheet, the scripts, the icons, robots.txt and the sitemap. */
export const staticDocuments: Route[] = SITE_DOCUMENT_PATHS.map((path) => ({
  path,
  listed: 'none',
  cache: path.startsWith('/assets/') ? 'stylesheet' : path.startsWith('/favicon') ? 'icon' : 'page',
  handle: (_request: unknown, context: RouteContext) => siteDocument(context, (p) => p.site?.documents.get(path)),
}));

/** GET /mcp: the MCP endpoint speaks JSON-RPC over POST only (stateless streamable HTTP, no server-sent stream). */
export const getMcp: Route = {
  path: '/mcp',
  listed: 'none',
  cache: 'error',
  handle: () =>
    new ApiError(
      'method_not_allowed',
      'The MCP endpoint takes JSON-RPC messages by POST (streamable HTTP, stateless; no event stream to GET).',
      'Point an MCP client at this URL, or run `usd-liquidity mcp` for stdio.',
      { allow: 'POST' },
    ),
};
