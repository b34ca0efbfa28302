import type { TSchema } from '@sinclair/typebox';
import { INDICATOR_IDS } from '../catalog.ts';
import { DEFAULT_DAYS, MAX_DAYS, SERIES_CACHE_CONTROL } from '../publish/series-response.ts';
import type { ErrorCode } from './error-codes.ts';
import { Directory } from './schemas/directory.ts';
import { SeriesResponse } from './schemas/series.ts';

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
  response: TSchema;
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
];
