import { GROUP_IDS } from '../analytics/model/spec.ts';
import { ASSETS } from '../analytics/model/validation/forward-returns.ts';
import type { DateWindow } from '../timeseries/date-window.ts';
import type { Admit } from './on-demand/gate.ts';
import type { PreparedResponse } from './prepared-response.ts';
import type { Publication } from './publication/build.ts';

/** The query an embedded chart keeps from its image's URL, and /embed/{id} reads: its window and its comparison. */
export const EMBED_QUERY = ['days', 'start', 'end', 'compare'] as const;

/**
 * What the website contributes to a publication, as the HTTP layer serves it. The site (src/site/) renders the
 * publication's typed resources into pages; the composition root hands its builder to the publisher, so that
 * neither publish/ nor http/ imports the site.
 */
export interface RenderedPage {
  html: PreparedResponse;
  markdown: PreparedResponse;
}

/** The dates a chart or an indicator page shows. */
export type ChartWindow = DateWindow;

/** What an indicator page or chart shows: its window and, optionally, a second series to compare with. */
export interface ChartQuery {
  window: ChartWindow | null;
  /** A second series id, drawn on its own axis. */
  compare: string | null;
}

/** A drawn chart; 'busy' when too many charts are already being drawn; undefined when there is nothing to draw. */
export type ChartAnswer = PreparedResponse | 'busy' | undefined;

export interface SiteBundle {
  /** The latest reading's week's note, to be kept as first published (publisher.ts); undefined without one. */
  latestWeeklyNote: { readingDate: string; text: string } | undefined;
  /** A page by path ('/', '/docs', '/indicators/tga', …), rendered on first request and then kept. */
  page(path: string): RenderedPage | undefined;
  /** An indicator page; a null window is the default range for the series' frequency. */
  indicatorPage(id: string, query: ChartQuery): RenderedPage | undefined;
  /**
   * /today/YYYY-MM-DD: the day's page, or — for a valid date without a reading (a weekend, a holiday) — a page
   * with status 404 that links the nearest readings; undefined when there is no history.
   */
  archive(date: string): RenderedPage | undefined;
  /**
   * /embed/{id}: the chart `id` alone (as its page draws it, in the window of `search`, "days=365"), for another
   * site's <iframe>; `query` the parsed window of an indicator's chart. Undefined when no page draws that chart.
   */
  embed(id: string, query: ChartQuery | null, search: string): RenderedPage | undefined;
  /** An HTML (and Markdown) error page for a page request, e.g. 400 for a bad `?days=`; rendered per request. */
  errorPage(status: number, path: string, title: string, message: string, hint: string): RenderedPage;
  /**
   * A chart, SVG or PNG: an indicator id or one of MODEL_CHART_IDS; a promise while it is being drawn (off the
   * serving thread).
   */
  chart(
    id: string,
    query: ChartQuery,
    style: 'line' | 'compact' | 'spark',
    format?: 'svg' | 'png',
    /**
     * The asking client: a drawing whose clients all went away is dropped before it starts; one whose clients
     * all half-closed yields its place when the queue is full.
     */
    client?: ChartClient,
    /** The bound of on-demand work a drawing asked by a client runs within (its fair share); none at publish. */
    admit?: Admit,
  ): ChartAnswer | Promise<ChartAnswer>;
  /** The page for a path that does not exist (status 404), in both forms. */
  notFound: RenderedPage;
  llms: PreparedResponse;
  apiCatalog: PreparedResponse;
  /** Static documents by path: the stylesheet and the icons. */
  documents: ReadonlyMap<string, PreparedResponse>;
  /**
   * The renders every visitor of the home page triggers (the home page, the dashboard's charts), one function
   * each: the publisher runs them before the publication goes live, one at a time, yielding between them, so no
   * request waits for them. A chart's is a promise (it is drawn off the serving thread).
   */
  warmups: ReadonlyArray<() => unknown>;
}

/** What the site may know of a client waiting for a chart (the HTTP layer's ClientConnection). */
export interface ChartClient {
  gone: AbortSignal;
  halfClosed(): boolean;
}

export type SiteBuilder = (publication: Publication) => SiteBundle;

/** The documents every site provides in `documents` (static assets, robots.txt, the sitemap). */
export const SITE_DOCUMENT_PATHS = [
  '/assets/site.css',
  '/assets/site.js',
  '/assets/uplot.js',
  '/assets/uplot.css',
  '/favicon.svg',
  '/favicon.ico',
  '/robots.txt',
  '/sitemap.xml',
  '/feed.xml',
] as const;

/** What /markets draws against an asset: the net liquidity series and the model's headline. */
export const LIQUIDITY_MEASURES = ['net-liquidity', 'headline'] as const;

/** Assets whose prices may be drawn (their terms allow reproduction with attribution). */
export const DRAWABLE_ASSETS = ['btc'] as const;

/** The assets /markets relates liquidity to (the correlation statistics'), prices drawable or not. */
export const MARKET_ASSETS: readonly string[] = ASSETS;

/**
 * The model's charts: the headline (any window), its gauge, the headline's whole history shaded by regime, and
 * each group sub-index over the whole history (the decomposition, as the OFR and the Chicago Fed chart theirs).
 */
export const MODEL_CHART_IDS = [
  'headline',
  'headline-gauge',
  'headline-regimes',
  ...GROUP_IDS.map((group) => `subindex-${group}`),
  // Each group's part of the fixed-scale level over the whole history, stacked, the level drawn over them.
  'contributions',
  // Liquidity against an asset whose terms allow drawing its prices (bitcoin; the S&P 500, the Nasdaq-100 and gold
  // are restricted: their statistics are published, their prices are not drawn).
  ...LIQUIDITY_MEASURES.flatMap((measure) => DRAWABLE_ASSETS.map((asset) => `${measure}-vs-${asset}`)),
  // The 52-week rolling correlation of each measure with each asset over the whole history: a statistic, so drawn
  // for every asset, the restricted ones included.
  ...LIQUIDITY_MEASURES.flatMap((measure) => ASSETS.map((asset) => `${measure}-correlation-${asset}`)),
] as const;

/** A day page's charts: the headline and the level's parts around the day, the day marked (day-2026-08-27). */
const DAY_CHART_ID = /^(day|contributions)-\d{4}-\d{2}-\d{2}$/;

export function isModelChartId(id: string): boolean {
  return (MODEL_CHART_IDS as readonly string[]).includes(id) || DAY_CHART_ID.test(id);
}
