import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Publisher } from '../../src/publish/publisher.ts';
import { appendObservations } from '../../src/store/observations.ts';
import { recordPublication } from '../../src/store/publications.ts';
import { finishRun, recordSource, startRun } from '../../src/store/runs.ts';
import { openStore, type Store } from '../../src/store/store.ts';

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
