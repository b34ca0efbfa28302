import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Refresher } from '../../../src/ingest/refresh/queue.ts';
import { refreshHere, runRefresh } from '../../../src/ingest/refresh/run.ts';
import { createProviders } from '../../../src/providers/providers.ts';
import { Publisher } from '../../../src/publish/publisher.ts';
import { loadSeries } from '../../../src/store/observations.ts';
import { runSources } from '../../../src/store/runs.ts';
import { openStore, type Store } from '../../../src/store/store.ts';
import { INDICATOR_IDS } from '../../../src/timeseries/series.ts';
import { type Fault, type ReplayServer, startReplayServer } from '../../support/replay-server.ts';
import { revisingM2Data, syntheticReplayData } from '../../support/synthetic-data.ts';

const now = () => new Date('2026-11-21T12:00:00Z');

describe('a full refresh on generated fixtures', () => {
  let replay: ReplayServer;
  let store: Store;
  before(async () => {
    replay = await startReplayServer(syntheticReplayData());
    store = await openStore('sqlite::memory:');
  });
  after(async () => {
    await store.close();
    await replay.close();
  });

  it('fetches every source, derives every series, and stores all 25 indicators', async () => {
    const summary = await runRefresh({ store, providers: createProviders(replay.providerConfig()), now }, 'test');
    const errors = summary.outcomes.filter((o) => o.status === 'error');
    assert.deepEqual(errors, []);
    assert.equal(summary.status, 'ok');
    const series = await loadSeries(store.db);
    for (const id of INDICATOR_IDS) assert.ok((series.get(id)?.length ?? 0) > 0, `${id} has data`);
    assert.equal((await runSources(store.db, summary.runId)).length, summary.outcomes.length);
  });

  it('adds nothing on an identical second refresh', async () => {
    const summary = await runRefresh({ store, providers: createProviders(replay.providerConfig()), now }, 'test');
    assert.equal(
      summary.outcomes.reduce((n, o) => n + o.added + o.revisions, 0),
      0,
    );
  });
});

describe('provider faults never destroy stored data', () => {
  let replay: ReplayServer;
  let store: Store;
  // A generous timeout for every answer (a busy machine is slow, never this slow); the timeout case uses a
  // provider that never answers, so its 3 s timeout fires whatever the load.
  const fastProviders = (timeoutMs = 30_000) =>
    createProviders(replay.providerConfig({ http: { timeoutMs, retries: 1, backoffMs: 5, maxRetryAfterMs: 100 } }));
  // Each refresh is a new vintage: the clock advances a minute per call.
  let tick = 0;
  const clock = () => new Date(Date.parse('2026-11-21T12:00:00Z') + 60_000 * tick++);
  const refreshWalcl = (timeoutMs?: number) =>
    runRefresh({ store, providers: fastProviders(timeoutMs), now: clock, only: ['fed-balance-sheet'] }, 'test');
  let good: Awaited<ReturnType<typeof loadSeries>>;

  before(async () => {
    replay = await startReplayServer(syntheticReplayData({ start: '2023-01-01' }));
    store = await openStore('sqlite::memory:');
    const first = await refreshWalcl();
    assert.equal(first.outcomes.find((o) => o.seriesId === 'fed-balance-sheet')?.status, 'ok');
    good = await loadSeries(store.db, { seriesIds: ['fed-balance-sheet', 'net-liquidity'] });
  });
  after(async () => {
    await store.close();
    await replay.close();
  });
  beforeEach(() => replay.clearFaults());

  const cases: Array<[string, Fault, RegExp]> = [
    ['a timeout', { kind: 'hang' }, /no complete response within 3000 ms/],
    ['HTTP 500', { kind: 'status', status: 500 }, /HTTP 500/],
    ['HTTP 429 with a Retry-After too long to wait', { kind: 'rate-limit', retryAfterSeconds: 3600 }, /429/],
    ['an HTML error page', { kind: 'html' }, /HTML page/],
    ['a truncated CSV', { kind: 'truncate' }, /truncated/],
    ['a non-numeric value', { kind: 'non-numeric' }, /non-numeric value "n\/a-value"/],
    ['a connection reset', { kind: 'reset' }, /request failed/],
  ];
  for (const [name, fault, message] of cases) {
    it(`after ${name}: the error is logged and every stored value survives`, async () => {
      replay.inject('id=WALCL', fault);
      const summary = await refreshWalcl(fault.kind === 'hang' ? 3_000 : undefined);
      const outcome = summary.outcomes.find((o) => o.seriesId === 'fed-balance-sheet')!;
      assert.equal(outcome.status, 'error');
      assert.match(outcome.message ?? '', message);
      assert.match(outcome.message ?? '', /fed-balance-sheet/);
      const logged = (await runSources(store.db, summary.runId)).find((r) => r.series_id === 'fed-balance-sheet');
      assert.equal(logged?.status, 'error');
      assert.deepEqual(await loadSeries(store.db, { seriesIds: ['fed-balance-sheet', 'net-liquidity'] }), good);
    });
  }

  it('after a unit change between vintages (×1000): rescaled, reported, nothing revised', async () => {
    replay.inject('id=WALCL', { kind: 'scale', factor: 1000 });
    const summary = await refreshWalcl();
    const outcome = summary.outcomes.find((o) => o.seriesId === 'fed-balance-sheet')!;
    assert.equal(outcome.status, 'ok');
    assert.equal(outcome.revisions, 0);
    assert.match(outcome.message ?? '', /unit changed by ×1000/);
    assert.deepEqual(await loadSeries(store.db, { seriesIds: ['fed-balance-sheet', 'net-liquidity'] }), good);
  });

  it('the publication keeps serving the last good values, marked fallback', async () => {
    replay.inject('id=WALCL', { kind: 'status', status: 500 });
    await refreshWalcl();
    const publisher = new Publisher(store, { now });
    const publication = await publisher.rebuild();
    const meta = publication?.series.get('fed-balance-sheet')?.meta;
    assert.equal(meta?.source, 'fallback');
    assert.equal(meta?.lastAvailableDate, good.get('fed-balance-sheet')?.at(-1)?.date);
  });
});

describe('revisions between vintages', () => {
  it('stores a revised value as a new vintage and can reconstruct the first print', async () => {
    const revising = revisingM2Data();
    const replay = await startReplayServer(revising.data);
    const store = await openStore('sqlite::memory:');
    const providers = createProviders(replay.providerConfig());
    try {
      await runRefresh({ store, providers, now: () => new Date('2026-11-21T00:00:00Z'), only: ['m2'] }, 'test');
      revising.revise(12.5);
      const second = await runRefresh(
        { store, providers, now: () => new Date('2026-11-21T06:00:00Z'), only: ['m2'] },
        'test',
      );
      assert.equal(second.outcomes.find((o) => o.seriesId === 'm2')?.revisions, 1);
      const current = (await loadSeries(store.db, { seriesIds: ['m2'] })).get('m2')!;
      const firstPrint = (await loadSeries(store.db, { seriesIds: ['m2'], asOf: '2026-11-21T01:00:00.000Z' })).get(
        'm2',
      )!;
      assert.equal(current.length, firstPrint.length);
      assert.ok(Math.abs(current.at(-1)!.value - firstPrint.at(-1)!.value - 12.5) < 1e-6);
    } finally {
      await store.close();
      await replay.close();
    }
  });
});

describe('Refresher', () => {
  it('joins a refresh already running instead of starting an overlapping one, then publishes once', async () => {
    const replay = await startReplayServer(syntheticReplayData({ start: '2025-06-01' }));
    const store = await openStore('sqlite::memory:');
    let published = 0;
    const refresher = new Refresher(
      refreshHere({ store, providers: createProviders(replay.providerConfig()), now, only: ['vix'] }),
      () => {
        published++;
      },
    );
    try {
      const [a, b] = await Promise.all([refresher.refresh('schedule'), refresher.refresh('startup')]);
      assert.equal(a.runId, b.runId);
      assert.equal(published, 1);
      assert.equal(refresher.running, false);
      const c = await refresher.refresh('schedule');
      assert.notEqual(c.runId, a.runId);
    } finally {
      await store.close();
      await replay.close();
    }
  });
});
