import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runRefresh } from '../../src/ingest/refresh/run.ts';
import { createProviders } from '../../src/providers/providers.ts';
import { createCoordination } from '../../src/store/coordination.ts';
import {
  appendObservations,
  loadSeries,
  loadVintagedSeries,
  pendingQuarantine,
  vintages,
} from '../../src/store/observations.ts';
import { latestPublication, recordPublication } from '../../src/store/publications.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { addDays } from '../../src/timeseries/dates.ts';
import { INDICATOR_IDS } from '../../src/timeseries/series.ts';
import { createTestDatabase, skipWithoutPostgres } from '../support/postgres.ts';
import { type ReplayServer, startReplayServer } from '../support/replay-server.ts';
import { syntheticReplayData } from '../support/synthetic-data.ts';

describe('the store on PostgreSQL', { skip: skipWithoutPostgres }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: Store;
  let replay: ReplayServer;
  before(async () => {
    database = await createTestDatabase();
    store = await openStore(database.url);
    replay = await startReplayServer(syntheticReplayData({ start: '2022-01-01' }));
  });
  after(async () => {
    await store?.close();
    await replay?.close();
    await database?.drop();
  });

  it('migrates, appends revisions as new vintages, and reconstructs past states', async () => {
    assert.equal(store.engine, 'postgres');
    await appendObservations(store.db, 'm2', [{ date: '2024-01-01', value: 1 }], '2024-02-01T00:00:00.000Z', null);
    const second = await appendObservations(
      store.db,
      'm2',
      [{ date: '2024-01-01', value: 2 }],
      '2024-03-01T00:00:00.000Z',
      null,
    );
    assert.deepEqual(second, { added: 0, revisions: 1, withdrawn: 0, quarantined: 0 });
    assert.equal((await vintages(store.db, 'm2', '2024-01-01')).length, 2);
    assert.deepEqual((await loadSeries(store.db, { seriesIds: ['m2'], asOf: '2024-02-15T00:00:00.000Z' })).get('m2'), [
      { date: '2024-01-01', value: 1 },
    ]);
    // Withdrawals and quarantine are vintages on PostgreSQL too.
    const third = await appendObservations(store.db, 'm2', [], '2024-04-01T00:00:00.000Z', null, {
      withdrawn: ['2024-01-01'],
      quarantined: [{ date: '2024-02-01', value: 99 }],
    });
    assert.deepEqual(third, { added: 0, revisions: 0, withdrawn: 1, quarantined: 1 });
    assert.deepEqual((await loadSeries(store.db, { seriesIds: ['m2'] })).get('m2'), []);
    assert.deepEqual(
      [...(await pendingQuarantine(store.db)).values()].map((q) => [q.seriesId, q.date, q.value]),
      [['m2', '2024-02-01', 99]],
    );
  });

  it('loads vintages page by page (a row-value seek), revisions straddling a page boundary', async () => {
    const dates = Array.from({ length: 4_100 }, (_, i) => addDays('2000-01-01', i));
    await appendObservations(
      store.db,
      'paged',
      dates.map((date, i) => ({ date, value: i })),
      '2025-01-01T00:00:00Z',
      null,
    );
    await appendObservations(
      store.db,
      'paged',
      [3_998, 3_999, 4_000].map((i) => ({ date: dates[i]!, value: i + 0.5 })),
      '2025-02-01T00:00:00Z',
      null,
    );
    const series = (await loadVintagedSeries(store.db, ['paged'])).get('paged')!;
    assert.deepEqual(series.dates, dates);
    assert.deepEqual([...series.revisions.keys()], [3_998, 3_999, 4_000]);
    assert.equal(series.revisions.get(3_999)?.[0]?.value, 3_999.5);
    // Built on a previous load: m2 gained no vintage since, paged did.
    const ids = ['paged', 'm2'];
    const first = await loadVintagedSeries(store.db, ids, '2025-01-01T00:00:00Z');
    const next = await loadVintagedSeries(store.db, ids, '2025-02-01T00:00:00Z', {
      seenUpTo: '2025-01-01T00:00:00Z',
      series: first,
    });
    assert.equal(next.get('m2'), first.get('m2'));
    assert.deepEqual(next.get('paged'), series);
  });

  it('runs a full refresh and stores every indicator', async () => {
    const summary = await runRefresh(
      { store, providers: createProviders(replay.providerConfig()), now: () => new Date('2026-11-21T12:00:00Z') },
      'test',
    );
    assert.equal(summary.status, 'ok');
    const series = await loadVintagedSeries(store.db);
    for (const id of INDICATOR_IDS) assert.ok((series.get(id)?.dates.length ?? 0) > 0, id);
  });

  it('keeps the publication log', async () => {
    const id = await recordPublication(store.db, 1, '2026-11-21T12:00:00.000Z');
    const record = await latestPublication(store.db);
    assert.deepEqual(
      { ...record, context: undefined },
      {
        id,
        runId: 1,
        publishedAt: '2026-11-21T12:00:00.000Z',
        context: undefined,
      },
    );
    assert.ok(record?.context?.seenUpTo, 'the context it was logged with');
    assert.ok(
      record?.context?.states.some((state) => state.seriesId === 'vix'),
      'the refresh states it was logged with',
    );
  });

  it('lets exactly one process lead, and hands leadership over when the leader goes away', async () => {
    const a = await createCoordination(database.url, 'postgres');
    const b = await createCoordination(database.url, 'postgres');
    try {
      assert.equal(await a.tryLead(), true);
      assert.equal(await b.tryLead(), false);
      assert.equal(await a.tryLead(), true, 'the leader keeps leading');
      await a.close();
      assert.equal(await b.tryLead(), true, 'the lock died with its session');
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('delivers publication notices to listeners', async () => {
    const listener = await createCoordination(database.url, 'postgres');
    const sender = await createCoordination(database.url, 'postgres');
    try {
      let resolveReceived: (id: number) => void = () => {};
      const received = new Promise<number>((resolve) => (resolveReceived = resolve));
      await listener.onPublished((id) => resolveReceived(id)); // resolves once LISTEN is in place
      await sender.notifyPublished(42);
      assert.equal(await received, 42);
    } finally {
      await listener.close();
      await sender.close();
    }
  });
});
