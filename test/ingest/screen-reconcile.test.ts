import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { withdrawnDates } from '../../src/ingest/reconcile.ts';
import { runRefresh } from '../../src/ingest/refresh/run.ts';
import { CONFIRM_HOURS, screenJumps } from '../../src/ingest/screen.ts';
import { ProviderError } from '../../src/providers/provider-error.ts';
import { createProviders } from '../../src/providers/providers.ts';
import { Publisher } from '../../src/publish/publisher.ts';
import { loadSeries, loadVintagedSeries, pendingQuarantine, vintages } from '../../src/store/observations.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { seriesDef } from '../../src/timeseries/catalog.ts';
import { currentSeries } from '../../src/timeseries/vintages.ts';
import { type Fault, type ReplayServer, startReplayServer } from '../support/replay-server.ts';
import { syntheticReplayData } from '../support/synthetic-data.ts';

const vix = seriesDef('vix')!;
const history = Array.from({ length: 200 }, (_, i) => ({
  date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
  value: 20 + Math.sin(i / 3),
}));

describe('the jump check (issue 13, finding 1)', () => {
  const now = new Date('2026-08-01T12:00:00Z');
  const next = { date: '2026-07-20', value: 200 };

  it('holds a value 10× its predecessor in quarantine, scaled to the series’ own changes', () => {
    const screened = screenJumps(vix, [...history, next], history, new Map(), now);
    assert.deepEqual(screened.quarantined, [next]);
    assert.equal(screened.accepted.length, history.length);
    assert.match(screened.notes[0]!, /quarantined 2026-07-20 = 200/);
    // An ordinary move passes.
    const calm = screenJumps(vix, [{ date: '2026-07-20', value: 22.5 }], history, new Map(), now);
    assert.equal(calm.quarantined.length, 0);
  });

  it('releases a quarantined value only when a refresh ≥ 5 h later still receives it', () => {
    const early = new Map([['2026-07-20', { seriesId: 'vix', ...next, seenAt: '2026-08-01T10:00:00.000Z' }]]);
    assert.equal(screenJumps(vix, [next], history, early, now).quarantined.length, 1, 'only 2 h: still held');
    const seenAt = new Date(now.getTime() - CONFIRM_HOURS * 3_600_000).toISOString();
    const confirmed = new Map([['2026-07-20', { seriesId: 'vix', ...next, seenAt }]]);
    const released = screenJumps(vix, [next], history, confirmed, now);
    assert.deepEqual(released.accepted, [next]);
    assert.match(released.notes[0]!, /released/);
  });

  it('a first load (too little history to judge) is left to the plausible ranges', () => {
    assert.equal(
      screenJumps(vix, [...history.slice(0, 10), next], history.slice(0, 10), new Map(), now).quarantined.length,
      0,
    );
  });
});

describe('reconciliation (issue 13, finding 1)', () => {
  it('a stored date the response no longer lists, from its first date to today, is withdrawn', () => {
    const response = history.filter((obs) => obs.date !== '2026-05-01');
    assert.deepEqual(withdrawnDates(vix, response, history, [], '2026-12-31'), ['2026-05-01']);
    // Before the response's window (FRED's ICE window, say): untouched.
    assert.deepEqual(withdrawnDates(vix, history.slice(100), history, [], '2026-12-31'), []);
  });

  it('an answer that ends before what is stored is stale: refused whole, nothing withdrawn', () => {
    // 16 of 200 stored dates at the end are missing: within the partial-answer bound (MAX_WITHDRAWN 3 or 2 %, here
    // 4), so before this rule they were withdrawn and the refresh reported success.
    const monthly = Array.from({ length: 800 }, (_, i) => ({
      date: new Date(Date.UTC(1960, i, 1)).toISOString().slice(0, 10),
      value: 100 + i,
    }));
    const stale = monthly.slice(0, 784);
    assert.throws(
      () => withdrawnDates(vix, stale, monthly, [], '2026-12-31'),
      (error) =>
        error instanceof ProviderError &&
        error.kind === 'stale' &&
        /ends on 2025-04-01, before the 16 stored observation\(s\) through 2026-08-01/.test(error.message),
    );
    // An answer through the newest stored date is not stale; one that drops its last print (within the series'
    // staleness allowance, 7 days for a daily series) withdraws that print.
    assert.deepEqual(withdrawnDates(vix, monthly, monthly, [], '2026-12-31'), []);
    assert.deepEqual(withdrawnDates(vix, history.slice(0, -1), history, [], '2026-12-31'), [history.at(-1)!.date]);
  });

  it('a response missing many stored dates is refused as partial', () => {
    assert.throws(
      () => withdrawnDates(vix, [...history.slice(0, 50), ...history.slice(100)], history, [], '2026-12-31'),
      (error) =>
        error instanceof ProviderError && error.kind === 'implausible' && /refused as partial/.test(error.message),
    );
  });
});

describe('a bad provider point never reaches a published figure, and a withdrawn date leaves', () => {
  let replay: ReplayServer;
  let store: Store;
  let clock = Date.parse('2026-11-21T12:00:00Z');
  const now = () => new Date(clock);
  const refresh = (fault?: Fault) => {
    if (fault) replay.inject('VIXCLS', fault, 1);
    return runRefresh({ store, providers: createProviders(replay.providerConfig()), now, only: ['vix'] }, 'test');
  };
  const vixNow = async () => (await loadSeries(store.db, { seriesIds: ['vix'] })).get('vix')!;
  before(async () => {
    replay = await startReplayServer(syntheticReplayData());
    store = await openStore('sqlite::memory:');
    replay.inject('VIXCLS', { kind: 'omit-last', count: 1 }, 1);
    await runRefresh({ store, providers: createProviders(replay.providerConfig()), now }, 'test');
  });
  after(async () => {
    await store.close();
    await replay.close();
  });

  it('a new day at 3× is quarantined: the series, the model and the health page see it as such', async () => {
    const before = await vixNow();
    clock += 3_600_000;
    const summary = await refresh({ kind: 'spike', factor: 3 });
    const outcome = summary.outcomes.find((o) => o.seriesId === 'vix')!;
    assert.equal(outcome.status, 'ok');
    assert.equal(outcome.quarantined, 1);
    assert.match(outcome.message ?? '', /quarantined/);
    assert.deepEqual(await vixNow(), before, 'the current state is unchanged');
    const held = [...(await pendingQuarantine(store.db)).values()];
    assert.equal(held.length, 1);
    assert.ok(held[0]!.value > 2 * before.at(-1)!.value);
    // The publication: the health page lists it and degrades; the series does not show it.
    const publisher = new Publisher(store, { now, baseUrl: 'http://x' });
    await publisher.rebuild();
    const health = JSON.parse(publisher.current!.health.response.body.toString());
    assert.equal(health.status, 'degraded');
    assert.equal(health.quarantine[0].seriesId, 'vix');
    assert.equal(health.quarantine[0].previousValue, before.at(-1)!.value);
    const current = currentSeries(await loadVintagedSeries(store.db)).get('vix')!;
    assert.deepEqual(current, before, 'nor does the model’s input');
  });

  it('a clean refresh resolves it: the provider’s true value enters, the quarantine is over', async () => {
    clock += 3_600_000;
    const summary = await refresh();
    assert.equal(summary.outcomes.find((o) => o.seriesId === 'vix')!.status, 'ok');
    assert.equal((await pendingQuarantine(store.db)).size, 0);
    const vixSeries = await vixNow();
    const last = vixSeries.at(-1)!;
    assert.ok(last.value < 2 * vixSeries.at(-2)!.value, `the true value entered: ${last.value}`);
  });

  it('a value the provider keeps sending enters once confirmed 5 h later', async () => {
    clock += 3_600_000;
    await refresh({ kind: 'spike', factor: 3 });
    const [held] = [...(await pendingQuarantine(store.db)).values()];
    assert.ok(held, 'a revision at 3× is held too');
    clock += 2 * 3_600_000;
    await refresh({ kind: 'spike', factor: 3 });
    assert.equal((await pendingQuarantine(store.db)).size, 1, '2 h later: still held');
    clock += CONFIRM_HOURS * 3_600_000;
    const summary = await refresh({ kind: 'spike', factor: 3 });
    assert.match(summary.outcomes[0]!.message ?? '', /released/);
    assert.equal((await pendingQuarantine(store.db)).size, 0);
    assert.equal((await vixNow()).at(-1)!.value, held.value);
    clock += 3_600_000;
    await refresh(); // the provider corrects it after all: a revision like any other
  });

  it('a date the provider stops listing is withdrawn (a vintage), and comes back if listed again', async () => {
    const before = await vixNow();
    const last = before.at(-1)!;
    clock += 3_600_000;
    const summary = await refresh({ kind: 'omit-last', count: 1 });
    assert.equal(summary.outcomes[0]!.withdrawn, 1);
    assert.deepEqual(await vixNow(), before.slice(0, -1));
    const history = await vintages(store.db, 'vix', last.date);
    assert.equal(history.at(-1)!.state, 'withdrawn');
    assert.deepEqual(currentSeries(await loadVintagedSeries(store.db)).get('vix'), before.slice(0, -1));
    // Every earlier state is still there.
    const asOf = (await loadSeries(store.db, { seriesIds: ['vix'], asOf: history.at(-2)!.seen_at })).get('vix')!;
    assert.deepEqual(asOf.at(-1), last);
    clock += 3_600_000;
    await refresh();
    assert.deepEqual((await vixNow()).at(-1), last);
  });

  it('a stale answer (ending 100 business days before what is held) withdraws nothing; health says so', async () => {
    const before = await vixNow();
    clock += 3_600_000;
    const summary = await refresh({ kind: 'omit-last', count: 100 });
    assert.equal(summary.outcomes[0]!.status, 'error');
    assert.equal(summary.outcomes[0]!.errorKind, 'stale');
    assert.equal(summary.outcomes[0]!.withdrawn ?? 0, 0);
    assert.deepEqual(await vixNow(), before);
    const publisher = new Publisher(store, { now, baseUrl: 'http://x' });
    await publisher.rebuild();
    const health = JSON.parse(publisher.current!.health.response.body.toString());
    const vix = health.sources.find((s: { seriesId: string }) => s.seriesId === 'vix');
    assert.equal(vix.errorKind, 'stale');
    assert.match(vix.lastError, /ended before the data already held: refused, nothing withdrawn/);
    assert.equal(vix.latestDate, before.at(-1)!.date, 'what is held is still served');
  });
});
