import type { PreparedResponse } from './prepared-response.ts';
import type { Publication } from './publication.ts';

/**
 * What the website contributes to a publication, as the HTTP layer serves it. The site (src/site/) renders the
 * publication's typed resources into pages; the composition root hands its builder to the publisher, so that
 * neither publish/ nor http/ imports the site.
 */
export interface RenderedPage {
  html: PreparedResponse;
  markdown: PreparedResponse;
}

export interface SiteBundle {
  /** A page by path ('/', '/docs', '/indicators/tga', …), rendered on first request and then kept. */
  page(path: string): RenderedPage | undefined;
  /** An indicator page for another chart range. */
  indicatorPage(id: string, days: number): RenderedPage | undefined;
  /** /today/YYYY-MM-DD. */
  archive(date: string): RenderedPage | undefined;
  /** An SVG chart: an indicator id, 'headline' or 'headline-gauge'. */
  chart(id: string, days: number, style: 'line' | 'spark'): PreparedResponse | undefined;
  /** The page for a path that does not exist (status 404), in both forms. */
  notFound: RenderedPage;
  llms: PreparedResponse;
  apiCatalog: PreparedResponse;
  /** Static documents by path: the stylesheet and the icons. */
  documents: ReadonlyMap<string, PreparedResponse>;
  /**
   * The renders every visitor of the home page triggers (the fixed pages, the dashboard's charts), one function
   * each: the publisher runs them before the publication goes live, yielding between them, so no request waits
   * for them.
   */
  warmups: ReadonlyArray<() => void>;
}

export type SiteBuilder = (publication: Publication) => SiteBundle;
