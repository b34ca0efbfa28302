import { getChangelog } from './changelog.ts';
import { getChart, getChartPng } from './chart.ts';
import { getCorrelation } from './correlation.ts';
import { getCorrelationHistory } from './correlation-history.ts';
import { getBulk, getSeriesCsv } from './csv.ts';
import { getData, getDataCsv, getDataXlsx } from './data.ts';
import { getDirectory } from './directory.ts';
import { getApiCatalog, getLlmsTxt, getMcp, getOpenApi, getOpenApiWellKnown, staticDocuments } from './documents.ts';
import { getHealth } from './health.ts';
import { getHistory, getHistoryCsv } from './history.ts';
import { getLens } from './lens.ts';
import { getModel } from './model.ts';
import {
  archiveDay,
  archiveYearPage,
  blogPost,
  embedChart,
  fixedPages,
  indicatorPage,
  lensLocalePage,
  methodologyPart,
  revisionsPage,
} from './pages.ts';
import { getRegime } from './regime.ts';
import type { Route } from './route.ts';
import { getSeries, getSeriesFeed, getSeriesVintages, getSeriesVintagesCsv } from './series.ts';
import { getSeriesCatalog } from './series-catalog.ts';
import { getSeriesSetCsv, getSeriesSetJson } from './series-set.ts';
import { getSnapshot } from './snapshot.ts';
import { getSeriesSetXlsx, getSeriesXlsx } from './spreadsheet.ts';

/**
 * The route table: every URL the service answers, declared once. The dispatcher (behind Fastify's one GET route),
 * the /api directory (API_ROUTES) and the OpenAPI document (API_ROUTES and DOCUMENT_ROUTES) are generated from it.
 */
export const ROUTE_TABLE: readonly Route[] = [
  getDirectory,
  getSnapshot,
  getHealth,
  // Before getSeries: its template would otherwise take `tga.csv` for an id.
  getSeriesCsv,
  getSeriesXlsx,
  getHistoryCsv,
  getBulk,
  getSeriesVintagesCsv,
  getSeriesVintages,
  getSeriesFeed,
  getSeriesCatalog,
  getSeriesSetCsv,
  getSeriesSetJson,
  getSeriesSetXlsx,
  getSeries,
  // Before getData, for the same reason.
  getDataCsv,
  getDataXlsx,
  getData,
  getRegime,
  getHistory,
  getModel,
  getLens,
  getCorrelation,
  getCorrelationHistory,
  getChangelog,
  getChart,
  getChartPng,
  getApiCatalog,
  getLlmsTxt,
  getOpenApi,
  getOpenApiWellKnown,
  getMcp,
  ...staticDocuments,
  ...fixedPages,
  blogPost,
  archiveDay,
  archiveYearPage,
  lensLocalePage,
  revisionsPage,
  indicatorPage,
  methodologyPart,
  embedChart,
];

/** The /api endpoints, in the directory's order. */
export const API_ROUTES = ROUTE_TABLE.filter((route) => route.listed === 'api');

/** Documents outside /api that the OpenAPI document describes too. */
export const DOCUMENT_ROUTES = ROUTE_TABLE.filter((route) => route.listed === 'document');
