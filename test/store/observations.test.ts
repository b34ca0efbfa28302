import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  appendObservations,
  countRows,
  loadSeries,
  loadVintagedSeries,
  vintages,
} from '../../src/store/observations.ts';
import { abortDanglingRuns, recentRuns, startRun } from '../../src/store/runs.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { addDays } from '../../src/timeseries/dates.ts';
import { currentObservations, currentSeries, seriesAsOf } from '../../src/timeseries/vintages.ts';

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

  it('loads every vintage of a long series page by page, revisions straddling the pages included', async () => {
    // 9,000 dates first seen together, then revisions of dates around the 4,000-row page boundaries (each
    // revision is a second row of its date), one withdrawal and one quarantined value (never loaded).
    const dates = Array.from({ length: 9_000 }, (_, i) => addDays('2000-01-01', i));
    const firstSeen = '2025-01-01T00:00:00.000Z';
    await appendObservations(
      store.db,
      'long',
      dates.map((date, i) => ({ date, value: i })),
      firstSeen,
      null,
    );
    const revisedAt = '2025-02-01T00:00:00.000Z';
    const revised = [0, 3_998, 3_999, 4_000, 7_997, 8_999];
    await appendObservations(
      store.db,
      'long',
      revised.map((i) => ({ date: dates[i]!, value: -i - 0.5 })),
      revisedAt,
      null,
      {
        withdrawn: [dates[5_000]!],
        quarantined: [{ date: dates[6_000]!, value: 1e9 }],
      },
    );

    // Every query answers one page at most: the embedded store's driver is synchronous, so a query is a stall.
    let largestAnswer = 0;
    const counted = store.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        largestAnswer = Math.max(largestAnswer, args.result.rows.length);
        return args.result;
      },
    });
    const series = (await loadVintagedSeries(counted, ['long'])).get('long')!;
    assert.ok(largestAnswer > 0 && largestAnswer <= 4_000, `largest answer ${largestAnswer} rows`);
    assert.equal(series.dates.length, 9_000);
    assert.deepEqual(series.dates, dates, 'every date once, in order');
    assert.deepEqual(
      [...series.revisions.keys()].sort((a, b) => a - b),
      [...revised, 5_000].sort((a, b) => a - b),
    );
    const current = currentSeries(new Map([['long', series]])).get('long')!;
    assert.equal(current.length, 8_999, 'the withdrawn date has no current value');
    assert.equal(current.find((o) => o.date === dates[3_999])?.value, -3_999.5);
    assert.equal(current.find((o) => o.date === dates[6_000])?.value, 6_000, 'the quarantined value is not loaded');
    const before = seriesAsOf(series, '2025-01-15T00:00:00.000Z');
    assert.equal(before.length, 9_000);
    assert.equal(before[4_000]!.value, 4_000, 'as first seen, before the revision');
    const upToFirst = (await loadVintagedSeries(store.db, ['long'], firstSeen)).get('long')!;
    assert.equal(upToFirst.revisions.size, 0, 'seenUpTo: later vintages are invisible');
  });

  it('builds a load on a previous one: only series with a vintage seen since are read again', async () => {
    const db = store.db;
    await appendObservations(db, 'vix', [{ date: '2025-01-02', value: 17 }], '2025-01-03T00:00:00.000Z', null);
    await appendObservations(db, 'tga', [{ date: '2025-01-02', value: 700 }], '2025-01-03T00:00:00.000Z', null);
    await appendObservations(db, 'sofr', [{ date: '2025-01-02', value: 4.3 }], '2025-01-03T00:00:00.000Z', null);
    const ids = ['vix', 'tga', 'sofr'];
    const first = await loadVintagedSeries(db, ids, '2025-01-03T00:00:00.000Z');
    // Later: a new day for vix, a withdrawal for tga, nothing for sofr.
    await appendObservations(db, 'vix', [{ date: '2025-01-03', value: 18 }], '2025-01-04T00:00:00.000Z', null);
    await appendObservations(db, 'tga', [], '2025-01-04T00:00:00.000Z', null, { withdrawn: ['2025-01-02'] });
    const base = { seenUpTo: '2025-01-03T00:00:00.000Z', series: first };
    const next = await loadVintagedSeries(db, ids, '2025-01-04T00:00:00.000Z', base);
    assert.equal(next.get('sofr'), first.get('sofr'), 'unchanged: the very same series, not read again');
    assert.notEqual(next.get('vix'), first.get('vix'));
    assert.notEqual(next.get('tga'), first.get('tga'));
    const fresh = await loadVintagedSeries(db, ids, '2025-01-04T00:00:00.000Z');
    assert.deepEqual(next, fresh, 'the same as a load from scratch');
    assert.deepEqual(currentObservations(next.get('tga')!), [], 'the withdrawal is read');
    // A base newer than the instant asked for is no prefix of it: everything is read again.
    const older = await loadVintagedSeries(db, ids, '2025-01-03T00:00:00.000Z', {
      ...base,
      seenUpTo: '2025-01-04T00:00:00.000Z',
      series: next,
    });
    assert.notEqual(older.get('sofr'), next.get('sofr'));
    assert.deepEqual(older, first);
  });
});
