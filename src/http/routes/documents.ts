import type { CachePolicy } from '../../publish/cache-policy.ts';
import type { PreparedResponse } from '../../publish/prepared-response.ts';
import type { Publication } from '../../publish/publication/build.ts';
import { SITE_DOCUMENT_PATHS } from '../../publish/site-port.ts';
import { ApiError } from '../errors/api-error.ts';
import { type Answer, nothingPublished, type OperationSpec, type Route, type RouteContext } from './route.ts';

/** A document of the current publication's site, or 503 while nothing is published. */
function siteDocument(context: RouteContext, pick: (p: Publication) => PreparedResponse | undefined): Answer {
  const publication = context.publication();
  return (publication && pick(publication)) ?? nothingPublished();
}

/** A document of the site for tools and agents, described in the OpenAPI document. */
const agentDocument = (
  path: string,
  cache: CachePolicy,
  spec: Pick<OperationSpec, 'operationId' | 'summary' | 'description' | 'contentType'>,
  pick: (p: Publication) => PreparedResponse | undefined,
): Route => ({
  path,
  listed: 'document',
  cache,
  spec: { ...spec, parameters: [], response: null, errors: ['service_unavailable'], tag: 'documents' },
  handle: (_request, context) => siteDocument(context, pick),
});

export const getApiCatalog = agentDocument(
  '/.well-known/api-catalog',
  'apiCatalog',
  {
    operationId: 'getApiCatalog',
    summary: 'RFC 9727 API catalog',
    description:
      'A linkset with the service description (this document), the human documentation, the health endpoint and the license.',
    contentType: 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
  },
  (p) => p.site?.apiCatalog,
);

export const getLlmsTxt = agentDocument(
  '/llms.txt',
  'page',
  {
    operationId: 'getLlmsTxt',
    summary: 'Site index for language models (llmstxt.org)',
    description: 'Title, summary and sections of links to the Markdown forms of the pages.',
    contentType: 'text/plain',
  },
  (p) => p.site?.llms,
);

/** The OpenAPI document, at its usual path and at the well-known one. */
export const openApiRoutes: Route[] = ['/openapi.json', '/.well-known/openapi.json'].map((path) => ({
  path,
  listed: 'none',
  cache: 'openapi',
  handle: (_request: unknown, context: RouteContext) => context.openapi(),
}));

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
