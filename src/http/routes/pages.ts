import { isIndicatorId } from '../../timeseries/catalog.ts';
import { ApiError } from '../api-error.ts';
import { canonicalWindow } from '../canonical-window.ts';
import { parseChartQuery } from '../window-param.ts';
import { notFoundAnswer, pageAnswer, type Route } from './route.ts';

/** The site's pages: each answers HTML, or Markdown at `<path>.md` or by Accept, from the publication's site. */
const fixedPage = (path: string): Route => ({
  path,
  listed: 'none',
  cache: 'page',
  markdown: true,
  handle: (request, context) => pageAnswer(request, context, context.publication()?.site?.page(path)),
});

export const fixedPages: Route[] = ['/', '/today', '/methodology', '/docs', '/about', '/blog'].map(fixedPage);

export const blogPost: Route = {
  path: '/blog/{slug}',
  listed: 'none',
  cache: 'page',
  markdown: true,
  handle: (request, context) =>
    pageAnswer(request, context, context.publication()?.site?.page(`/blog/${request.params.slug}`)),
};

export const archiveDay: Route = {
  path: '/today/{date}',
  listed: 'none',
  cache: 'page',
  markdown: true,
  handle: (request, context) => {
    const date = request.params.date!;
    const site = context.publication()?.site;
    return pageAnswer(request, context, /^\d{4}-\d{2}-\d{2}$/.test(date) ? site?.archive(date) : undefined);
  },
};

export const indicatorPage: Route = {
  path: '/indicators/{id}',
  listed: 'none',
  cache: 'page',
  markdown: true,
  handle: (request, context) => {
    const id = request.params.id!;
    if (!isIndicatorId(id)) return notFoundAnswer(request, context);
    const query = parseChartQuery(request.query, id, true);
    if (!query.ok) return new ApiError('invalid_parameter', query.message, query.hint);
    const window = query.value.window;
    const redirect = window && 'days' in window ? canonicalWindow(request, window.days) : undefined;
    if (redirect) return redirect;
    return pageAnswer(request, context, context.publication()?.site?.indicatorPage(id, query.value));
  },
};
