import type { ModelDescription } from '../../analytics/model/description.ts';
import type { History } from '../../analytics/model/history.ts';
import type { Regime } from '../../analytics/model/regime.ts';

import { daysBetween, isoDate } from '../../timeseries/dates.ts';
import type { Provenance } from '../provenance.ts';

/** Whether a model result is current, stale (its date is old), or the last good one kept after a failure. */
export interface ModelFreshness {
  state: 'current' | 'stale' | 'last-good';
  reason: string | null;
}

/**
 * A reading is stale when its date is more than this many days before the day it is published: the model's
 * daily inputs are published the next business day, so even over a long holiday weekend a current reading is at
 * most 4–5 days old; a week without one means the providers have published nothing newer or the refreshes fail.
 */
export const STALE_READING_DAYS = 7;

/** The freshness of a reading dated `date`, published at `now`. */
export function readingFreshness(date: string, now: Date): ModelFreshness {
  const age = daysBetween(date, isoDate(now));
  if (age <= STALE_READING_DAYS) return { state: 'current', reason: null };
  return {
    state: 'stale',
    reason: `The latest reading describes ${date}, ${age} days before ${isoDate(now)}: no scored input has brought new data since (a current reading is at most ${STALE_READING_DAYS} days old). See /api/health for each source.`,
  };
}

/** The model's three resources (GET /api/regime, /api/history, /api/model), each with its freshness. */
export type RegimeBody = Regime & { freshness: ModelFreshness; provenance: Provenance };
export type HistoryBody = History & { freshness: ModelFreshness; provenance: Provenance };
export type ModelBody = ModelDescription & { freshness: ModelFreshness; provenance: Provenance };
