import { LRUCache } from 'lru-cache';
import { CACHE_CONTROL } from '../publish/cache-policy.ts';
import { type Compression, type PreparedResponse, prepareBody, withHeaders } from '../publish/prepared-response.ts';
import type { Publication } from '../publish/publication.ts';
import type { IndicatorSummary } from '../publish/resources/indicators.ts';
import type { RenderedPage, SiteBundle } from '../publish/site-port.ts';
import { firstIndexOnOrAfter } from '../timeseries/as-of.ts';
import { addDays } from '../timeseries/dates.ts';
import type { Observation } from '../timeseries/observation.ts';
import { bannerFor } from './banner.ts';
import { gaugeSvg, lineChartSvg, sparklineSvg } from './charts.ts';
import { llmsTxt } from './llms-txt.ts';
import { type Page, renderHtml, renderMarkdown } from './page.ts';
import { aboutPage, blogIndexPage, blogPostPage } from './pages/content.ts';
import { dashboardPage } from './pages/dashboard.ts';
import { docsPage } from './pages/docs.ts';
import { indicatorPage } from './pages/indicator.ts';
import { methodologyPage } from './pages/methodology.ts';
import { notFoundPage } from './pages/not-found.ts';
import { archivePage, todayPage } from './pages/today.ts';
import { type SiteData, siteData, unitLabel } from './site-data.ts';
import { FAVICON_SVG, STYLESHEET } from './stylesheet.ts';

/** Security headers for pages and documents shown in a browser: no script at all, styles only from the site. */
export const PAGE_SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  vary: 'Accept',
};

const HTML = 'text/html; charset=utf-8';
const MARKDOWN = 'text/markdown; charset=utf-8';

/** Static documents: the same bytes for the life of the process. */
const DOCUMENTS: ReadonlyMap<string, PreparedResponse> = (() => {
  const icon = prepareBody(Buffer.from(FAVICON_SVG), 'image/svg+xml', CACHE_CONTROL.icon);
  return new Map([
    [
      '/assets/site.css',
      withHeaders(prepareBody(Buffer.from(STYLESHEET), 'text/css; charset=utf-8', CACHE_CONTROL.stylesheet), {
        'x-content-type-options': 'nosniff',
      }),
    ],
    ['/favicon.svg', icon],
    ['/favicon.ico', icon],
  ]);
})();

/**
 * The website of one publication: every page rendered from its typed resources, as HTML and Markdown from one
 * page model. Pages, archive days and charts are rendered on their first request and kept in bounded LRU caches
 * (a start does not spend its time on pages nobody asked for, and unique URLs cannot grow memory without bound).
 */
export function buildSite(publication: Publication): SiteBundle {
  const data = siteData(publication);
  const site = { name: data.name, baseUrl: data.baseUrl, banner: bannerFor(publication) };
  // The fixed pages are few and always encoded; archive days, ranges and charts are rendered per distinct URL and
  // encoded only while the encoder is idle, so a crawl cannot queue up compression work (see prepared-response).
  const render = (page: Page, compression: Compression = 'always'): RenderedPage => ({
    html: withPageHeaders(prepareBody(Buffer.from(renderHtml(page, site)), HTML, CACHE_CONTROL.page, 200, compression)),
    markdown: withPageHeaders(
      prepareBody(Buffer.from(renderMarkdown(page, site)), MARKDOWN, CACHE_CONTROL.page, 200, compression),
    ),
  });
  const byId = new Map(data.indicators.map((i) => [i.def.id, i]));
  const builders = new Map<string, () => Page>([
    ['/', () => dashboardPage(data)],
    ['/today', () => todayPage(data)],
    ['/methodology', () => methodologyPage(data)],
    ['/docs', () => docsPage(data)],
    ['/about', () => aboutPage(data)],
    ['/blog', () => blogIndexPage(data.blog)],
    ...data.blog.map((post): [string, () => Page] => [`/blog/${post.slug}`, () => blogPostPage(post)]),
    ...data.indicators.map((item): [string, () => Page] => [
      `/indicators/${item.def.id}`,
      () => indicatorPage(data, item, 365),
    ]),
  ]);
  const pages = cached<RenderedPage>(500, (path) => {
    const build = builders.get(path);
    return build ? render(build()) : undefined;
  });
  const ranges = cached<RenderedPage>(100, (key) => {
    const [id, days] = key.split('|');
    const item = byId.get(id!);
    return item ? render(indicatorPage(data, item, Number(days)), 'if-idle') : undefined;
  });
  // An archive day renders in about a millisecond: a small cache serves the popular days, a crawl re-renders.
  const archive = cached<RenderedPage>(100, (date) => {
    const page = data.history ? archivePage(data.history, date) : undefined;
    return page ? render(page, 'if-idle') : undefined;
  });
  const charts = cached<PreparedResponse>(200, (key) => {
    const [id, days, style] = key.split('|');
    const svg = chartSvg(id!, Number(days), style as 'line' | 'spark', byId, data);
    return svg === undefined
      ? undefined
      : withPageHeaders(
          prepareBody(Buffer.from(svg), 'image/svg+xml; charset=utf-8', CACHE_CONTROL.chart, 200, 'if-idle'),
        );
  });
  return {
    page: (path) => (builders.has(path) ? pages(path) : undefined),
    indicatorPage: (id, days) => (days === 365 ? pages(`/indicators/${id}`) : ranges(`${id}|${days}`)),
    archive: (date) => archive(date),
    chart: (id, days, style) => charts(`${id}|${days}|${style}`),
    notFound: {
      html: withPageHeaders(prepareBody(Buffer.from(renderHtml(notFoundPage(), site)), HTML, CACHE_CONTROL.error, 404)),
      markdown: withPageHeaders(
        prepareBody(Buffer.from(renderMarkdown(notFoundPage(), site)), MARKDOWN, CACHE_CONTROL.error, 404),
      ),
    },
    llms: prepareBody(Buffer.from(llmsTxt(data)), 'text/plain; charset=utf-8', CACHE_CONTROL.page),
    apiCatalog: prepareBody(
      Buffer.from(JSON.stringify(apiCatalog(data.baseUrl))),
      'application/linkset+json',
      CACHE_CONTROL.apiCatalog,
    ),
    documents: DOCUMENTS,
    warmups: [
      ...[...builders.keys()].map((path) => () => void pages(path)),
      () => void charts('headline|4000|line'),
      () => void charts('headline-gauge|365|line'),
      ...data.indicators.map((i) => () => void charts(`${i.def.id}|365|spark`)),
      ...data.indicators.map((i) => () => void charts(`${i.def.id}|365|line`)),
    ],
  };
}

/**
 * A bounded cache of rendered responses: LRU by count and by bytes (each entry weighs its identity body; the
 * encodings are a fraction of it). A miss that renders nothing (unknown key) is not kept.
 */
function cached<T extends RenderedPage | PreparedResponse>(max: number, build: (key: string) => T | undefined) {
  const cache = new LRUCache<string, T>({
    max,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (value) =>
      ('html' in value ? value.html.body.length + value.markdown.body.length : value.body.length) || 1,
  });
  return (key: string): T | undefined => {
    const hit = cache.get(key);
    if (hit) return hit;
    const value = build(key);
    if (value) cache.set(key, value);
    return value;
  };
}

function withPageHeaders(prepared: PreparedResponse): PreparedResponse {
  return withHeaders(prepared, PAGE_SECURITY_HEADERS);
}

function chartSvg(
  id: string,
  days: number,
  style: 'line' | 'spark',
  byId: ReadonlyMap<string, IndicatorSummary>,
  data: SiteData,
): string | undefined {
  if (id === 'headline-gauge') {
    if (!data.regime) return undefined;
    return gaugeSvg(data.regime.percentile5y, data.regime.status);
  }
  if (id === 'headline') {
    const history = data.history;
    if (!history || history.count === 0) return undefined;
    const points = history.dates.map((date, i) => ({ date, value: history.headline[i]! }));
    const window = trailing(points, days);
    return style === 'spark'
      ? sparklineSvg(window)
      : lineChartSvg(window, {
          title: `Liquidity headline (${history.modelVersion})`,
          unit: '0 = loosest, 100 = tightest of 5 years',
          bands: true,
        });
  }
  const item = byId.get(id);
  if (!item || item.observations.length === 0) return undefined; // no data, or values withheld by licence
  const window = trailing(item.observations, days);
  return style === 'spark'
    ? sparklineSvg(window)
    : lineChartSvg(window, { title: item.def.name, unit: unitLabel(item.def.unit) });
}

function trailing<T extends { date: string }>(points: readonly T[], days: number): T[] {
  const last = points.at(-1);
  if (!last) return [];
  return points.slice(firstIndexOnOrAfter(points as unknown as Observation[], addDays(last.date, -(days - 1))));
}

/** RFC 9727 API catalog: a linkset with the service description, documentation, status and license. */
function apiCatalog(baseUrl: string) {
  return {
    linkset: [
      {
        anchor: `${baseUrl}/api`,
        'service-desc': [{ href: `${baseUrl}/openapi.json`, type: 'application/vnd.oai.openapi+json;version=3.1' }],
        'service-doc': [{ href: `${baseUrl}/docs`, type: 'text/html' }],
        status: [{ href: `${baseUrl}/api/health`, type: 'application/json' }],
        license: [{ href: 'https://creativecommons.org/publicdomain/zero/1.0/', title: 'CC0-1.0' }],
      },
    ],
  };
}
