import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Publisher } from '../../src/publish/publisher.ts';
import { appendObservations } from '../../src/store/observations.ts';
import { recordPublication } from '../../src/store/publications.ts';
import { finishRun, recordSource, startRun } from '../../src/store/runs.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { addDays } from '../../src/timeseries/dates.ts';

/**
 * Several processes rebuild the same logged publication at different moments; the next refresh may already be
 * writing. What a rebuild reads must be what the publication was logged with, or replicas disagree byte for byte.
 */
describe('a logged publication is rebuilt as it was logged', () => {
  let store: Store;
  before(async () => {
    store = await openStore(':memory:');
  });
  after(() => store.close());

  it('observations and refresh states written after it was logged are invisible to its rebuild', async () => {
    const run = await startRun(store.db, 'test', '2026-11-23T10:00:00.000Z');
    await appendObservations(store.db, 'vix', [{ date: '2026-11-20', value: 17.5 }], '2026-11-23T10:00:01.000Z', run);
    await recordSource(store.db, {
      run_id: run,
      series_id: 'vix',
      source: 'fred:VIXCLS',
      status: 'ok',
      points_added: 1,
      revisions: 0,
      error: null,
      finished_at: '2026-11-23T10:00:02.000Z',
    });
    await finishRun(store.db, run, 'ok', '2026-11-23T10:00:03.000Z');
    await recordPublication(store.db, run, '2026-11-23T10:00:04.000Z');
    // The next refresh starts writing before a replica gets to rebuild.
    const next = await startRun(store.db, 'test', '2026-11-23T10:00:05.000Z');
    await appendObservations(store.db, 'vix', [{ date: '2026-11-23', value: 30 }], '2026-11-23T10:00:06.000Z', next);
    await recordSource(store.db, {
      run_id: next,
      series_id: 'vix',
      source: 'fred:VIXCLS',
      status: 'error',
      points_added: 0,
      revisions: 0,
      error: 'HTTP 503',
      finished_at: '2026-11-23T10:00:07.000Z',
    });
    const replica = new Publisher(store, { offThread: false });
    await replica.sync();
    const publication = replica.current!;
    assert.deepEqual(publication.current.get('vix'), [{ date: '2026-11-20', value: 17.5 }]);
    const health = JSON.parse(publication.health.response.body.toString());
    assert.equal(health.lastRefresh.runId, run, 'the run it was logged after, not the one running now');
    const vix = publication.indicators.find((i) => i.def.id === 'vix')!;
    assert.equal(vix.freshness.error, null, 'the state it was logged with, not the next failure');
  });
});

/**
 * A publisher builds each publication on the previous one (series without a new vintage keep their state and
 * serialized points); a replica starting fresh builds it from scratch. Both must serve the same bytes.
 */
describe('a publication built on the previous one', () => {
  let store: Store;
  before(async () => {
    store = await openStore(':memory:');
  });
  after(() => store.close());

  it('keeps unchanged series and serves the same bytes as one built from scratch', async () => {
    const days = Array.from({ length: 400 }, (_, i) => addDays('2025-01-01', i));
    const first = '2026-02-06T10:00:00.000Z';
    for (const id of ['vix', 'tga', 'onrrp']) {
      await appendObservations(
        store.db,
        id,
        days.map((date, i) => ({ date, value: 10 + (i % 7) })),
        first,
        null,
      );
    }
    await recordPublication(store.db, null, '2026-02-06T10:00:01.000Z');
    const publisher = new Publisher(store, { offThread: false });
    await publisher.sync();
    const before = publisher.current!;
    // The next refresh: a new day for vix, a withdrawn day for tga, nothing new for onrrp.
    const second = '2026-02-07T10:00:00.000Z';
    await appendObservations(store.db, 'vix', [{ date: '2026-02-05', value: 30 }], second, null);
    await appendObservations(store.db, 'tga', [], second, null, { withdrawn: [days.at(-1)!] });
    await recordPublication(store.db, null, '2026-02-07T10:00:01.000Z');
    await publisher.sync();
    const built = publisher.current!;
    assert.notEqual(built.version, before.version);
    assert.equal(built.vintaged.get('onrrp'), before.vintaged.get('onrrp'), 'onrrp is not read again');
    assert.equal(built.current.get('onrrp'), before.current.get('onrrp'));
    assert.notEqual(built.current.get('vix'), before.current.get('vix'));
    assert.equal(built.current.get('tga')!.at(-1)!.date, days.at(-2), 'the withdrawn day is gone');

    const replica = new Publisher(store, { offThread: false });
    await replica.sync();
    const scratch = replica.current!;
    assert.equal(scratch.version, built.version);
    for (const id of ['vix', 'tga', 'onrrp']) {
      for (const window of [7, 365, 4000, 123]) {
        const a = built.series.get(id)!.forDays(window);
        const b = scratch.series.get(id)!.forDays(window);
        assert.equal(a.etag, b.etag, `${id} ${window}: ETag`);
        assert.ok(a.body.equals(b.body), `${id} ${window}: bytes`);
      }
    }
    // An unchanged series' body still says which publication it belongs to.
    const onrrp = JSON.parse(built.series.get('onrrp')!.forDays(7).body.toString());
    assert.equal(onrrp.provenance.publication.id, built.version);
    assert.notEqual(built.series.get('onrrp')!.forDays(7).etag, before.series.get('onrrp')!.forDays(7).etag);
  });
});

describe('a refresh under way', () => {
  it('shows in the health served, and only there, until it is over', async () => {
    const store = await openStore(':memory:');
    try {
      const publisher = new Publisher(store, { offThread: false });
      await publisher.sync();
      const before = publisher.current!;
      const progress = {
        trigger: 'schedule',
        startedAt: '2026-11-26T06:00:00.000Z',
        done: 12,
        total: 51,
        estimatedSecondsLeft: 40,
      };
      publisher.showRefreshProgress(progress);
      const during = publisher.current!;
      assert.deepEqual(JSON.parse(during.health.response.body.toString()).refreshing, progress);
      assert.equal(during.version, before.version, 'the same publication');
      assert.equal(during.regime, before.regime);
      publisher.showRefreshProgress(null);
      assert.equal(JSON.parse(publisher.current!.health.response.body.toString()).refreshing, null);
    } finally {
      await store.close();
    }
  });
});
