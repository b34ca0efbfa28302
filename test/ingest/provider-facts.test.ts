import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runRefresh } from '../../src/ingest/refresh/run.ts';
import { createProviders } from '../../src/providers/providers.ts';
import { loadSeries } from '../../src/store/observations.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { type ReplayServer, startReplayServer } from '../support/replay-server.ts';
import { syntheticReplayData } from '../support/synthetic-data.ts';

/**
 * The real-world facts of the providers (issue 9) on generated fixtures, so they hold without ../shared: the
 * replay server speaks the real formats, and the refresh must read them right.
 */
const now = () => new Date('2026-11-21T12:00:00Z');
const data = syntheticReplayData();

async function fresh(replay: ReplayServer, only: string[], store?: Store) {
  const target = store ?? (await openStore('sqlite::memory:'));
  const summary = await runRefresh(
    { store: target, providers: createProviders(replay.providerConfig()), now, only },
    'test',
  );
  return { store: target, summary, series: await loadSeries(target.db) };
}

describe('provider facts through the replay server', () => {
  let replay: ReplayServer;
  const stores: Store[] = [];
  before(async () => {
    replay = await startReplayServer(data);
  });
  after(async () => {
    for (const store of stores) await store.close();
    await replay.close();
  });

  it('stores the MTS deficit deficit-positive, in billions, for every month', async () => {
    const { store, series } = await fresh(replay, ['federal-deficit']);
    stores.push(store);
    const stored = new Map(series.get('federal-deficit')!.map((o) => [o.date, o.value]));
    const published = data.rows('mts')!.filter((r) => r.raw !== null && r.date >= '2015-01-01');
    assert.equal(stored.size, published.length);
    for (const r of published) assert.ok(Math.abs(stored.get(r.date)! - Number(r.raw) / 1e9) < 1e-9, r.date);
  });

  it('computes a bills share for every MSPD month from the "Total Marketable" row type', async () => {
    const { store, series } = await fresh(replay, ['bills-share']);
    stores.push(store);
    // Statements dated after "now" (a month end still ahead) are future-dated and dropped.
    const today = now().toISOString().slice(0, 10);
    const months = new Set(
      data
        .mspdRows()
        .map((r) => r.record_date)
        .filter((d) => d !== undefined && d <= today),
    );
    assert.equal(series.get('bills-share')!.length, months.size);
  });

  it('reads the TGA in all three DTS eras', async () => {
    const { store, series, summary } = await fresh(replay, ['tga-dts']);
    stores.push(store);
    assert.equal(summary.outcomes.find((o) => o.seriesId === 'tga-dts')!.status, 'ok');
    const dates = series.get('tga-dts')!.map((o) => o.date);
    assert.ok(
      dates.some((d) => d < '2021-10-01'),
      'Federal Reserve Account era',
    );
    assert.ok(
      dates.some((d) => d >= '2021-10-01' && d < '2022-04-18'),
      'Treasury General Account (TGA) era',
    );
    assert.ok(
      dates.some((d) => d >= '2022-04-18'),
      'Closing Balance era',
    );
  });

  it('never stores a WRESBAL vintage in billions as millions, even on a fresh store', async () => {
    const { store: reference, series: good } = await fresh(replay, ['bank-reserves']);
    stores.push(reference);
    replay.inject('id=WRESBAL', { kind: 'scale', factor: 0.001 }, 1); // the November 2024 download, in billions
    const { store, series, summary } = await fresh(replay, ['bank-reserves']);
    stores.push(store);
    const outcome = summary.outcomes.find((o) => o.seriesId === 'bank-reserves')!;
    assert.equal(outcome.status, 'ok');
    assert.match(outcome.message ?? '', /a vintage in another unit; rescaled to usd_billions/);
    assert.deepEqual(series.get('bank-reserves'), good.get('bank-reserves'));
  });

  it('sees only the last 3 years of the ICE BofA series, as FRED serves them', async () => {
    const { store, series } = await fresh(replay, ['hy-spread', 'ig-spread']);
    stores.push(store);
    for (const id of ['hy-spread', 'ig-spread']) {
      const list = series.get(id)!;
      const last = list.at(-1)!.date;
      const threeYearsBack = `${Number(last.slice(0, 4)) - 3}${last.slice(4)}`;
      assert.ok(list[0]!.date > threeYearsBack, `${id} starts ${list[0]!.date}`);
    }
  });

  it('keeps every ICE value it ever fetched when FRED stops serving the older years', async () => {
    replay.iceHistoryYears = Number.POSITIVE_INFINITY; // an install that downloaded before April 2026
    const { store, series: before } = await fresh(replay, ['hy-spread']);
    stores.push(store);
    replay.iceHistoryYears = 3;
    const { series: after, summary } = await fresh(replay, ['hy-spread'], store);
    assert.equal(summary.outcomes.find((o) => o.seriesId === 'hy-spread')!.status, 'ok');
    assert.deepEqual(after.get('hy-spread'), before.get('hy-spread'));
  });

  it("treats the chart source's plain-text 429 as a clear provider error, without retrying", async () => {
    replay.inject('/v8/finance/chart/GLD', { kind: 'edge-429' });
    const requestsBefore = replay.requests.filter((r) => r.includes('/chart/GLD')).length;
    const { store, summary } = await fresh(replay, ['gold']);
    stores.push(store);
    replay.clearFaults();
    const outcome = summary.outcomes.find((o) => o.seriesId === 'gold')!;
    assert.equal(outcome.status, 'error');
    assert.match(
      outcome.message ?? '',
      /HTTP 429 Too Many Requests \(Edge: Too Many Requests\): the source refuses scripted clients; not retried/,
    );
    assert.equal(replay.requests.filter((r) => r.includes('/chart/GLD')).length - requestsBefore, 1);
  });
});
