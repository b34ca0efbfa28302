import { runRefresh } from '../../src/ingest/refresh/run.ts';
import { loadSeries } from '../../src/store/observations.ts';
import { runSources } from '../../src/store/runs.ts';
import type { Harness } from './harness.ts';
import type { Fault } from './replay-server.ts';

/**
 * The provider fault suite, shared by the resilience test (which asserts) and bench/faults.bench.ts (which
 * prints the table): each scenario breaks one provider response after a good refresh, refreshes again, and
 * reports what the service then served and what stayed stored.
 */
export interface FaultScenario {
  name: string;
  match: string;
  fault: Fault;
  /** Injected for this many requests; retries may see the rest succeed. */
  times?: number;
  expect: 'refused' | 'repaired';
}

export const SERIES = 'fed-balance-sheet';
const WALCL = 'id=WALCL';

export const FAULT_SCENARIOS: FaultScenario[] = [
  { name: 'no answer within the timeout', match: WALCL, fault: { kind: 'hang' }, expect: 'refused' },
  { name: 'connection reset', match: WALCL, fault: { kind: 'reset' }, expect: 'refused' },
  { name: '5xx storm (every attempt 503)', match: WALCL, fault: { kind: 'status', status: 503 }, expect: 'refused' },
  {
    name: '429 with Retry-After (then recovers)',
    match: WALCL,
    fault: { kind: 'rate-limit', retryAfterSeconds: 1 },
    times: 1,
    expect: 'repaired',
  },
  {
    name: '429 with a Retry-After too long to wait',
    match: WALCL,
    fault: { kind: 'rate-limit', retryAfterSeconds: 3600 },
    expect: 'refused',
  },
  { name: 'HTML page instead of CSV', match: WALCL, fault: { kind: 'html' }, expect: 'refused' },
  { name: 'half a file', match: WALCL, fault: { kind: 'truncate' }, expect: 'refused' },
  { name: 'non-numeric value', match: WALCL, fault: { kind: 'non-numeric' }, expect: 'refused' },
  { name: 'values jump 1000× (unit change)', match: WALCL, fault: { kind: 'scale', factor: 1000 }, expect: 'repaired' },
  { name: 'duplicated dates', match: WALCL, fault: { kind: 'duplicate' }, expect: 'repaired' },
  {
    name: 'a date listed twice with two values',
    match: WALCL,
    fault: { kind: 'conflicting-duplicate' },
    expect: 'refused',
  },
  { name: 'a date in the future', match: WALCL, fault: { kind: 'future' }, expect: 'repaired' },
];

export interface FaultOutcome {
  scenario: FaultScenario;
  refreshStatus: string;
  logged: string;
  servedStatus: number;
  servedSource: string;
  regimeStatus: number;
  storedBefore: number;
  storedAfter: number;
  valuesUnchanged: boolean;
  futureStored: boolean;
}

export async function runFaultScenario(h: Harness, scenario: FaultScenario, tick: () => Date): Promise<FaultOutcome> {
  const before = (await loadSeries(h.store.db, { seriesIds: [SERIES] })).get(SERIES) ?? [];
  h.replay.clearFaults();
  h.replay.inject(scenario.match, scenario.fault, scenario.times);
  const summary = await runRefresh({ store: h.store, providers: h.providers, now: tick, only: [SERIES] }, 'fault');
  await h.publisher.rebuild({ now: tick() });
  h.replay.clearFaults();
  const after = (await loadSeries(h.store.db, { seriesIds: [SERIES] })).get(SERIES) ?? [];
  const logged = (await runSources(h.store.db, summary.runId)).find((r) => r.series_id === SERIES);
  const served = await h.app.inject(`/api/series/${SERIES}?days=4000`);
  const regime = await h.app.inject('/api/regime');
  const byDate = new Map(after.map((o) => [o.date, o.value]));
  return {
    scenario,
    refreshStatus: logged?.status ?? 'missing',
    logged: logged?.error ?? '',
    servedStatus: served.statusCode,
    servedSource: served.statusCode === 200 ? served.json().meta.source : '',
    regimeStatus: regime.statusCode,
    storedBefore: before.length,
    storedAfter: after.length,
    valuesUnchanged: before.every((o) => byDate.get(o.date) === o.value),
    futureStored: after.some((o) => o.date > '2030-01-01'),
  };
}
