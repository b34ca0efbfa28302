import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { runRefresh } from '../../src/ingest/refresh/run.ts';
import { ProviderError } from '../../src/providers/provider-error.ts';
import { createProviders, type Providers } from '../../src/providers/providers.ts';
import { runSources } from '../../src/store/runs.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { seriesDef } from '../../src/timeseries/catalog.ts';
import { type ReplayServer, startReplayServer } from '../support/replay-server.ts';
import { syntheticReplayData } from '../support/synthetic-data.ts';

/**
 * Issue 41, point 6: an answer that gives one date two values is malformed — which one is the provider's? Taking
 * the last (as before) stored each such date as a revision, and the next clean answer as another (702 + 768
 * revisions of ±1 % kept in the vintages for good). Every provider client refuses it, nothing is stored; a date
 * merely listed twice with the same value is one value.
 */
const NOW = new Date('2024-03-02T12:00:00Z');

/** Each provider client, by a series it serves and the request path that serves it. */
const CLIENTS = [
  { client: 'FRED graph CSV', seriesId: 'fed-balance-sheet', match: 'id=WALCL' },
  { client: 'FRED API JSON', seriesId: 'fed-balance-sheet', match: 'series_id=WALCL', apiKey: true },
  { client: 'Fiscal Data, DTS', seriesId: 'tga-dts', match: 'operating_cash_balance' },
  { client: 'Fiscal Data, Debt to the Penny', seriesId: 'debt-penny', match: 'debt_to_penny' },
  { client: 'Fiscal Data, MTS', seriesId: 'federal-deficit', match: 'mts_table_1' },
  { client: 'Fiscal Data, MSPD', seriesId: 'bills-share', match: 'mspd_table_1' },
  { client: 'NY Fed reference rates', seriesId: 'sofr', match: 'sofr/search' },
  { client: 'NY Fed repo operations', seriesId: 'srf', match: 'rp/results' },
  { client: 'chart source', seriesId: 'gold', match: 'chart/GLD' },
] as const;

describe('a provider answer that gives one date two values', () => {
  let replay: ReplayServer;
  let providers: Providers;
  let withKey: Providers;
  before(async () => {
    replay = await startReplayServer(syntheticReplayData({ start: '2023-06-01', end: '2024-03-01' }));
    providers = createProviders(replay.providerConfig());
    withKey = createProviders(replay.providerConfig({ fredApiKey: 'a'.repeat(32) }));
  });
  after(() => replay.close());
  beforeEach(() => replay.clearFaults());

  for (const { client, seriesId, match, ...rest } of CLIENTS) {
    const via = 'apiKey' in rest ? () => withKey : () => providers;
    it(`is refused as malformed by the ${client} client, naming the date and both values`, async () => {
      const def = seriesDef(seriesId)!;
      replay.inject(match, { kind: 'conflicting-duplicate' });
      await assert.rejects(via().fetchSeries(def, NOW), (error: unknown) => {
        assert.ok(error instanceof ProviderError, String(error));
        assert.equal(error.kind, 'parse');
        assert.equal(error.retryable, false);
        assert.match(error.message, /\d{4}-\d{2}-\d{2} is listed with two values \(.+ and .+\)/);
        return true;
      });
    });

    it(`the same value listed twice is one value (${client})`, async () => {
      const def = seriesDef(seriesId)!;
      const clean = await via().fetchSeries(def, NOW);
      replay.inject(match, { kind: 'duplicate' });
      const repeated = await via().fetchSeries(def, NOW);
      assert.deepEqual(repeated.observations, clean.observations);
    });
  }
});

describe('a refresh meeting such an answer', () => {
  let replay: ReplayServer;
  let store: Store;
  before(async () => {
    replay = await startReplayServer(syntheticReplayData({ start: '2023-06-01', end: '2024-03-01' }));
    store = await openStore('sqlite::memory:');
  });
  after(async () => {
    await store.close();
    await replay.close();
  });

  it('marks the source failed and stores nothing of it: no revision, no vintage', async () => {
    const providers = createProviders(replay.providerConfig());
    // Each refresh an hour after the one before, as the schedule runs them (a vintage is keyed by its instant).
    let hours = 0;
    const refresh = (trigger: string) => {
      const at = new Date(NOW.getTime() + 3_600_000 * hours++);
      return runRefresh({ store, providers, now: () => at, only: ['fed-balance-sheet'] }, trigger);
    };
    await refresh('clean');
    const rowsBefore = await countVintages(store, 'fed-balance-sheet');
    replay.inject('id=WALCL', { kind: 'conflicting-duplicate' });
    const summary = await refresh('conflicting');
    const outcome = summary.outcomes.find((o) => o.seriesId === 'fed-balance-sheet')!;
    assert.equal(outcome.status, 'error');
    assert.equal(outcome.errorKind, 'parse');
    assert.equal(outcome.revisions, 0);
    assert.equal(outcome.added, 0);
    const logged = (await runSources(store.db, summary.runId)).find((r) => r.series_id === 'fed-balance-sheet')!;
    assert.equal(logged.status, 'error');
    assert.match(logged.error ?? '', /listed with two values/);
    assert.equal(await countVintages(store, 'fed-balance-sheet'), rowsBefore, 'not one vintage more');
  });
});

async function countVintages(store: Store, seriesId: string): Promise<number> {
  const row = await store.db
    .selectFrom('observations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('series_id', '=', seriesId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
