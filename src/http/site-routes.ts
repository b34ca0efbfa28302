import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PreparedResponse } from '../publish/prepared-response.ts';
import { prepareBody, withHeaders } from '../publish/prepared-response.ts';
import type { Publication } from '../publish/publication.ts';
import { PAGE_SECURITY_HEADERS, type RenderedPage } from '../publish/site-publication.ts';
import { FAVICON_SVG, STYLESHEET } from '../site/stylesheet.ts';
import { isIndicatorId, seriesDef } from '../timeseries/catalog.ts';
import { licenseOf } from '../timeseries/licenses.ts';
import { parseDays } from './days-param.ts';
import type { ErrorCode } from './error-codes.ts';

type Fail = (reply: FastifyReply, code: ErrorCode, message: string, hint: string) => FastifyReply;
type Send = (request: FastifyRequest, reply: FastifyReply, prepared: PreparedResponse) => void;

const STYLESHEET_RESPONSE = withHeaders(
  prepareBody(Buffer.from(STYLESHEET), 'text/css; charset=utf-8', 'public, max-age=86400'),
  {
    'x-content-type-options': 'nosniff',
  },
);

const FAVICON_RESPONSE = prepareBody(Buffer.from(FAVICON_SVG), 'image/svg+xml', 'public, max-age=604800');

/** Static documents served as they are (also by the fast path). */
export const SITE_DOCUMENTS: ReadonlyMap<string, PreparedResponse> = new Map([
  ['/assets/site.css', STYLESHEET_RESPONSE],
  ['/favicon.svg', FAVICON_RESPONSE],
  ['/favicon.ico', FAVICON_RESPONSE],
]);

const NOT_FOUND_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not found</title><link rel="stylesheet" href="/assets/site.css"></head><body><main id="main"><h1>Not found</h1><p>There is no page here. Try the <a href="/">dashboard</a>, the <a href="/docs">API documentation</a> or <a href="/llms.txt">llms.txt</a>.</p></main></body></html>`;

/** Whether the client wants a page (HTML or Markdown) rather than JSON: for 404s of page paths. */
export function wantsPage(request: FastifyRequest, path: string): boolean {
  return wantsMarkdown(request, path) || /\btext\/html\b/i.test(request.headers.accept ?? '');
}

/** Whether the client asked for Markdown: a path ending in .md, or an Accept header naming text/markdown. */
export function wantsMarkdown(request: FastifyRequest, path: string): boolean {
  if (path.endsWith('.md')) return true;
  const accept = request.headers.accept ?? '';
  return /\btext\/markdown\b/i.test(accept);
}

/**
 * Site routes: every page as HTML or Markdown from the same page model, embeddable SVG charts, llms.txt,
 * the RFC 9727 API catalog and the stylesheet. Everything comes pre-built from the current publication.
 */
export function registerSiteRoutes(
  app: FastifyInstance,
  publication: () => Publication | undefined,
  send: Send,
  fail: Fail,
) {
  const missing = (request: FastifyRequest, reply: FastifyReply, path: string) =>
    wantsPage(request, path)
      ? notFoundPage(request, reply, path)
      : fail(
          reply,
          'not_found',
          `Nothing at ${path.slice(0, 64)}.`,
          'The site index is at /llms.txt and the API directory at /api.',
        );
  const page = (request: FastifyRequest, reply: FastifyReply, rendered: RenderedPage | undefined, path: string) => {
    if (!rendered) return missing(request, reply, path);
    return send(request, reply, wantsMarkdown(request, path) ? rendered.markdown : rendered.html);
  };
  const fixed = (path: string) => {
    const handler = (request: FastifyRequest, reply: FastifyReply) =>
      page(request, reply, publication()?.site?.page(path), request.url.split('?')[0]!);
    app.get(path, handler);
    app.get(path === '/' ? '/index.md' : `${path}.md`, handler);
  };
  for (const path of ['/', '/today', '/methodology', '/docs', '/about', '/blog']) fixed(path);

  app.get<{ Params: { slug: string } }>('/blog/:slug', (request, reply) => {
    const slug = request.params.slug.replace(/\.md$/, '');
    return page(request, reply, publication()?.site?.page(`/blog/${slug}`), request.params.slug);
  });

  app.get<{ Params: { date: string } }>('/today/:date', (request, reply) => {
    const date = request.params.date.replace(/\.md$/, '');
    const rendered = /^\d{4}-\d{2}-\d{2}$/.test(date) ? publication()?.site?.archive(date) : undefined;
    return page(request, reply, rendered, request.params.date);
  });

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>('/indicators/:id', (request, reply) => {
    const id = request.params.id.replace(/\.md$/, '');
    if (!isIndicatorId(id)) return missing(request, reply, request.params.id);
    const days = parseDays(request.query.days);
    if (!days.ok) return fail(reply, 'invalid_parameter', days.message, days.hint);
    return page(request, reply, publication()?.site?.indicatorPage(id, days.value), request.params.id);
  });

  app.get<{ Params: { file: string }; Querystring: Record<string, unknown> }>('/charts/:file', (request, reply) => {
    const match = /^([a-z0-9-]+)\.svg$/.exec(request.params.file);
    const id = match?.[1];
    if (!id || !(isIndicatorId(id) || id === 'headline' || id === 'headline-gauge')) {
      return fail(
        reply,
        'not_found',
        `No chart "${request.params.file.slice(0, 64)}".`,
        'Charts are at /charts/{id}.svg for the 25 series ids, headline and headline-gauge.',
      );
    }
    const days = parseDays(request.query.days);
    if (!days.ok) return fail(reply, 'invalid_parameter', days.message, days.hint);
    const style = request.query.style ?? 'line';
    if (style !== 'line' && style !== 'spark') {
      return fail(
        reply,
        'invalid_parameter',
        `Invalid value for parameter "style": "${String(style).slice(0, 32)}".`,
        'style is line (default) or spark.',
      );
    }
    if (isIndicatorId(id) && licenseOf(seriesDef(id)!).redistribution !== 'full') {
      const license = licenseOf(seriesDef(id)!);
      return fail(
        reply,
        'values_withheld',
        `The values of "${id}" are not reproduced here: ${license.name}.`,
        `See them at the source, ${license.url}; /api/series/${id} serves the statistics and the licence.`,
      );
    }
    const chart = publication()?.site?.chart(id, days.value, style);
    if (!chart) return fail(reply, 'not_found', `No data for chart "${id}" yet.`, 'Retry after the next refresh.');
    return send(request, reply, chart);
  });

  const document = (path: string, pick: (p: Publication) => PreparedResponse | undefined) =>
    app.get(path, (request, reply) => {
      const prepared = publication() && pick(publication()!);
      if (!prepared) return fail(reply, 'service_unavailable', 'Nothing has been published yet.', 'Retry in a minute.');
      return send(request, reply, prepared);
    });
  document('/llms.txt', (p) => p.site?.llms);
  document('/.well-known/api-catalog', (p) => p.site?.apiCatalog);
  app.get('/assets/site.css', (request, reply) => send(request, reply, STYLESHEET_RESPONSE));
  app.get('/favicon.svg', (request, reply) => send(request, reply, FAVICON_RESPONSE));
  app.get('/favicon.ico', (request, reply) => send(request, reply, FAVICON_RESPONSE));
}

/** A page that does not exist: an HTML (or Markdown) 404 for people; machines asking for JSON get the envelope. */
export function notFoundPage(request: FastifyRequest, reply: FastifyReply, path: string) {
  const markdown = wantsMarkdown(request, path);
  reply.hijack();
  reply.raw.writeHead(404, {
    'content-type': markdown ? 'text/markdown; charset=utf-8' : 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    ...PAGE_SECURITY_HEADERS,
  });
  reply.raw.end(
    markdown ? '# Not found\n\nThere is no page here. See /llms.txt for the site index.\n' : NOT_FOUND_HTML,
  );
}
