import type { TSchema } from '@sinclair/typebox';
import {
  CORRELATION_CACHE_CONTROL,
  HISTORY_CACHE_CONTROL,
  LENS_CACHE_CONTROL,
  MODEL_CACHE_CONTROL,
  REGIME_CACHE_CONTROL,
} from '../publish/publication.ts';
import { DEFAULT_DAYS, MAX_DAYS, SERIES_CACHE_CONTROL } from '../publish/series-response.ts';
import {
  CHART_CACHE_CONTROL,
  HEALTH_CACHE_CONTROL,
  PAGE_CACHE_CONTROL,
  SNAPSHOT_CACHE_CONTROL,
} from '../publish/site-publication.ts';
import { LANG_MAPPING_TEXT, LOCALES } from '../timeseries/locales.ts';
import { INDICATOR_IDS } from '../timeseries/series.ts';
import type { ErrorCode } from './error-codes.ts';
import { Correlation } from './schemas/correlation.ts';
import { Directory } from './schemas/directory.ts';
import { Lens } from './schemas/lens.ts';
import { History, ModelDescription, Regime } from './schemas/regime.ts';
import { SeriesResponse } from './schemas/series.ts';
import { Health, Snapshot } from './schemas/snapshot.ts';

/**
 * The route table: the single description of every public /api endpoint. The server registers handlers from
 * it, and the /api directory and the OpenAPI document are generated from it.
 */
export interface ParameterSpec {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  type: 'string' | 'integer';
  description: string;
  enum?: string[];
  minimum?: number;
  maximum?: number;
  default?: string | number;
}

export interface RouteSpec {
  operationId: string;
  method: 'GET';
  /** OpenAPI-style template, e.g. /api/series/{id}. */
  path: string;
  summary: string;
  description: string;
  parameters: ParameterSpec[];
  /** JSON schema of the 200 body; null for non-JSON documents (see contentType). */
  response: TSchema | null;
  /** Media type of the 200 body; application/json when absent. */
  contentType?: string;
  cacheControl: string;
  errors: ErrorCode[];
  tag: string;
}

export const DIRECTORY_CACHE_CONTROL = 'public, max-age=300, s-maxage=3600';
export const ERROR_CACHE_CONTROL = 'no-store';

export const ROUTES: RouteSpec[] = [
  {
    operationId: 'getDirectory',
    method: 'GET',
    path: '/api',
    summary: 'Endpoint directory',
    description:
      'Every public endpoint with its method, path, parameters and description; the error envelope; the discovery URLs.',
    parameters: [],
    response: Directory,
    cacheControl: DIRECTORY_CACHE_CONTROL,
    errors: [],
    tag: 'discovery',
  },
  {
    operationId: 'getSnapshot',
    method: 'GET',
    path: '/api/snapshot',
    summary: 'Everything in one call (for agents)',
    description:
      'Site identity, the current regime, every indicator with its latest value, change, z-score and percentile, the model description with its validation figures, recent blog posts, key pages, machine-readable documents, the endpoint directory and the partner sites.',
    parameters: [],
    response: Snapshot,
    cacheControl: SNAPSHOT_CACHE_CONTROL,
    errors: ['snapshot_unavailable'],
    tag: 'discovery',
  },
  {
    operationId: 'getHealth',
    method: 'GET',
    path: '/api/health',
    summary: 'Health for monitors',
    description:
      'The last refresh and its outcome per source, the age of each series, the publication version and the service and model versions.',
    parameters: [],
    response: Health,
    cacheControl: HEALTH_CACHE_CONTROL,
    errors: ['service_unavailable'],
    tag: 'discovery',
  },
  {
    operationId: 'getSeries',
    method: 'GET',
    path: '/api/series/{id}',
    summary: 'One indicator as a daily time series',
    description:
      "The observations of one tracked series in its documented unit, ascending by date, each with its z-score. z-scores and meta.percentile use a trailing 5-year window (1,826 days ending at the series' last observation): zScore = (value − zScoreMean) / zScoreStd with the window's mean and sample standard deviation; percentile is the percent rank of the latest value in that window (ties counted half). `days` keeps the points dated within that many days up to and including lastAvailableDate. meta.source says how fresh the data is.",
    parameters: [
      {
        name: 'id',
        in: 'path',
        required: true,
        type: 'string',
        description: 'Series id; one of the 25 tracked ids.',
        enum: [...INDICATOR_IDS],
      },
      {
        name: 'days',
        in: 'query',
        required: false,
        type: 'integer',
        description: `Trailing window in days, counted back from the last observation. Integer ${1}–${MAX_DAYS}, written in plain decimal digits; given at most once.`,
        minimum: 1,
        maximum: MAX_DAYS,
        default: DEFAULT_DAYS,
      },
    ],
    response: SeriesResponse,
    cacheControl: SERIES_CACHE_CONTROL,
    errors: ['invalid_parameter', 'unknown_series', 'series_unavailable'],
    tag: 'series',
  },
  {
    operationId: 'getRegime',
    method: 'GET',
    path: '/api/regime',
    summary: 'Current liquidity regime',
    description:
      'The dli-1 liquidity regime on the latest scored day: status, momentum, confidence, compositeScore, the percentile5y headline (trailing 5-year percentile of the CISS-style aggregate; ≥ 80 tight, ≤ 20 loose), the top drivers, coverage and group sub-indices. freshness.state is last-good when the latest recompute failed and the previous result is served.',
    parameters: [],
    response: Regime,
    cacheControl: REGIME_CACHE_CONTROL,
    errors: ['regime_unavailable'],
    tag: 'model',
  },
  {
    operationId: 'getHistory',
    method: 'GET',
    path: '/api/history',
    summary: 'Daily headline history with sub-indices',
    description:
      'The 0–100 headline on every business day from the first warmed-up day, with the four group sub-indices, the aggregate and the status, as aligned columns (element i of each array belongs to dates[i]), ascending. Each day is computed as of that day from data published by then.',
    parameters: [],
    response: History,
    cacheControl: HISTORY_CACHE_CONTROL,
    errors: ['history_unavailable'],
    tag: 'model',
  },
  {
    operationId: 'getModel',
    method: 'GET',
    path: '/api/model',
    summary: 'The model: groups, weights, thresholds and validation figures',
    description:
      'The dli-1 model description: version, groups with weights and indicators, normalization, aggregation, thresholds, windows and the validation figures (Spearman correlation with NFCI and STLFSI4; forward returns by regime state) computed from the stored data at the last refresh.',
    parameters: [],
    response: ModelDescription,
    cacheControl: MODEL_CACHE_CONTROL,
    errors: ['model_unavailable'],
    tag: 'model',
  },
  {
    operationId: 'getLens',
    method: 'GET',
    path: '/api/lens',
    summary: 'The three-axis liquidity lens',
    description:
      'Quantity, Price and Structure readings and a structural posture × tactical pulse cell with a narrative, never folded into the regime score. A field whose inputs have not warmed up is null. lang selects the narrative locale only; every other field is identical across locales.',
    parameters: [
      {
        name: 'lang',
        in: 'query',
        required: false,
        type: 'string',
        description: `Narrative locale: ${LOCALES.join(', ')}; default en. ${LANG_MAPPING_TEXT} Anything else gets 400 invalid_parameter.`,
        default: 'en',
      },
    ],
    response: Lens,
    cacheControl: LENS_CACHE_CONTROL,
    errors: ['invalid_parameter', 'lens_unavailable'],
    tag: 'lens',
  },
  {
    operationId: 'getCorrelation',
    method: 'GET',
    path: '/api/correlation',
    summary: 'Liquidity against SPX, QQQ, BTC and gold',
    description:
      'Weekly rolling correlations (13, 26, 52 weeks) of liquidity changes with asset log returns, the lead/lag cross-correlation over −13…+13 weeks with a Bonferroni significance test, and forward returns by regime state (20 and 60 business days, non-overlapping samples, Welch t-test), each keyed by asset id.',
    parameters: [],
    response: Correlation,
    cacheControl: CORRELATION_CACHE_CONTROL,
    errors: ['correlation_unavailable'],
    tag: 'correlation',
  },
];

/** Documents served outside /api, described in the OpenAPI document too (not part of the /api directory). */
export const DOCUMENT_ROUTES: RouteSpec[] = [
  {
    operationId: 'getChart',
    method: 'GET',
    path: '/charts/{id}.svg',
    summary: 'Embeddable SVG chart of a series',
    description:
      "A server-rendered SVG chart of one series (any of the 25 ids, or 'headline' for the model headline, or 'headline-gauge'). Stable URL, for embedding.",
    parameters: [
      {
        name: 'id',
        in: 'path',
        required: true,
        type: 'string',
        description: "Series id, 'headline' or 'headline-gauge'.",
      },
      {
        name: 'days',
        in: 'query',
        required: false,
        type: 'integer',
        description: 'Trailing window in days, 1–4000.',
        minimum: 1,
        maximum: MAX_DAYS,
        default: DEFAULT_DAYS,
      },
      {
        name: 'style',
        in: 'query',
        required: false,
        type: 'string',
        description: 'line (default) or spark (axis-less thumbnail).',
        enum: ['line', 'spark'],
        default: 'line',
      },
    ],
    response: null,
    contentType: 'image/svg+xml',
    cacheControl: CHART_CACHE_CONTROL,
    errors: ['invalid_parameter', 'not_found', 'values_withheld'],
    tag: 'documents',
  },
  {
    operationId: 'getApiCatalog',
    method: 'GET',
    path: '/.well-known/api-catalog',
    summary: 'RFC 9727 API catalog',
    description:
      'A linkset with the service description (this document), the human documentation, the health endpoint and the license.',
    parameters: [],
    response: null,
    contentType: 'application/linkset+json',
    cacheControl: 'public, max-age=3600',
    errors: [],
    tag: 'documents',
  },
  {
    operationId: 'getLlmsTxt',
    method: 'GET',
    path: '/llms.txt',
    summary: 'Site index for language models (llmstxt.org)',
    description: 'Title, summary and sections of links to the Markdown forms of the pages.',
    parameters: [],
    response: null,
    contentType: 'text/plain',
    cacheControl: PAGE_CACHE_CONTROL,
    errors: [],
    tag: 'documents',
  },
];
