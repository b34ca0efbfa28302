import { EMBED_QUERY } from '../../publish/site-port.ts';
import { isIndicatorId, seriesDef } from '../../timeseries/catalog.ts';
import { canonicalWindow } from '../canonical-window.ts';
import { ApiError } from '../errors/api-error.ts';
import { isCalendarDate } from '../params/formats.ts';
import { parseChartQuery } from '../params/window.ts';
import { notFoundAnswer, pageAnswer, pageError, type Route } from './route.ts';

/** What every page route is: not in the API's documents, cached as a page, also served as Markdown. */
const PAGE = { listed: 'none', cache: 'page', markdown: true } as const;

/**
 * A page of the publication's site, answered HTML, or Markdown at `<path>.md` or by Accept; a template's parameter
 * is put in its place (/blog/{slug} → /blog/some-post), and a page the site does not have is the not-found page.
 */
const sitePage = (path: string): Route => ({
  ...PAGE,
  path,
  handle: (request, context) => {
    const page = path.replace(/\{(\w+)\}/, (_, name: string) => request.params[name]!);
    return pageAnswer(request, context, context.publication()?.site?.page(page));
  },
});

export const fixedPages: Route[] = [
  '/',
  '/today',
  '/archive',
  '/markets',
  '/lens',
  '/methodology',
  '/docs',
  '/changelog',
  '/about',
  '/blog',
].map(sitePage);

export const lensLocalePage = sitePage('/lens/{locale}');
export const revisionsPage = sitePage('/indicators/{id}/revisions');
export const archiveYearPage = sitePage('/archive/{year}');
export const blogPost = sitePage('/blog/{slug}');

export const archiveDay: Route = {
  ...PAGE,
  path: '/today/{date}',
  handle: (request, context) => {
    const date = request.params.date!;
    if (!isCalendarDate(date)) return notFoundAnswer(request, context);
    return pageAnswer(request, context, context.publication()?.site?.archive(date));
  },
};

export const indicatorPage: Route = {
  ...PAGE,
  path: '/indicators/{id}',
  query: ['days', 'start', 'end', 'compare'],
  handle: (request, context) => {
    const id = request.params.id!;
    // Any other series of the catalog (a model input, a benchmark) has a page of its own, without charts or ranges.
    if (!isIndicatorId(id))
      return seriesDef(id)
        ? pageAnswer(request, context, context.publication()?.site?.page(`/indicators/${id}`))
        : notFoundAnswer(request, context);
    const parsed = request.query.read();
    if (parsed instanceof ApiError) return pageError(request, context, parsed);
    const query = parseChartQuery(parsed, id, true);
    if (query instanceof ApiError) return pageError(request, context, query);
    const window = query.window;
    const redirect = window && canonicalWindow(request, window);
    if (redirect) return redirect;
    return pageAnswer(request, context, context.publication()?.site?.indicatorPage(id, query));
  },
};

/** /methodology/{part}: the selection protocols (dli-4-protocol), each a page of its own. */
export const methodologyPart = sitePage('/methodology/{part}');

/** The query of an embed page that says which chart: the window and the comparison of the chart's image. */
/** /embed/{id}: a chart alone, for another site's <iframe>, in the window its image shows. */
export const embedChart: Route = {
  ...PAGE,
  path: '/embed/{id}',
  query: EMBED_QUERY,
  handle: (request, context) => {
    const id = request.params.id!;
    const search = new URLSearchParams(
      [...request.query.copy()].filter(([key]) => (EMBED_QUERY as readonly string[]).includes(key)),
    ).toString();
    if (!isIndicatorId(id)) return pageAnswer(request, context, context.publication()?.site?.embed(id, null, search));
    const parsed = request.query.read();
    const query = parsed instanceof ApiError ? parsed : parseChartQuery(parsed, id, true);
    if (query instanceof ApiError) return notFoundAnswer(request, context);
    return pageAnswer(request, context, context.publication()?.site?.embed(id, query, search));
  },
};
