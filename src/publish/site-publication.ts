import type { CorrelationReport } from '../analytics/correlation/correlation.ts';
import type { History } from '../analytics/model/history.ts';
import { SCORED } from '../analytics/model/spec.ts';
import { round } from '../analytics/stats/round.ts';
import { gaugeSvg, lineChartSvg, sparklineSvg } from '../site/charts.ts';
import { llmsTxt } from '../site/llms-txt.ts';
import { type Page, renderHtml, renderMarkdown } from '../site/page.ts';
import { aboutPage, blogIndexPage, blogPostPage, methodologyPage } from '../site/pages/content.ts';
import { dashboardPage } from '../site/pages/dashboard.ts';
import { docsPage, type EndpointDoc, type ErrorDoc } from '../site/pages/docs.ts';
import { indicatorPage } from '../site/pages/indicator.ts';
import { archivePage, todayPage } from '../site/pages/today.ts';
import { type ApiExample, type BlogPost, type IndicatorSummary, type SiteData, unitLabel } from '../site/site-data.ts';
import type { SeriesRefreshState } from '../store/runs.ts';
import { firstIndexOnOrAfter } from '../timeseries/as-of.ts';
import { seriesDef } from '../timeseries/catalog.ts';
import { addDays, daysBetween } from '../timeseries/dates.ts';
import { DATA_LICENSE, licenseOf } from '../timeseries/licenses.ts';
import { LOCALES } from '../timeseries/locales.ts';
import type { Observation } from '../timeseries/observation.ts';
import { INDICATOR_IDS } from '../timeseries/series.ts';
import type { Freshness } from './freshness.ts';
import { type PreparedResponse, prepareBody, prepareJson, withHeaders } from './prepared-response.ts';
import type { SeriesResponses } from './series-response.ts';

/** What the repository and the HTTP layer contribute to the site, fixed for the life of the process. */
export interface SiteContent {
  name: string;
  serviceVersion: string;
  blog: BlogPost[];
  methodologyMarkdown: string;
  endpoints: EndpointDoc[];
  errors: ErrorDoc[];
  /** The /api directory body (for the snapshot's `apis` and the docs and OpenAPI example). */
  directory: { endpoints: Array<{ method: string; path: string; url: string; summary: string }> } & Record<
    string,
    unknown
  >;
  partnerSites: PartnerSite[];
}

export interface PartnerSite {
  name: string;
  url: string;
  relation: string;
}

export const DEFAULT_PARTNER_SITES: PartnerSite[] = [
  { name: 'FRED, Federal Reserve Bank of St. Louis', url: 'https://fred.stlouisfed.org/', relation: 'data-source' },
  { name: 'U.S. Treasury Fiscal Data', url: 'https://fiscaldata.treasury.gov/', relation: 'data-source' },
  {
    name: 'Federal Reserve Bank of New York, Markets Data',
    url: 'https://markets.newyorkfed.org/',
    relation: 'data-source',
  },
  {
    name: 'Chicago Fed National Financial Conditions Index',
    url: 'https://www.chicagofed.org/research/data/nfci/current-data',
    relation: 'validation-benchmark',
  },
];

export const PAGE_CACHE_CONTROL = 'public, max-age=300, s-maxage=3600, stale-while-revalidate=21600';
export const SNAPSHOT_CACHE_CONTROL = 'public, s-maxage=3600, stale-while-revalidate=21600';
export const HEALTH_CACHE_CONTROL = 'no-cache';
export const CHART_CACHE_CONTROL = 'public, max-age=3600, s-maxage=21600';
export const MARKDOWN_CONTENT_TYPE = 'text/markdown; charset=utf-8';
const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

export interface RenderedPage {
  html: PreparedResponse;
  markdown: PreparedResponse;
}

export interface SitePublication {
  /**
   * A page by path ('/', '/docs', '/indicators/tga', …), rendered from this publication on its first request and
   * then kept: a start does not spend its time on pages nobody has asked for yet.
   */
  page(path: string): RenderedPage | undefined;
  /** An indicator page for another chart range (rendered on first request, then kept). */
  indicatorPage(id: string, days: number): RenderedPage | undefined;
  /** /today/YYYY-MM-DD (rendered on first request, then kept). */
  archive(date: string): RenderedPage | undefined;
  /** An SVG chart (rendered on first request, then kept): an indicator id, 'headline' or 'headline-gauge'. */
  chart(id: string, days: number, style: 'line' | 'spark'): PreparedResponse | undefined;
  llms: PreparedResponse;
  apiCatalog: PreparedResponse;
  snapshot: PreparedResponse | undefined;
  snapshotError: string | undefined;
  health: PreparedResponse;
  /** Real responses, trimmed, by route path: the docs page and the OpenAPI examples. */
  examples: ReadonlyMap<string, unknown>;
}

export interface SiteInput {
  content: SiteContent;
  baseUrl: string;
  now: Date;
  publicationVersion: number;
  current: ReadonlyMap<string, readonly Observation[]>;
  series: ReadonlyMap<string, SeriesResponses>;
  states: ReadonlyMap<string, SeriesRefreshState>;
  lastRun: { id: number; status: string; started_at: string; finished_at: string | null } | undefined;
  regime: Record<string, unknown> | undefined;
  history: History | undefined;
  model: Record<string, unknown> | undefined;
  lensEn: Record<string, unknown> | undefined;
  correlation: CorrelationReport | undefined;
}

export function buildSitePublication(input: SiteInput): SitePublication {
  const { content, baseUrl } = input;
  const indicators = indicatorSummaries(input);
  const examples = buildExamples(input, indicators);
  const data: SiteData = {
    name: content.name,
    baseUrl,
    generatedAt: input.now.toISOString(),
    regime: input.regime as SiteData['regime'],
    history: input.history,
    model: input.model as SiteData['model'],
    lens: input.lensEn as SiteData['lens'],
    correlation: input.correlation,
    indicators,
    blog: content.blog.map((post) => ({ ...post, markdown: post.markdown.replaceAll('https://example.org', baseUrl) })),
    methodologyMarkdown: content.methodologyMarkdown,
    examples: [...examples].map(
      ([path, body]): ApiExample => ({
        title: path,
        path: examplePath(path),
        status: 200,
        body: JSON.stringify(body, null, 2),
      }),
    ),
  };
  const site = { name: content.name, baseUrl };
  const render = (page: Page): RenderedPage => ({
    html: withPageHeaders(prepareBody(Buffer.from(renderHtml(page, site)), HTML_CONTENT_TYPE, PAGE_CACHE_CONTROL)),
    markdown: withPageHeaders(
      prepareBody(Buffer.from(renderMarkdown(page, site)), MARKDOWN_CONTENT_TYPE, PAGE_CACHE_CONTROL),
    ),
  });
  const byId = new Map(indicators.map((i) => [i.def.id, i]));
  const builders = new Map<string, () => Page>([
    ['/', () => dashboardPage(data)],
    ['/today', () => todayPage(data)],
    ['/methodology', () => methodologyPage(data)],
    ['/docs', () => docsPage(data, content.endpoints, content.errors)],
    ['/about', () => aboutPage(data)],
    ['/blog', () => blogIndexPage(data.blog)],
    ...data.blog.map((post): [string, () => Page] => [`/blog/${post.slug}`, () => blogPostPage(post)]),
    ...indicators.map((item): [string, () => Page] => [
      `/indicators/${item.def.id}`,
      () => indicatorPage(data, item, 365),
    ]),
  ]);
  const lazy = <T>(limit: number, build: (key: string) => T | undefined) => {
    const cache = new Map<string, T | undefined>();
    return (key: string) => {
      if (cache.has(key)) return cache.get(key);
      const value = build(key);
      if (cache.size >= limit) cache.clear();
      cache.set(key, value);
      return value;
    };
  };
  const rangePage = lazy(400, (key) => {
    const [id, days] = key.split('|');
    const item = byId.get(id!);
    return item ? render(indicatorPage(data, item, Number(days))) : undefined;
  });
  const archive = lazy(2000, (date) => {
    const page = input.history ? archivePage(input.history, date) : undefined;
    return page ? render(page) : undefined;
  });
  const chart = lazy(1000, (key) => {
    const [id, days, style] = key.split('|');
    const svg = chartSvg(id!, Number(days), style as 'line' | 'spark', byId, input.history, input.regime);
    return svg === undefined
      ? undefined
      : withPageHeaders(prepareBody(Buffer.from(svg), 'image/svg+xml; charset=utf-8', CHART_CACHE_CONTROL));
  });

  const pageCache = lazy(200, (path) => {
    const build = builders.get(path);
    return build ? render(build()) : undefined;
  });
  const snapshot = buildSnapshot(input, indicators);
  return {
    page: (path) => (builders.has(path) ? pageCache(path) : undefined),
    indicatorPage: (id, days) => (days === 365 ? pageCache(`/indicators/${id}`) : rangePage(`${id}|${days}`)),
    archive: (date) => archive(date),
    chart: (id, days, style) => chart(`${id}|${days}|${style}`),
    llms: prepareBody(Buffer.from(llmsTxt(data)), 'text/plain; charset=utf-8', PAGE_CACHE_CONTROL),
    apiCatalog: prepareBody(
      Buffer.from(JSON.stringify(apiCatalog(baseUrl))),
      'application/linkset+json',
      'public, max-age=3600',
    ),
    snapshot: snapshot.value,
    snapshotError: snapshot.error,
    health: prepareJson(health(input, indicators), HEALTH_CACHE_CONTROL),
    examples,
  };
}

/** Security headers for pages and documents shown in a browser: no script at all, styles only from the site. */
export const PAGE_SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  vary: 'Accept',
};

function withPageHeaders(prepared: PreparedResponse): PreparedResponse {
  return withHeaders(prepared, PAGE_SECURITY_HEADERS);
}

function indicatorSummaries(input: SiteInput): IndicatorSummary[] {
  const scoredCount = new Map<string, number>();
  for (const s of SCORED) scoredCount.set(s.group, (scoredCount.get(s.group) ?? 0) + 1);
  const groupWeight = new Map<string, number>(
    ((input.model?.groups as Array<{ id: string; weight: number }> | undefined) ?? []).map((g) => [g.id, g.weight]),
  );
  return INDICATOR_IDS.map((id) => {
    const def = seriesDef(id)!;
    const license = licenseOf(def);
    const stored = input.current.get(id) ?? [];
    // Restricted terms: the values never leave the service, only statistics do (see licenseOf).
    const withheld = license.redistribution !== 'full';
    const observations = withheld ? [] : stored;
    const latest = observations.at(-1) ?? null;
    const previous = observations.at(-2) ?? null;
    const responses = input.series.get(id);
    const scored = SCORED.find((s) => s.id === id);
    const stats = responses?.stats;
    return {
      def,
      license,
      withheld,
      latestDate: stored.at(-1)?.date ?? null,
      observations,
      latest,
      previous,
      change: latest && previous ? round(latest.value - previous.value, 6) : null,
      zScore: latest && stats && stats.std > 0 ? round((latest.value - stats.mean) / stats.std, 2) : null,
      percentile5y: stats?.percentile ?? null,
      source: responses?.meta.source ?? null,
      scored: Boolean(scored),
      weight: scored ? round((groupWeight.get(scored.group) ?? 0) / scoredCount.get(scored.group)!, 4) : 0,
      group: scored?.group ?? def.group,
      transform: scored
        ? scored.transform.kind === 'level'
          ? 'its level'
          : scored.transform.kind === 'change'
            ? `its change over ${scored.transform.days} days`
            : 'a depletion signal (live only during a large drawdown toward a low balance)'
        : null,
    };
  });
}

function chartSvg(
  id: string,
  days: number,
  style: 'line' | 'spark',
  byId: ReadonlyMap<string, IndicatorSummary>,
  history: History | undefined,
  regime: Record<string, unknown> | undefined,
): string | undefined {
  if (id === 'headline-gauge') {
    if (!regime) return undefined;
    return gaugeSvg(Number(regime.percentile5y), String(regime.status));
  }
  if (id === 'headline') {
    if (!history || history.count === 0) return undefined;
    const points = history.dates.map((date, i) => ({ date, value: history.headline[i]! }));
    const window = trailing(points, days);
    return style === 'spark'
      ? sparklineSvg(window)
      : lineChartSvg(window, {
          title: 'Liquidity headline (dli-1)',
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

function buildSnapshot(
  input: SiteInput,
  indicators: IndicatorSummary[],
): { value: PreparedResponse | undefined; error: string | undefined } {
  if (!input.regime)
    return { value: undefined, error: 'the regime is not available, so the snapshot cannot be assembled' };
  try {
    return { value: prepareJson(snapshotBody(input, indicators), SNAPSHOT_CACHE_CONTROL), error: undefined };
  } catch (cause) {
    return { value: undefined, error: `snapshot assembly failed: ${(cause as Error).message}` };
  }
}

export function snapshotBody(input: SiteInput, indicators: IndicatorSummary[]) {
  const b = input.baseUrl;
  const { content } = input;
  return {
    $schema: `${b}/openapi.json#/components/schemas/Snapshot`,
    generatedAt: input.now.toISOString(),
    site: {
      name: content.name,
      baseUrl: b,
      description:
        'Free, read-only JSON API and website of US-dollar liquidity indicators, a validated liquidity regime, a three-axis lens and market correlations.',
      license: { ...DATA_LICENSE },
      dataSources: DEFAULT_PARTNER_SITES.filter((p) => p.relation === 'data-source').map((p) => ({
        name: p.name,
        url: p.url,
      })),
      refreshIntervalHours: 6,
      locales: [...LOCALES],
      serviceVersion: content.serviceVersion,
    },
    regime: input.regime!,
    indicators: indicators.map((i) => ({
      id: i.def.id,
      name: i.def.name,
      group: i.group,
      unit: i.def.unit,
      frequency: i.def.frequency,
      latestDate: i.latestDate,
      latestValue: i.latest?.value ?? null,
      license: { terms: i.license.terms, redistribution: i.license.redistribution },
      previousDate: i.previous?.date ?? null,
      change: i.change,
      zScore: i.zScore,
      percentile5y: i.percentile5y,
      source: (i.source as Freshness | null) ?? null,
      scored: i.scored,
      weight: i.weight,
      seriesUrl: `${b}/api/series/${i.def.id}`,
      pageUrl: `${b}/indicators/${i.def.id}`,
    })),
    dliModel: input.model ?? null,
    recentBlog: content.blog.slice(0, 5).map((p) => ({
      title: p.title,
      date: p.date,
      summary: p.summary,
      url: `${b}/blog/${p.slug}`,
      markdownUrl: `${b}/blog/${p.slug}.md`,
    })),
    keyPages: [
      ['Dashboard', '/', '/index.md'],
      ['Today', '/today', '/today.md'],
      ['Methodology', '/methodology', '/methodology.md'],
      ['API documentation', '/docs', '/docs.md'],
      ['About', '/about', '/about.md'],
    ].map(([title, path, md]) => ({ title: title!, url: `${b}${path}`, markdownUrl: `${b}${md}` })),
    machineReadable: [
      { name: 'OpenAPI 3.1', url: `${b}/openapi.json`, type: 'application/vnd.oai.openapi+json;version=3.1' },
      { name: 'API catalog (RFC 9727)', url: `${b}/.well-known/api-catalog`, type: 'application/linkset+json' },
      { name: 'llms.txt', url: `${b}/llms.txt`, type: 'text/plain' },
      { name: 'Endpoint directory', url: `${b}/api`, type: 'application/json' },
      { name: 'Health', url: `${b}/api/health`, type: 'application/json' },
    ],
    apis: content.directory.endpoints.map((e) => ({ method: e.method, path: e.path, url: e.url, summary: e.summary })),
    partnerSites: content.partnerSites,
  };
}

function health(input: SiteInput, indicators: IndicatorSummary[]) {
  const today = input.now.toISOString().slice(0, 10);
  const sources = [...input.states.values()]
    .map((state) => {
      const latest = input.current.get(state.seriesId)?.at(-1);
      return {
        seriesId: state.seriesId,
        lastStatus: state.lastStatus,
        lastAttemptAt: state.lastAttemptAt,
        lastSuccessAt: state.lastSuccessAt,
        lastError: state.lastStatus === 'error' ? state.lastError : null,
        latestDate: latest?.date ?? null,
        dataAgeDays: latest ? daysBetween(latest.date, today) : null,
      };
    })
    .sort((a, b) => a.seriesId.localeCompare(b.seriesId));
  const failing = sources.filter((s) => s.lastStatus === 'error').length;
  const withData = indicators.filter((i) => i.latest).length;
  const status = withData === 0 ? 'down' : failing > 0 || !input.regime ? 'degraded' : 'ok';
  return {
    status,
    serviceVersion: input.content.serviceVersion,
    modelVersion: (input.model?.version as string | undefined) ?? null,
    checkedAt: input.now.toISOString(),
    publication: { version: input.publicationVersion, builtAt: input.now.toISOString() },
    lastRefresh: input.lastRun
      ? {
          runId: input.lastRun.id,
          status: input.lastRun.status,
          startedAt: input.lastRun.started_at,
          finishedAt: input.lastRun.finished_at,
        }
      : null,
    indicators: { total: indicators.length, withData, fresh: indicators.filter((i) => i.source === 'fresh').length },
    sources,
  };
}

/** Real response bodies, trimmed to a few elements where they are long, keyed by route path. */
function buildExamples(input: SiteInput, indicators: IndicatorSummary[]): Map<string, unknown> {
  const examples = new Map<string, unknown>();
  examples.set('/api', input.content.directory);
  const tga = input.series.get('tga');
  if (tga) examples.set('/api/series/{id}', JSON.parse(tga.forDays(7).body.toString()));
  if (input.regime) examples.set('/api/regime', input.regime);
  if (input.history && input.history.count > 0) examples.set('/api/history', trimHistory(input.history));
  if (input.model) examples.set('/api/model', input.model);
  if (input.lensEn) examples.set('/api/lens', input.lensEn);
  if (input.correlation)
    examples.set('/api/correlation', trimCorrelation({ updatedAt: input.now.toISOString(), ...input.correlation }));
  if (input.regime) {
    const snapshot = snapshotBody(input, indicators);
    examples.set('/api/snapshot', {
      ...snapshot,
      indicators: snapshot.indicators.slice(0, 3),
      apis: snapshot.apis.slice(0, 3),
    });
  }
  const h = health(input, indicators);
  examples.set('/api/health', { ...h, sources: h.sources.slice(0, 3) });
  return examples;
}

function examplePath(routePath: string): string {
  if (routePath === '/api/series/{id}') return '/api/series/tga?days=7';
  if (routePath === '/api/lens') return '/api/lens?lang=en';
  return routePath;
}

function trimHistory(history: History): History {
  const k = Math.max(0, history.count - 3);
  const cut = <T>(xs: T[]) => xs.slice(k);
  return {
    ...history,
    from: history.dates[k]!,
    count: history.count - k,
    dates: cut(history.dates),
    headline: cut(history.headline),
    status: cut(history.status),
    aggregate: cut(history.aggregate),
    subIndices: {
      policy: cut(history.subIndices.policy),
      funding: cut(history.subIndices.funding),
      credit: cut(history.subIndices.credit),
      risk: cut(history.subIndices.risk),
    },
  };
}

function trimCorrelation<T extends CorrelationReport>(report: T): T {
  const copy = structuredClone(report);
  for (const asset of copy.assets) {
    for (const measure of ['headline', 'netLiquidity'] as const) {
      for (const w of ['13w', '26w', '52w'] as const)
        copy.correlations[asset][measure][w].path = copy.correlations[asset][measure][w].path.slice(-3);
      copy.leadLag[asset][measure].lags = copy.leadLag[asset][measure].lags.filter((l) => Math.abs(l.lag) <= 1);
    }
  }
  return copy;
}
