import type { Static } from '@sinclair/typebox';
import type { PendingQuarantine } from '../../store/observations.ts';
import type { PublicationContext } from '../../store/publications.ts';
import type { SeriesRefreshState } from '../../store/runs.ts';
import { providerName, seriesDef } from '../../timeseries/catalog.ts';
import { isoDate } from '../../timeseries/dates.ts';
import type { Observation } from '../../timeseries/observation.ts';
import { type FreshnessState, plainError, seriesFreshness } from '../freshness.ts';
import { nextRefreshAt } from '../next-refresh.ts';
import { type Resource, resource } from '../resource.ts';
import { Health } from '../schemas/snapshot.ts';
import { SERVICE_VERSION } from '../service-version.ts';
import type { IndicatorSummary } from './indicators.ts';
import type { ModelFreshness } from './model.ts';
import type { Published, PublishParts } from './published.ts';

/** GET /api/health without its provenance (publish/schemas/snapshot.ts says what each field means). */
export type HealthBody = Omit<Static<typeof Health>, 'provenance'>;
/** A refresh under way, as health shows it: how far it is, and an estimate of the time left. */
export type RefreshProgress = NonNullable<HealthBody['refreshing']>;

/** The last refresh run, as the publication's context logs it. */
export type LastRun = NonNullable<PublicationContext['lastRun']>;

/**
 * GET /api/health: the overall status, the reading's freshness, the last refresh, and each source's last outcome
 * and data age. Errors are shown as the provider and the kind of failure in plain words; the full messages
 * (which may name an operator's internal mirror hosts, or quote provider bodies) stay in the log.
 * - down: nothing is stored;
 * - degraded: a source failed its last refresh, or the reading is missing, stale or last-good;
 * - ok: otherwise.
 */
function healthBody({ input, modelState, current, indicators }: PublishParts): HealthBody {
  const reading = modelState && { date: modelState.outputs.regime.date, freshness: modelState.freshness };
  const next = input.content
    ? nextRefreshAt(input.lastRun, input.failedRunsInARow ?? 0, input.content.refreshSchedule)
    : null;
  const quarantine = input.quarantine ?? [];
  const sources = sourcesOf(input.states, current, input.now);
  const failing = sources.filter((s) => s.lastStatus === 'error').length;
  const withData = indicators.filter((i) => i.latestDate !== null).length;
  const readingOk = reading !== undefined && reading.freshness.state === 'current';
  const held = quarantine.length;
  const status = withData === 0 ? 'down' : failing > 0 || !readingOk || held > 0 ? 'degraded' : 'ok';
  const reasons = reasonsFor(status, failing, reading, unreachable(sources), next, latestDate(current));
  const quarantined = `${held} value(s) held in quarantine: they jumped far beyond their series' history and enter only if a later refresh confirms them (see quarantine).`;
  return {
    status,
    reasons: held > 0 ? [...reasons, quarantined] : reasons,
    serviceVersion: input.content?.serviceVersion ?? SERVICE_VERSION,
    modelVersion: modelState?.outputs.description.version ?? null,
    checkedAt: input.now.toISOString(),
    publication: { version: input.version, builtAt: input.now.toISOString() },
    reading: reading ? { date: reading.date, state: reading.freshness.state, reason: reading.freshness.reason } : null,
    lastRefresh: lastRefreshOf(input.lastRun),
    nextRefreshAt: next?.toISOString() ?? null,
    refreshing: null as RefreshProgress | null,
    indicators: indicatorCounts(indicators, withData),
    sources,
    quarantine: quarantineOf(quarantine, current),
  };
}

/** Each source's last outcome and data age, by series id. */
function sourcesOf(
  states: ReadonlyMap<string, SeriesRefreshState>,
  current: ReadonlyMap<string, readonly Observation[]>,
  now: Date,
) {
  const today = isoDate(now);
  return [...states.values()]
    .map((state) => {
      const latest = current.get(state.seriesId)?.at(-1);
      const def = seriesDef(state.seriesId);
      const freshness = def ? seriesFreshness(def, latest?.date ?? null, states, today) : undefined;
      return {
        seriesId: state.seriesId,
        provider: state.source,
        state: (freshness?.state ?? (state.lastStatus === 'ok' ? 'fresh' : 'failed')) as FreshnessState,
        lastStatus: state.lastStatus,
        lastAttemptAt: state.lastAttemptAt,
        lastSuccessAt: state.lastSuccessAt,
        errorKind: state.lastErrorKind,
        lastError: state.lastStatus === 'error' ? plainError(state) : null,
        latestDate: latest?.date ?? null,
        dataAgeDays: freshness?.ageDays ?? null,
      };
    })
    .sort((a, b) => a.seriesId.localeCompare(b.seriesId));
}

function lastRefreshOf(run: LastRun | undefined) {
  if (!run) return null;
  return {
    runId: run.id,
    status: run.status,
    trigger: run.trigger,
    startedAt: run.started_at,
    finishedAt: run.finished_at,
  };
}

function indicatorCounts(indicators: readonly IndicatorSummary[], withData: number) {
  const count = (state: FreshnessState) => indicators.filter((i) => i.freshness.state === state).length;
  return {
    total: indicators.length,
    withData,
    fresh: count('fresh'),
    late: count('late'),
    failed: count('failed'),
    neverFetched: count('never-fetched'),
  };
}

/** The values held back by the jump check, each beside the last value served before it. */
function quarantineOf(quarantine: readonly PendingQuarantine[], current: ReadonlyMap<string, readonly Observation[]>) {
  return quarantine.map((q) => {
    const previous = current.get(q.seriesId)?.findLast((obs) => obs.date < q.date);
    return {
      seriesId: q.seriesId,
      date: q.date,
      value: q.value,
      previousDate: previous?.date ?? null,
      previousValue: previous?.value ?? null,
      since: q.seenAt,
    };
  });
}

/** How health's first reason begins when the providers cannot be reached (the site's banner shows that reason). */
export const PROVIDERS_UNREACHABLE = 'The data providers cannot be reached';

/**
 * Why a series has nothing stored, when health knows: its last refresh's failure in words, or null (not failed, or
 * not a fetched series). What the API's series_unavailable and the series' page both say. Example (srf on the real
 * files): 'the provider sent no data'.
 */
export function lastRefreshFailure(health: Pick<HealthBody, 'sources'>, id: string): string | null {
  const source = health.sources.find((s) => s.seriesId === id);
  return source?.lastStatus === 'error' ? (source.lastError ?? 'an error') : null;
}

/** Reachability failures: the provider was never heard from (as opposed to an answer that was refused). */
const UNREACHABLE_KINDS = new Set(['network', 'timeout', 'unreachable']);

/**
 * When every failing source failed to reach its provider, the providers' names and the cause in plain words
 * (the first network cause found; `unreachable` sources were skipped because of it).
 */
function unreachable(sources: HealthBody['sources']): { providers: string[]; cause: string } | undefined {
  const failing = sources.filter((s) => s.lastStatus === 'error');
  if (failing.length === 0 || !failing.every((s) => UNREACHABLE_KINDS.has(s.errorKind ?? ''))) return undefined;
  const providers = [...new Set(failing.map((s) => providerName(s.provider)))];
  const cause =
    failing.find((s) => s.errorKind === 'network')?.lastError ??
    failing.find((s) => s.errorKind === 'timeout')?.lastError ??
    'the provider could not be reached';
  return { providers, cause };
}

function latestDate(current: ReadonlyMap<string, readonly Observation[]>): string | null {
  let latest: string | null = null;
  for (const observations of current.values()) {
    const date = observations.at(-1)?.date;
    if (date && (latest === null || date > latest)) latest = date;
  }
  return latest;
}

function reasonsFor(
  status: string,
  failing: number,
  reading: { date: string; freshness: ModelFreshness } | undefined,
  offline: { providers: string[]; cause: string } | undefined,
  next: Date | null,
  dataUpTo: string | null,
): string[] {
  const nextTry = next ? ` Next try: ${next.toISOString().slice(0, 16).replace('T', ' ')} UTC.` : '';
  if (offline) {
    const serving = dataUpTo ? `Serving the data already stored (up to ${dataUpTo}).` : 'Nothing is stored yet.';
    const reasons = [
      `${PROVIDERS_UNREACHABLE} (${offline.providers.join(', ')}): ${offline.cause}. ${serving}${nextTry}`,
    ];
    if (reading?.freshness.reason) reasons.push(reading.freshness.reason);
    return reasons;
  }
  if (status === 'down')
    return [`No data is stored yet: the first refresh has not succeeded for any source.${nextTry}`];
  const reasons: string[] = [];
  if (failing > 0) reasons.push(`${failing} source(s) failed their last refresh (see sources).${nextTry}`);
  if (!reading) reasons.push('The liquidity reading has not been computed.');
  else if (reading.freshness.reason) reasons.push(reading.freshness.reason);
  return reasons;
}

/** GET /api/health: the last refresh, each source's outcome, the reading's freshness and the next try. */
export const health: Published<'health', Resource<HealthBody>, true> = {
  key: 'health',
  path: '/api/health',
  cache: 'health',
  schema: Health,
  always: true,
  build: (parts) =>
    resource({ ...healthBody(parts), provenance: parts.provenance([...parts.current.keys()]) }, health.cache),
  example: (r) => ({ ...r.body, sources: r.body.sources.slice(0, 3) }),
};
