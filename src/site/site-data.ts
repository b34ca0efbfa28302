import type { BlogPost, EndpointDoc, ErrorDoc, PublicationContent } from '../publish/content.ts';
import type { ModelState, Publication } from '../publish/publication.ts';
import type { CorrelationBody } from '../publish/resources/correlation.ts';
import { examplePath } from '../publish/resources/examples.ts';
import type { HealthBody } from '../publish/resources/health.ts';
import type { IndicatorSummary } from '../publish/resources/indicators.ts';
import type { LensBody } from '../publish/resources/lens.ts';
import type { HistoryBody, ModelBody, RegimeBody } from '../publish/resources/model.ts';
import { dateFormat, numberFormat } from '../timeseries/intl-formats.ts';
import type { Locale } from '../timeseries/locales.ts';
import type { Unit } from '../timeseries/series.ts';

/** Everything the pages are built from: the publication's typed resources, plus the repository's own content. */
export interface SiteData {
  name: string;
  baseUrl: string;
  generatedAt: string;
  /** How often the data is refreshed, in hours (from the configured schedule). */
  refreshIntervalHours: number;
  regime: RegimeBody | undefined;
  history: HistoryBody | undefined;
  /** Each history day's strongest drivers (id, change of share of the aggregate), aligned with history.dates. */
  dayDrivers: ModelState['outputs']['dayDrivers'];
  model: ModelBody | undefined;
  /** The lens in English (the site's language). */
  lens: LensBody | undefined;
  /** The lens in every locale (only the narrative differs). */
  lenses: ReadonlyMap<Locale, LensBody>;
  correlation: CorrelationBody | undefined;
  health: HealthBody;
  indicators: readonly IndicatorSummary[];
  blog: BlogPost[];
  methodologyMarkdown: string;
  endpoints: EndpointDoc[];
  errors: ErrorDoc[];
  apiChangelog: PublicationContent['apiChangelog'];
  /** Real responses for the API documentation page. */
  examples: ApiExample[];
}

export interface ApiExample {
  title: string;
  path: string;
  status: number;
  body: string;
}

/** The site's view of a publication (which must carry its content: the site is not built without it). */
export function siteData(publication: Publication): SiteData {
  const content = publication.content!;
  const baseUrl = publication.baseUrl;
  return {
    name: content.name,
    baseUrl,
    generatedAt: publication.builtAt,
    refreshIntervalHours: content.refreshIntervalHours,
    regime: publication.regime?.body,
    history: publication.history?.body,
    dayDrivers: publication.modelState?.outputs.dayDrivers,
    model: publication.model?.body,
    lens: publication.lens?.get('en')?.body,
    lenses: new Map([...(publication.lens ?? [])].map(([locale, resource]) => [locale, resource.body])),
    correlation: publication.correlation?.body,
    health: publication.health.body,
    indicators: publication.indicators,
    blog: content.blog.map((post) => ({ ...post, markdown: post.markdown.replaceAll('https://example.org', baseUrl) })),
    methodologyMarkdown: content.methodologyMarkdown,
    endpoints: content.endpoints,
    errors: content.errors,
    apiChangelog: content.apiChangelog,
    examples: [...publication.examples].map(([path, body]) => ({
      title: path,
      path: examplePath(path),
      status: 200,
      body: JSON.stringify(body, null, 2),
    })),
  };
}

const UNIT_LABEL: Record<Unit, string> = {
  usd_billions: 'USD bn',
  eur_billions: 'EUR bn',
  jpy_trillions: 'JPY tn',
  percent: '%',
  percent_of_gdp: '% of GDP',
  bps: 'bps',
  index: 'index',
  usd: 'USD',
};

export function unitLabel(unit: Unit): string {
  return UNIT_LABEL[unit];
}

/** 1234.5 → "1,234.5"; small values keep more decimals. */
export function formatValue(value: number, unit: Unit): string {
  const digits = Math.abs(value) >= 1000 ? 0 : Math.abs(value) >= 100 ? 1 : 2;
  const text = numberFormat('en-US', digits, digits).format(value);
  return unit === 'percent' || unit === 'percent_of_gdp' ? `${text}%` : `${text} ${UNIT_LABEL[unit]}`;
}

export function formatChange(change: number, unit: Unit): string {
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±';
  return `${sign}${formatValue(Math.abs(change), unit)}`;
}

export function formatDate(iso: string): string {
  return dateFormat('en-US', 'medium').format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
}
