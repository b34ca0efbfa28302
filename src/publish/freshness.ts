import type { Static } from '@sinclair/typebox';
import type { SeriesRefreshState } from '../store/runs.ts';
import { formulaInputs, publicationLagDays, seriesDef, staleAfterDays } from '../timeseries/catalog.ts';
import { daysBetween, isoDate } from '../timeseries/dates.ts';
import type { Observation } from '../timeseries/observation.ts';
import type { SeriesDef } from '../timeseries/series.ts';
import { CATALOG } from '../timeseries/series.ts';
import type { SeriesFreshness as SeriesFreshnessSchema } from './schemas/freshness.ts';

/**
 * A reading is stale when its date is more than this many days before the day it is published: the model's
 * daily inputs are published the next business day, so even over a long holiday weekend a current reading is at
 * most 4–5 days old; a week without one means the providers have published nothing newer or the refreshes fail.
 */
export const STALE_READING_DAYS = 7;

/**
 * The one freshness model behind the API and the site. Per series:
 * - `fresh`: its refreshes succeed, and its latest observation is as recent as its publication lag allows;
 * - `late`: its refreshes succeed, but the provider has published nothing newer for longer than that (the data
 *   date is older than `lateAfterDays`);
 * - `failed`: its last refresh — or that of any series it is derived from, however deep — failed: the last good
 *   stored values are served, and `error` says why in plain words;
 * - `never-fetched`: nothing is stored for it (yet); `error` says why when an attempt failed.
 */
export const FRESHNESS_STATES = ['fresh', 'late', 'failed', 'never-fetched'] as const;

export type FreshnessState = (typeof FRESHNESS_STATES)[number];

export type SeriesFreshness = Static<typeof SeriesFreshnessSchema>;

/** `meta.source` of the series contract: fresh, stale (= late) or fallback (= failed). */
export const SOURCE_VALUES = ['fresh', 'stale', 'fallback'] as const;

export type Source = (typeof SOURCE_VALUES)[number];

export function sourceOf(state: FreshnessState): Source {
  return state === 'fresh' ? 'fresh' : state === 'late' ? 'stale' : 'fallback';
}

export function seriesFreshness(
  def: SeriesDef,
  lastDate: string | null,
  states: ReadonlyMap<string, SeriesRefreshState>,
  today: string,
): SeriesFreshness {
  const own = states.get(def.id);
  const failure = failureInTree(def, states);
  const ageDays = lastDate ? daysBetween(lastDate, today) : null;
  const lateAfterDays = staleAfterDays(def);
  const state: FreshnessState = failure
    ? 'failed'
    : lastDate === null
      ? 'never-fetched'
      : ageDays! > lateAfterDays
        ? 'late'
        : 'fresh';
  return {
    state,
    dataDate: lastDate,
    ageDays,
    expectedLagDays: publicationLagDays(def),
    lateAfterDays,
    lastAttemptAt: own?.lastAttemptAt ?? null,
    lastSuccessAt: own?.lastSuccessAt ?? null,
    error: failure ?? null,
  };
}

/**
 * Why the series or one of the series it is built from (recursively) failed its last refresh, in plain words;
 * undefined when none did. A derived series names the failing input.
 */
function failureInTree(def: SeriesDef, states: ReadonlyMap<string, SeriesRefreshState>): string | undefined {
  const own = states.get(def.id);
  if (own?.lastStatus === 'error') return plainError(own);
  if (def.kind !== 'derived') return undefined;
  for (const inputId of formulaInputs(def.formula!)) {
    const input = seriesDef(inputId);
    const failure = input && failureInTree(input, states);
    if (failure) return `its input ${inputId} failed: ${failure}`;
  }
  return undefined;
}

/** What each kind of refresh failure (the providers' error kinds) means, in words a reader understands. */
const PLAIN_WORDS: Record<string, string> = {
  timeout: 'the provider did not answer in time',
  network: 'the provider could not be reached',
  http: 'the provider answered with an error',
  'rate-limited': 'the provider asked us to slow down (HTTP 429)',
  refused: 'the provider refuses scripted clients',
  html: 'the provider sent a web page instead of data',
  empty: 'the provider sent no data',
  parse: 'the provider’s data could not be read',
  implausible: 'the provider’s values failed the plausibility check and were refused',
  stale:
    'the provider’s answer ended before the data already held: refused, nothing withdrawn, the stored series is still served',
  'too-large': 'the provider sent far more data than expected and it was refused',
  budget: 'the refresh ran out of time before this series completed',
  unreachable: 'not attempted: the provider could not be reached by the requests before it',
  config: 'the series is not configured',
  internal: 'an internal error',
};

/** What a failed connection's code (in the logged message, e.g. "request failed: ENOTFOUND") means. */
const NETWORK_CAUSES: Array<[RegExp, string]> = [
  [
    /\b(ENOTFOUND|EAI_AGAIN|EAI_NONAME)\b/,
    'the provider’s name could not be resolved (DNS): this machine may be offline, or need a proxy',
  ],
  [/\bECONNREFUSED\b/, 'the connection to the provider was refused'],
  [/\b(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT)\b/, 'the connection to the provider timed out'],
  [/\b(ECONNRESET|EPIPE|UND_ERR_SOCKET)\b/, 'the provider closed the connection'],
  [/\b(ENETUNREACH|EHOSTUNREACH)\b/, 'no route to the provider: this machine may be offline'],
];

/** A failure in plain words: the kind, and the HTTP status where there is one (never hosts or bodies). */
export function plainError(state: Pick<SeriesRefreshState, 'lastErrorKind' | 'lastError'>): string {
  const kind = state.lastErrorKind ?? 'internal';
  if (kind === 'network') {
    const cause = NETWORK_CAUSES.find(([code]) => code.test(state.lastError ?? ''));
    if (cause) return cause[1];
  }
  const words = PLAIN_WORDS[kind] ?? PLAIN_WORDS.internal!;
  const status = kind === 'http' ? /HTTP (\d{3})/.exec(state.lastError ?? '')?.[1] : undefined;
  return status ? `${words} (HTTP ${status})` : words;
}

/** Every catalog series' freshness (the 25 indicators and the inputs served at /api/data/{id}), stored data or not. */
export function catalogFreshness(
  current: ReadonlyMap<string, readonly Observation[]>,
  states: ReadonlyMap<string, SeriesRefreshState>,
  now: Date,
): Map<string, SeriesFreshness> {
  const today = isoDate(now);
  return new Map(
    CATALOG.map((def) => [def.id, seriesFreshness(def, current.get(def.id)?.at(-1)?.date ?? null, states, today)]),
  );
}
