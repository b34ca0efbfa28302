import { getChart, getChartPng } from './chart.ts';
import { getBulk, getSeriesCsv } from './csv.ts';
import { getData, getDataCsv, getDataXlsx } from './data.ts';
import { getDirectory } from './directory.ts';
import { getApiCatalog, getLlmsTxt, getMcp, openApiRoutes, staticDocuments } from './documents.ts';
import { getHistoryCsv } from './history.ts';
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
import { PUBLISHED_ROUTES as published } from './published-routes.ts';
import type { Route } from './route.ts';
import { getSeries, getSeriesFeed, getSeriesVintages, getSeriesVintagesCsv } from './series.ts';
import { getSeriesSetCsv, getSeriesSetJson } from './series-set.ts';
import { getSeriesSetXlsx, getSeriesXlsx } from './spreadsheet.ts';

/**
 * The route table: every URL the service answers, declared once, in the order the router tries them and the /api
 * directory lists them. The dispatcher, the /api directory (API_ROUTES) and the OpenAPI document (API_ROUTES and
 * DOCUMENT_ROUTES) are generated from it; the published resources' routes come from PUBLISHED_ROUTES.
 */
export const ROUTE_TABLE: readonly Route[] = [
  getDirectory,
  published.snapshot,
  published.health,
  // Before getSeries: its template would otherwise take `tga.csv` for an id.
  getSeriesCsv,
  getSeriesXlsx,
  getHistoryCsv,
  getBulk,
  getSeriesVintagesCsv,
  getSeriesVintages,
  getSeriesFeed,
  published.catalog,
  getSeriesSetCsv,
  getSeriesSetJson,
  getSeriesSetXlsx,
  getSeries,
  // Before getData, for the same reason.
  getDataCsv,
  getDataXlsx,
  getData,
  published.regime,
  published.history,
  published.model,
  published.lens,
  published.correlation,
  published.correlationHistory,
  published.changelog,
  getChart,
  getChartPng,
  getApiCatalog,
  getLlmsTxt,
  ...openApiRoutes,
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
