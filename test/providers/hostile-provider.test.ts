import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { fetchBudgetMs, finishReserveMs, runRefresh } from '../../src/ingest/refresh/run.ts';
import { UNREACHABLE_IN_A_ROW } from '../../src/providers/circuit-breaker.ts';
import { getText } from '../../src/providers/http-client.ts';
import { ProviderError } from '../../src/providers/provider-error.ts';
import { createProviders } from '../../src/providers/providers.ts';
import { rateLimiter } from '../../src/providers/rate-limiter.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { type ReplayServer, startReplayServer } from '../support/replay-server.ts';
import { syntheticReplayData } from '../support/synthetic-data.ts';

/** Issue 13, finding 3: a provider can neither exhaust the process's memory nor hold a refresh forever. */
describe('hostile providers', () => {
  let replay: ReplayServer;
  let store: Store;
  before(async () => {
    replay = await startReplayServer(syntheticReplayData({ start: '2024-01-01', end: '2024-03-01' }));
    store = await openStore('sqlite::memory:');
  });
  after(async () => {
    await store.close();
    await replay.close();
  });
  beforeEach(() => {
    replay.clearFaults();
    replay.requests.length = 0;
  });
  const ctx = (maxBodyBytes: number) => ({
    source: 'fred:WALCL',
    seriesId: 'fed-balance-sheet',
    limiter: rateLimiter({ minIntervalMs: 0, maxConcurrent: 2 }),
    policy: { timeoutMs: 60_000, retries: 2, backoffMs: 5, maxRetryAfterMs: 100, maxBodyBytes },
  });
  const refusedAsTooLarge = (e: unknown) => {
    assert.ok(e instanceof ProviderError);
    assert.equal(e.kind, 'too-large');
    assert.equal(e.retryable, false);
    return true;
  };

  it('a 300 MB body is cut off at the limit: the connection closes, nothing past it is read, no retry', async () => {
    replay.inject('WALCL', { kind: 'huge', mb: 300 });
    await assert.rejects(
      getText(`${replay.url}/graph/fredgraph.csv?id=WALCL`, ctx(4 * 1024 * 1024)),
      refusedAsTooLarge,
    );
    assert.equal(replay.requests.length, 1);
    // The server stops once the client hangs up: far less than 300 MB was ever sent (socket buffers aside).
    assert.ok(replay.lastStreamedBytes < 64 * 1024 * 1024, `${replay.lastStreamedBytes} bytes sent`);
  });

  it('a gzip bomb is refused by its inflated size', async () => {
    replay.inject('WALCL', { kind: 'gzip-bomb', mb: 64 });
    await assert.rejects(
      getText(`${replay.url}/graph/fredgraph.csv?id=WALCL`, ctx(8 * 1024 * 1024)),
      refusedAsTooLarge,
    );
  });

  it('a Fiscal Data answer claiming a million pages is refused after its first page', async () => {
    replay.inject('debt_to_penny', { kind: 'pages', claim: 1_000_000 });
    const summary = await runRefresh(
      {
        store,
        providers: createProviders(replay.providerConfig()),
        now: () => new Date('2024-03-02T12:00:00Z'),
        only: ['debt-penny'],
      },
      'test',
    );
    const outcome = summary.outcomes.find((o) => o.seriesId === 'debt-penny')!;
    assert.equal(outcome.status, 'error');
    assert.equal(outcome.errorKind, 'implausible');
    assert.match(outcome.message ?? '', /claims 1000000 pages/);
    assert.equal(replay.requests.filter((r) => r.includes('debt_to_penny')).length, 1);
  });

  it('a provider blackout: after 6 requests in a row cannot reach it, the rest are skipped at once', async () => {
    replay.inject('fredgraph', { kind: 'reset' });
    // One request at a time: then the count is exact. (With several in flight, those started before the breaker
    // opened still reach the wire — with the replay's 4, up to 3 more, which a loaded machine showed.)
    const providers = createProviders(
      replay.providerConfig({
        http: { timeoutMs: 30_000, retries: 1, backoffMs: 5, maxRetryAfterMs: 100 },
        maxConcurrentPerProvider: 1,
      }),
    );
    const fred = ['fed-balance-sheet', 'vix', 'tbill-3m', 'cp-rate-90d', 'real-yield-10y', 'treasury-2y'];
    const summary = await runRefresh(
      { store, providers, now: () => new Date('2024-03-02T12:00:00Z'), only: fred },
      'test',
    );
    const outcomes = summary.outcomes.filter((o) => fred.includes(o.seriesId));
    assert.ok(outcomes.every((o) => o.status === 'error'));
    // Exactly 6 requests reached the wire; every later one was skipped without a request (of the 12 the series
    // would have made).
    const wire = replay.requests.filter((r) => r.includes('fredgraph')).length;
    assert.equal(wire, UNREACHABLE_IN_A_ROW, `${wire} requests`);
    assert.ok(outcomes.every((o) => o.errorKind === 'network' || o.errorKind === 'unreachable'));
    assert.ok(outcomes.some((o) => o.errorKind === 'unreachable'));
  });

  it('a refresh past its budget fails the series still fetching, keeps the rest, and ends', async () => {
    replay.inject('WALCL', { kind: 'hang' });
    const summary = await runRefresh(
      {
        store,
        providers: createProviders(replay.providerConfig()),
        now: () => new Date('2024-03-02T12:00:00Z'),
        only: ['fed-balance-sheet', 'vix'],
        budgetMs: 5_000,
      },
      'test',
    );
    const walcl = summary.outcomes.find((o) => o.seriesId === 'fed-balance-sheet')!;
    assert.equal(walcl.status, 'error');
    assert.equal(walcl.errorKind, 'budget');
    assert.equal(summary.outcomes.find((o) => o.seriesId === 'vix')!.status, 'ok');
    assert.equal(summary.status, 'partial');
  });

  it('a refresh ends within its budget: the fetches stop early enough for the derived series to follow', async () => {
    replay.inject('WALCL', { kind: 'hang' });
    const budgetMs = 3_000;
    const t0 = performance.now();
    const summary = await runRefresh(
      {
        store,
        providers: createProviders(replay.providerConfig()),
        now: () => new Date('2024-03-02T12:00:00Z'),
        only: ['fed-balance-sheet', 'vix'],
        budgetMs,
      },
      'test',
    );
    const elapsedMs = performance.now() - t0;
    const walcl = summary.outcomes.find((o) => o.seriesId === 'fed-balance-sheet')!;
    assert.equal(walcl.errorKind, 'budget');
    // Cut when the fetches' share ran out (a timer fires no earlier than it is due), and every derived series was
    // then recomputed or failed on its own data, all before the whole budget was spent.
    assert.ok(walcl.ms >= fetchBudgetMs(budgetMs) - 5, `cut at ${walcl.ms} ms`);
    assert.ok(elapsedMs <= budgetMs, `ended after ${Math.round(elapsedMs)} ms`);
    assert.ok(summary.outcomes.filter((o) => o.source === 'derived').every((o) => o.errorKind !== 'budget'));
  });

  it('keeps 5 % of a budget for what follows the fetches, between 1 s and 30 s', () => {
    assert.equal(finishReserveMs(60_000), 3_000);
    assert.equal(finishReserveMs(5_000), 1_000);
    assert.equal(finishReserveMs(86_400_000), 30_000);
    assert.equal(fetchBudgetMs(60_000), 57_000);
  });
});
