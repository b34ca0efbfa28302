import { CACHE_CONTROL } from '../publish/cache-policy.ts';
import { keptAnswers, keptOr, MIB } from '../publish/kept.ts';
import { type Compression, prepareBody, withHeaders } from '../publish/prepared-response.ts';
import type { Publication } from '../publish/publication/build.ts';
import type { ChartQuery, RenderedPage, SiteBundle } from '../publish/site-port.ts';
import { isIndicatorId } from '../timeseries/catalog.ts';
import { LOCALES } from '../timeseries/locales.ts';
import { CATALOG } from '../timeseries/series.ts';
import { STATIC_DOCUMENTS } from './assets.ts';
import { bannerFor } from './banner.ts';
import { siteCharts } from './charts/answers.ts';
import { embedPage, findChart } from './charts/embed.ts';
import { queryKey } from './charts/window.ts';
import { robotsTxt, sitemapXml } from './crawlers.ts';
import { atomFeed } from './feed.ts';
import { llmsTxt } from './llms-txt.ts';
import { PAGE_SECURITY_HEADERS, withPageHeaders } from './page/headers.ts';
import { renderHtml } from './page/html.ts';
import { renderMarkdown } from './page/markdown.ts';
import type { Page } from './page/page.ts';
import { archiveCalendarPage, archiveYears, noReadingPage } from './pages/archive.ts';
import { changelogPage } from './pages/changelog.ts';
import { aboutPage, blogIndexPage, blogPostPage } from './pages/content.ts';
import { dashboardPage } from './pages/dashboard.ts';
import { docsPage } from './pages/docs.ts';
import { indicatorPage } from './pages/indicator.ts';
import { lensPage, lensPath } from './pages/lens.ts';
import { marketsPage } from './pages/markets.ts';
import { methodologyPage, protocolPage } from './pages/methodology.ts';
import { modelInputPage } from './pages/model-input.ts';
import { errorPage, notFoundPage } from './pages/not-found.ts';
import { revisionsPage } from './pages/revisions.ts';
import { archivePage, todayPage } from './pages/today.ts';
import { type SiteData, siteData } from './site-data.ts';
import { weeklyNotes } from './weekly-note.ts';

/** An embed page may be framed by any site (its CSP otherwise as every page's). */
const EMBED_HEADERS = {
  'content-security-policy': PAGE_SECURITY_HEADERS['content-security-policy'].replace(
    "frame-ancestors 'none'",
    'frame-ancestors *',
  ),
};

/** The API catalog's media type: a linkset (RFC 9264) with the RFC 9727 profile. */
const API_CATALOG_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

const HTML = 'text/html; charset=utf-8';
const MARKDOWN = 'text/markdown; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';
const XML = 'application/xml; charset=utf-8';
const ATOM = 'application/atom+xml; charset=utf-8';

type Render = (page: Page, compression?: Compression, status?: number) => RenderedPage;

/**
 * The website of one publication: every page rendered from its typed resources, as HTML and Markdown from one
 * page model. Pages, archive days and charts are rendered on their first request and kept in bounded LRU caches
 * (a start does not spend its time on pages nobody asked for, and unique URLs cannot grow memory without bound).
 */
export function buildSite(publication: Publication): SiteBundle {
  const data = siteData(publication);
  const noteOf = weeklyNotes(data);
  const site = { name: data.name, baseUrl: data.baseUrl, banner: bannerFor(publication) };
  // The fixed pages are few and always encoded; archive days, ranges and charts are rendered per distinct URL and
  // encoded only while the encoder is idle, so a crawl cannot queue up compression work (see prepared-response).
  const render: Render = (page, compression = 'always', status = 200) => {
    const policy = status === 200 ? CACHE_CONTROL.page : CACHE_CONTROL.error;
    const body = (text: string, type: string) =>
      withPageHeaders(prepareBody(Buffer.from(text), type, policy, status, compression));
    return { html: body(renderHtml(page, site), HTML), markdown: body(renderMarkdown(page, site), MARKDOWN) };
  };
  const byId = new Map(data.indicators.map((i) => [i.def.id, i]));
  const builders = pageBuilders(data, publication, noteOf);
  const pages = cached('pages', 16 * MIB, (path) => {
    const build = builders.get(path);
    return build ? render(build()) : undefined;
  });
  // Other ranges, date ranges and comparisons: rendered per distinct query, kept in a bounded cache.
  const ranges = keptAnswers<RenderedPage>('pages for other ranges', { bytes: 4 * MIB, sizeOf: pageSize });
  const rangePage = (id: string, query: ChartQuery): RenderedPage | undefined => {
    const item = byId.get(id);
    if (!item) return undefined;
    return keptOr(ranges, `${id}|${queryKey(query)}`, () => render(indicatorPage(data, item, query), 'if-idle'));
  };
  // An archive day renders in about a millisecond: a small cache serves the popular days, a crawl re-renders.
  const archive = cached('archive days', 4 * MIB, (date) => {
    if (!data.history || data.history.count === 0) return undefined;
    const page = archivePage(data, date, noteOf);
    return page ? render(page, 'if-idle') : render(noReadingPage(data.history, date), 'if-idle', 404);
  });
  const embed = embedPages(data, byId, builders, noteOf, render);
  const chart = siteCharts(data, byId);
  const days = (n: number): ChartQuery => ({ window: { days: n }, compare: null });
  const lastDay = data.history ? data.history.count - 1 : -1;
  const latestNote = lastDay >= 0 ? noteOf(lastDay) : undefined;
  return {
    latestWeeklyNote:
      latestNote && data.history ? { readingDate: data.history.dates[lastDay]!, text: latestNote.text } : undefined,
    page: (path) => {
      // The latest year's calendar is /archive; /archive/{that year} is the same page.
      const latestYear = data.history?.to.slice(0, 4);
      if (latestYear && path === `/archive/${latestYear}`) return pages('/archive');
      return builders.has(path) ? pages(path) : undefined;
    },
    errorPage: (status, path, title, message, hint) => render(errorPage(path, title, message, hint), 'if-idle', status),
    indicatorPage: (id, query) =>
      query.window === null && query.compare === null ? pages(`/indicators/${id}`) : rangePage(id, query),
    archive: (date) => archive(date),
    embed,
    chart,
    ...fixedDocuments(data, render, [...builders.keys()]),
    // Only the home page is rendered before the publication goes live; the other pages (~70) wait for their first
    // visitor: rendering them all at a publish made garbage whose full collections held up the requests meanwhile.
    warmups: [
      () => void pages('/'),
      ...(['line', 'compact'] as const).map((style) => () => chart('headline', days(1826), style)),
      () => chart('headline-gauge', days(365), 'line'),
      // The dashboard's sparklines; an indicator page's own charts are drawn for its first visitor (on the chart
      // thread: the page does not wait for its images), which spares every publish ~50 drawings and their memory.
      ...data.indicators.map((i) => () => chart(i.def.id, days(365), 'spark')),
    ],
  };
}

/** The responses that are the same whatever is asked: the 404 page, llms.txt, the API catalog, robots, feed, sitemap. */
function fixedDocuments(data: SiteData, render: Render, paths: readonly string[]) {
  return {
    notFound: render(notFoundPage(), 'always', 404),
    llms: prepareBody(Buffer.from(llmsTxt(data)), TEXT, CACHE_CONTROL.page),
    apiCatalog: withHeaders(
      prepareBody(Buffer.from(JSON.stringify(apiCatalog(data.baseUrl))), API_CATALOG_TYPE, CACHE_CONTROL.apiCatalog),
      { link: PAGE_SECURITY_HEADERS.link },
    ),
    documents: new Map([
      ...STATIC_DOCUMENTS,
      ['/robots.txt', prepareBody(Buffer.from(robotsTxt(data.baseUrl)), TEXT, CACHE_CONTROL.page)],
      ['/feed.xml', prepareBody(Buffer.from(atomFeed(data)), ATOM, CACHE_CONTROL.page)],
      ['/sitemap.xml', prepareBody(Buffer.from(sitemapXml(data, paths)), XML, CACHE_CONTROL.page)],
    ]),
  };
}

/**
 * The charts' embed pages: the chart as its page draws it, framed by any site (frame-ancestors *); an indicator's
 * own page (in the window asked), a day's page, else the model's pages, host the chart.
 */
function embedPages(
  data: SiteData,
  byId: ReadonlyMap<string, SiteData['indicators'][number]>,
  builders: ReadonlyMap<string, () => Page>,
  noteOf: ReturnType<typeof weeklyNotes>,
  render: Render,
): SiteBundle['embed'] {
  const embeds = keptAnswers<RenderedPage>('embeds', { bytes: 2 * MIB, sizeOf: pageSize });
  function* embedHosts(id: string, query: ChartQuery | null): Generator<Page> {
    const item = byId.get(id);
    if (item) {
      yield indicatorPage(data, item, query ?? { window: null, compare: null });
      return;
    }
    const day = /-(\d{4}-\d{2}-\d{2})$/.exec(id)?.[1];
    if (day) {
      const page = data.history && data.history.count > 0 ? archivePage(data, day, noteOf) : undefined;
      if (page) yield page;
      return;
    }
    for (const path of ['/', '/methodology', '/markets', '/today']) yield builders.get(path)!();
  }
  // Kept by id and search, which `query` is parsed from: a hit is the same chart.
  return (id, query, search) =>
    keptOr(embeds, `${id}?${search}`, () => {
      const found = findChart(embedHosts(id, query), id, search);
      if (!found) return undefined;
      const page = render(embedPage(found, data.baseUrl, data.name), 'if-idle');
      return { html: withHeaders(page.html, EMBED_HEADERS), markdown: withHeaders(page.markdown, EMBED_HEADERS) };
    });
}

/** Every fixed page of the site by its path, each built when first asked for. */
function pageBuilders(
  data: SiteData,
  publication: Publication,
  noteOf: ReturnType<typeof weeklyNotes>,
): Map<string, () => Page> {
  const modelInputs = new Set(data.model?.groups.flatMap((g) => g.indicators.map((i) => i.id)) ?? []);
  return new Map<string, () => Page>([
    ['/', () => dashboardPage(data)],
    ['/today', () => todayPage(data)],
    ['/methodology', () => methodologyPage(data)],
    ...data.protocols.map((p): [string, () => Page] => [`/methodology/${p.slug}`, () => protocolPage(p)]),
    ['/markets', () => marketsPage(data)],
    ...LOCALES.map((locale): [string, () => Page] => [lensPath(locale), () => lensPage(data, locale)]),
    ...(data.history ? archiveYears(data.history) : []).map((year, k, years): [string, () => Page] => [
      k === years.length - 1 ? '/archive' : `/archive/${year}`,
      () => archiveCalendarPage(data.history!, year, k === years.length - 1, noteOf)!,
    ]),
    ['/docs', () => docsPage(data)],
    ['/changelog', () => changelogPage(data)],
    ['/about', () => aboutPage(data)],
    ['/blog', () => blogIndexPage(data.blog)],
    ...data.blog.map((post): [string, () => Page] => [`/blog/${post.slug}`, () => blogPostPage(post)]),
    ...data.indicators.map((item): [string, () => Page] => [
      `/indicators/${item.def.id}`,
      () => indicatorPage(data, item, { window: null, compare: null }),
    ]),
    ...data.indicators.map((item): [string, () => Page] => [
      `/indicators/${item.def.id}/revisions`,
      () => revisionsPage(item, publication.vintaged.get(item.def.id)),
    ]),
    // Every other series of the catalog — the model's other inputs (drivers name them) and the benchmarks.
    ...CATALOG.filter((def) => !isIndicatorId(def.id)).map((def): [string, () => Page] => [
      `/indicators/${def.id}`,
      () => modelInputPage(def, publication.current.get(def.id), modelInputs.has(def.id) ? 'model input' : 'series'),
    ]),
  ]);
}

/**
 * A bounded cache of rendered responses: LRU by bytes (each entry weighs its identity body; the encodings are a
 * fraction of it). A miss that renders nothing (unknown key) is not kept. The budgets are small (about 100 archive
 * days or ranges, 100 embeds; every fixed page) so that a crawl of the archive does not keep memory for good.
 */
function cached(name: string, bytes: number, build: (key: string) => RenderedPage | undefined) {
  const cache = keptAnswers<RenderedPage>(name, { bytes, sizeOf: pageSize });
  return (key: string): RenderedPage | undefined => keptOr(cache, key, () => build(key));
}

/** The bytes of a rendered page, for the caches' size bound. */
function pageSize(page: RenderedPage): number {
  return page.html.body.length + page.markdown.body.length || 1;
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
      {
        // The same data for agents: the Model Context Protocol endpoint (streamable HTTP).
        anchor: `${baseUrl}/mcp`,
        'service-doc': [{ href: `${baseUrl}/docs#mcp`, type: 'text/html' }],
        status: [{ href: `${baseUrl}/api/health`, type: 'application/json' }],
      },
    ],
  };
}
