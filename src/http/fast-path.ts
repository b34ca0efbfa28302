import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PreparedResponse } from '../publish/prepared-response.ts';
import type { Publication } from '../publish/publication.ts';
import { isIndicatorId } from '../timeseries/catalog.ts';
import { resolveLocale } from '../timeseries/locales.ts';
import { parseDays } from './days-param.ts';
import { writePrepared } from './write-prepared.ts';

/**
 * The fast path in front of the router: a GET or HEAD for a response that is already built (the JSON
 * resources, the default or a `days` window of a series, a lens locale, the pages and documents) is written
 * straight from the server's request handler, with the same writer the routes use. Anything else — errors,
 * parameters needing a message, other methods — falls through to Fastify. Off when rate limiting is on, so that
 * every request passes the limiter.
 */
export interface FastPathDeps {
  publication: () => Publication | undefined;
  directory: PreparedResponse;
  openapi: () => PreparedResponse;
  documents: ReadonlyMap<string, PreparedResponse>;
}

export function createFastPath(deps: FastPathDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const query = q < 0 ? '' : url.slice(q + 1);
    const prepared = lookup(deps, path, query, req);
    if (!prepared) return false;
    writePrepared(req.headers, res, prepared);
    return true;
  };
}

function lookup(deps: FastPathDeps, path: string, query: string, req: IncomingMessage): PreparedResponse | undefined {
  const p = deps.publication();
  if (path.startsWith('/api/series/')) {
    const id = path.slice('/api/series/'.length);
    if (!isIndicatorId(id)) return undefined;
    const series = p?.series.get(id);
    if (!series) return undefined;
    if (query === '') return series.forDays(365);
    if (!query.startsWith('days=') || query.includes('&')) return undefined;
    const days = parseDays(query.slice(5));
    return days.ok ? series.forDays(days.value) : undefined;
  }
  if (path === '/api/lens') {
    if (query === '') return p?.lens?.get('en');
    if (!query.startsWith('lang=') || query.includes('&')) return undefined;
    const locale = resolveLocale(decodeURIComponentSafe(query.slice(5)));
    return locale ? p?.lens?.get(locale) : undefined;
  }
  if (query !== '') return undefined;
  switch (path) {
    case '/api':
      return deps.directory;
    case '/api/regime':
      return p?.regime;
    case '/api/history':
      return p?.history;
    case '/api/model':
      return p?.modelDescription;
    case '/api/correlation':
      return p?.correlation;
    case '/api/snapshot':
      return p?.site?.snapshot;
    case '/api/health':
      return p?.site?.health;
    case '/openapi.json':
    case '/.well-known/openapi.json':
      return deps.openapi();
    case '/llms.txt':
      return p?.site?.llms;
    case '/.well-known/api-catalog':
      return p?.site?.apiCatalog;
  }
  const document = deps.documents.get(path);
  if (document) return document;
  const markdownPath = path.endsWith('.md');
  const pagePath = path === '/index.md' ? '/' : markdownPath ? path.slice(0, -3) : path;
  const page = p?.site?.page(pagePath);
  if (!page) return undefined;
  const markdown = markdownPath || /\btext\/markdown\b/i.test(req.headers.accept ?? '');
  return markdown ? page.markdown : page.html;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return '\u0000';
  }
}
