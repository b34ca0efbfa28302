import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FULL_READ_EVERY_DAYS, RECENT_READ_DAYS, readWindowStart } from '../../../src/ingest/refresh/read-window.ts';
import { runRefresh } from '../../../src/ingest/refresh/run.ts';
import { createProviders } from '../../../src/providers/providers.ts';
import { loadSeries } from '../../../src/store/observations.ts';
import { openStore, type Store } from '../../../src/store/store.ts';
import { seriesDef } from '../../../src/timeseries/catalog.ts';
import type { ReplayData, ReplayRow } from '../../support/replay-data.ts';
import { type ReplayServer, startReplayServer } from '../../support/replay-server.ts';
import { syntheticReplayData } from '../../support/synthetic-data.ts';

const T0 = Date.parse('2026-11-21T12:00:00Z');
const HOUR = 3_600_000;

/** The synthetic data with WALCL edited in place: the provider revising (or dropping) a print. */
function editableData(): { data: ReplayData; edit: (date: string, raw: string | null) => void } {
  const base = syntheticReplayData();
  const edits = new Map<string, string | null>();
  const data: ReplayData = {
    ...base,
    rows(key) {
      const rows = base.rows(key);
      if (key !== 'fred:WALCL' || !rows) return rows;
      return rows.flatMap((r): ReplayRow[] => {
        if (!edits.has(r.date)) return [r];
        const raw = edits.get(r.date)!;
        return raw === null ? [] : [{ date: r.date, raw }];
      });
    },
  };
  return { data, edit: (date, raw) => edits.set(date, raw) };
}

describe('read windows', () => {
  const daily = seriesDef('sofr')!;
  const now = new Date(T0);
  it('reads the whole history with no full read on record, or one a week old', () => {
    assert.equal(readWindowStart(daily, undefined, now), undefined);
    const weekAgo = new Date(T0 - FULL_READ_EVERY_DAYS * 24 * HOUR).toISOString();
    assert.equal(readWindowStart(daily, weekAgo, now), undefined);
  });
  it('reads the recent window of its frequency after a recent full read', () => {
    const recent = new Date(T0 - 2 * 24 * HOUR).toISOString();
    assert.equal(daily.frequency, 'daily');
    assert.equal(readWindowStart(daily, recent, now), '2026-09-22');
    assert.equal(RECENT_READ_DAYS.daily, 60);
  });
});

describe('a routine refresh after a full one', () => {
  let replay: ReplayServer;
  let store: Store;
  let edit: (date: string, raw: string | null) => void;
  const refreshAt = (at: number) =>
    runRefresh({ store, providers: createProviders(replay.providerConfig()), now: () => new Date(at) }, 'test');
  before(async () => {
    const editable = editableData();
    edit = editable.edit;
    replay = await startReplayServer(editable.data);
    store = await openStore('sqlite::memory:');
  });
  after(async () => {
    await store.close();
    await replay.close();
  });

  it('the first refresh reads every whole history; the next asks each provider only for recent dates', async () => {
    const first = await refreshAt(T0);
    assert.equal(first.status, 'ok');
    assert.ok(first.outcomes.every((o) => o.windowStart === undefined));
    assert.ok(!replay.requests.some((r) => r.includes('cosd=')));
    const stored = await loadSeries(store.db);
    replay.requests.length = 0;

    const routine = await refreshAt(T0 + 6 * HOUR);
    assert.equal(routine.status, 'ok', JSON.stringify(routine.outcomes.filter((o) => o.status === 'error')));
    const fetched = routine.outcomes.filter((o) => o.source !== 'derived');
    assert.ok(
      fetched.every((o) => o.windowStart !== undefined),
      'every fetched series read a window',
    );
    // Each provider was asked in its own way (../shared/reference/providers.md).
    const fred = replay.requests.filter((r) => r.startsWith('/graph/fredgraph.csv'));
    assert.ok(fred.length > 0 && fred.every((r) => /[?&]cosd=\d{4}-\d{2}-\d{2}/.test(r)), fred.join('\n'));
    const fiscal = replay.requests.filter((r) => r.includes('/accounting/'));
    assert.ok(fiscal.length > 0 && fiscal.every((r) => /record_date:gte:202[56]-/.test(decodeURIComponent(r))));
    const nyfed = replay.requests.filter((r) => r.includes('search.json'));
    assert.ok(nyfed.length > 0 && nyfed.every((r) => /startDate=202[56]-/.test(r)), nyfed.join('\n'));
    const prices = replay.requests.filter((r) => r.includes('/finance/chart/'));
    assert.ok(prices.length > 0 && prices.every((r) => !/period1=0\b/.test(r)));

    // Nothing lost, nothing withdrawn, nothing added: the window told the store nothing new.
    assert.equal(
      routine.outcomes.reduce((n, o) => n + o.added + o.revisions + (o.withdrawn ?? 0), 0),
      0,
    );
    assert.deepEqual(await loadSeries(store.db), stored);
  });

  it('a revision inside the window is caught at once; one older than the window at the weekly full read', async () => {
    const walcl = (await loadSeries(store.db, { seriesIds: ['fed-balance-sheet'] })).get('fed-balance-sheet')!;
    const recent = walcl.at(-2)!;
    const old = walcl.find((o) => o.date >= '2025-06-01')!;
    const value = async (date: string) =>
      (await loadSeries(store.db, { seriesIds: ['fed-balance-sheet'] }))
        .get('fed-balance-sheet')!
        .find((o) => o.date === date)?.value;
    // WALCL is in millions at the provider, billions here (the catalog's scale): +1,000 millions = +1 billion.
    edit(recent.date, String(Math.round(recent.value * 1000 + 1000)));
    edit(old.date, String(Math.round(old.value * 1000 + 1000)));

    const routine = await refreshAt(T0 + 12 * HOUR);
    const outcome = routine.outcomes.find((o) => o.seriesId === 'fed-balance-sheet')!;
    assert.equal(outcome.revisions, 1, 'the revision inside the window');
    assert.ok(Math.abs((await value(recent.date))! - (recent.value + 1)) < 1e-6);
    assert.equal(await value(old.date), old.value, 'older than the window: not seen yet');

    const weekly = await refreshAt(T0 + (FULL_READ_EVERY_DAYS + 0.5) * 24 * HOUR);
    const full = weekly.outcomes.find((o) => o.seriesId === 'fed-balance-sheet')!;
    assert.equal(full.windowStart, undefined, 'a week on: the whole history again');
    assert.equal(full.revisions, 1);
    assert.ok(Math.abs((await value(old.date))! - (old.value + 1)) < 1e-6);
  });

  it('withdraws a date dropped inside the window, and never one stored before it', async () => {
    const walcl = (await loadSeries(store.db, { seriesIds: ['fed-balance-sheet'] })).get('fed-balance-sheet')!;
    const dropped = walcl.at(-3)!;
    edit(dropped.date, null);
    const routine = await refreshAt(T0 + (FULL_READ_EVERY_DAYS + 1) * 24 * HOUR);
    const outcome = routine.outcomes.find((o) => o.seriesId === 'fed-balance-sheet')!;
    assert.ok(outcome.windowStart !== undefined && outcome.windowStart < dropped.date);
    assert.equal(outcome.withdrawn, 1);
    const after = (await loadSeries(store.db, { seriesIds: ['fed-balance-sheet'] })).get('fed-balance-sheet')!;
    assert.equal(after.length, walcl.length - 1);
    assert.ok(!after.some((o) => o.date === dropped.date));
  });
});
