import { CACHE_CONTROL } from '../../publish/cache-policy.ts';
import { OnDemand } from '../../publish/on-demand/gate.ts';
import type { OnDemandResult, OnDemandTask } from '../../publish/on-demand/tasks.ts';
import { answerOffThread } from '../../publish/on-demand/worker-pool.ts';
import { type PreparedResponse, prepareJson } from '../../publish/prepared-response.ts';
import type { Publication } from '../../publish/publication/build.ts';
import { buildDirectory } from '../directory.ts';
import { buildOpenApi } from '../openapi/document.ts';
import type { RouteContext } from '../routes/route.ts';
import { API_ROUTES, DOCUMENT_ROUTES } from '../routes/table.ts';

/** What a route context is made from (the HTTP app's and the stdio MCP server's; this module imports no server). */
export interface RouteContextDeps {
  config: {
    baseUrl: string;
    /** How often the data is refreshed, in hours (from the schedule; 6 by default). */
    refreshIntervalHours?: number;
  };
  /** Source of the current publication; swapped by the publisher after each refresh. */
  publication: () => Publication | undefined;
  /** The bound of on-demand work (default: ON_DEMAND_LIMITS, one per context). */
  onDemand?: OnDemand | undefined;
  /** Where on-demand answers are computed (default: the worker thread; tests inject to observe). */
  compute?: ((task: OnDemandTask) => Promise<OnDemandResult>) | undefined;
}

/** What the route handlers read: the base URL, the current publication, the directory and the OpenAPI document. */
export function routeContext(deps: RouteContextDeps): RouteContext {
  const { baseUrl } = deps.config;
  const refreshHours = deps.config.refreshIntervalHours ?? 6;
  const directory = prepareJson(buildDirectory(API_ROUTES, baseUrl, refreshHours), CACHE_CONTROL.directory);
  // The OpenAPI document carries real responses of the current publication as examples: built once per
  // publication (on its first request), then served as bytes.
  let openapi: { version: number; response: PreparedResponse } | undefined;
  return {
    baseUrl,
    publication: deps.publication,
    directory,
    onDemand: deps.onDemand ?? new OnDemand(),
    compute: deps.compute ?? answerOffThread,
    openapi() {
      const publication = deps.publication();
      const version = publication?.version ?? 0;
      if (!openapi || openapi.version !== version) {
        const document = buildOpenApi(
          [...API_ROUTES, ...DOCUMENT_ROUTES],
          baseUrl,
          publication?.examples,
          refreshHours,
        );
        openapi = { version, response: prepareJson(document, CACHE_CONTROL.openapi) };
      }
      return openapi.response;
    },
  };
}
