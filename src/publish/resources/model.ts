import type { Static } from '@sinclair/typebox';
import type { Regime } from '../../analytics/model/regime.ts';
import { LEVEL_BANDS, THRESHOLDS } from '../../analytics/model/spec.ts';
import { daysBetween, isoDate } from '../../timeseries/dates.ts';
import { STALE_READING_DAYS } from '../freshness.ts';
import { type Resource, resource } from '../resource.ts';
import {
  type History as HistorySchema,
  type ModelFreshness as ModelFreshnessSchema,
  ModelDescription as ModelSchema,
  type Regime as RegimeSchema,
} from '../schemas/regime.ts';
import type { Published } from './published.ts';
import { seriesUrl } from './series/catalog.ts';

/** The level's bands in words (the model's LEVEL_BANDS), for the pages that explain the fixed scale. */
export const LEVEL_WORDS = LEVEL_BANDS;

/** The status and momentum thresholds /api/model publishes, for a page drawn before any model has run. */
export const STATUS_THRESHOLDS = {
  riskOffAtOrAbove: THRESHOLDS.riskOff,
  riskOnAtOrBelow: THRESHOLDS.riskOn,
  momentumPoints: THRESHOLDS.momentumPoints,
  momentumDays: THRESHOLDS.momentumDays,
} as const;

/** The share of the nominal weight a day's fresh data must cover for a reading (the site's words quote it). */
export const MIN_LIVE_WEIGHT = THRESHOLDS.minLiveWeight;

/** Whether a model result is current, stale (its date is old), or the last good one kept after a failure. */
export type ModelFreshness = Static<typeof ModelFreshnessSchema>;

/**
 * The freshness of a reading dated `date`, published at `now`. When `coverage` says that inputs carrying less than
 * half of the model's nominal weight had live data, the reason says so and names the missing inputs, whatever
 * the state (a current reading on thin data is still current, but not to be read like a full one).
 */
export function readingFreshness(date: string, now: Date, coverage?: Regime['coverage']): ModelFreshness {
  const age = daysBetween(date, isoDate(now));
  const thin = coverage ? thinCoverage(coverage) : null;
  if (age <= STALE_READING_DAYS) return { state: 'current', reason: thin };
  const stale = `The latest reading describes ${date}, ${age} days before ${isoDate(now)}: no scored input has brought new data since (a current reading is at most ${STALE_READING_DAYS} days old). See /api/health for each source.`;
  return { state: 'stale', reason: thin ? `${stale} ${thin}` : stale };
}

/** The sentence a reading on under half of its nominal weight carries (null when coverage is not thin). */
export function thinCoverage(coverage: Regime['coverage']): string | null {
  if (coverage.liveWeightShare === undefined || coverage.liveWeightShare >= THRESHOLDS.minLiveWeight) return null;
  const share = Math.round(100 * coverage.liveWeightShare);
  return `Only inputs carrying ${share} % of the model's nominal weight had live data on this date (under ${Math.round(100 * THRESHOLDS.minLiveWeight)} %): missing ${coverage.missing.join(', ') || 'none'}; read it as a partial reading.`;
}

/** The model's three resources as served (GET /api/regime, /api/history, /api/model): publish/schemas/regime.ts. */
export type RegimeBody = Static<typeof RegimeSchema>;
export type HistoryBody = Static<typeof HistorySchema>;
export type ModelBody = Static<typeof ModelSchema>;
/** A driver as served: with the address of its series' observations. */
export type LinkedDriver = RegimeBody['drivers'][number];

/**
 * The regime with each driver's `url`: where its series is served (/api/series/{id} for the indicators,
 * /api/data/{id} for the model's other inputs such as effr-iorb), so that a driver can be followed to its data.
 */
export function withDriverUrls(regime: Regime, baseUrl: string): Omit<Regime, 'drivers'> & { drivers: LinkedDriver[] } {
  return { ...regime, drivers: regime.drivers.map((d) => ({ ...d, url: seriesUrl(baseUrl, d.indicatorId) })) };
}

/** GET /api/model: every model version, the current one's specification, and its validation. */
export const model: Published<'model', Resource<ModelBody>> = {
  key: 'model',
  path: '/api/model',
  cache: 'model',
  schema: ModelSchema,
  build: ({ modelState, provenance, modelInputs }) => {
    if (!modelState) return undefined;
    const { outputs, freshness } = modelState;
    return resource<ModelBody>({ ...outputs.description, freshness, provenance: provenance(modelInputs) }, model.cache);
  },
  example: (r) => r.body,
};
