import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { appendObservations, countRows, loadSeries, vintages } from '../../src/store/observations.ts';
import { abortDanglingRuns, recentRuns, startRun } from '../../src/store/runs.ts';
import { openStore, type Store } from '../../src/store/store.ts';

describe('append-only observation store', () => {
  let store: Store;
  before(async () => {
    store = await openStore('sqlite::memory:');
  });
  after(() => store.close());

  it('adds new dates, records a changed value as a revision, and never overwrites', async () => {
    const first = await appendObservations(
      store.db,
      'm2',
      [
        { date: '2024-01-01', value: 20800 },
        { date: '2024-02-01', value: 20850 },
      ],
      '2024-03-01T00:00:00.000Z',
      null,
    );
    assert.deepEqual(first, { added: 2, revisions: 0, withdrawn: 0, quarantined: 0 });
    const again = await appendObservations(
      store.db,
      'm2',
      [
        { date: '2024-01-01', value: 20800 },
        { date: '2024-02-01', value: 20861.5 },
        { date: '2024-03-01', value: 20900 },
      ],
      '2024-04-01T00:00:00.000Z',
      null,
    );
    assert.deepEqual(again, { added: 1, revisions: 1, withdrawn: 0, quarantined: 0 });
    assert.equal(await countRows(store.db, 'm2'), 4);
    assert.deepEqual(
      (await vintages(store.db, 'm2', '2024-02-01')).map((v) => [v.value, v.seen_at]),
      [
        [20850, '2024-03-01T00:00:00.000Z'],
        [20861.5, '2024-04-01T00:00:00.000Z'],
      ],
    );
  });

  it('serves current values, and reconstructs any past state from the vintages', async () => {
    const current = (await loadSeries(store.db, { seriesIds: ['m2'] })).get('m2');
    assert.deepEqual(current?.at(1), { date: '2024-02-01', value: 20861.5 });
    const past = (await loadSeries(store.db, { seriesIds: ['m2'], asOf: '2024-03-15T00:00:00.000Z' })).get('m2');
    assert.deepEqual(past, [
      { date: '2024-01-01', value: 20800 },
      { date: '2024-02-01', value: 20850 },
    ]);
  });

  it('marks a run left running by a crash as aborted', async () => {
    await startRun(store.db, 'test', '2024-04-01T00:00:00.000Z');
    assert.equal(await abortDanglingRuns(store.db, '2024-04-01T01:00:00.000Z'), 1);
    assert.equal((await recentRuns(store.db, 1))[0]?.status, 'aborted');
  });
});
