import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it, mock } from 'node:test';
import { getText, retryAfterMs } from '../../src/providers/http-client.ts';
import { ProviderError } from '../../src/providers/provider-error.ts';
import { rateLimiter } from '../../src/providers/rate-limiter.ts';
import { type ReplayServer, startReplayServer } from '../support/replay-server.ts';
import { syntheticReplayData } from '../support/synthetic-data.ts';

const PATH = '/graph/fredgraph.csv?id=WALCL';

describe('HTTP client: timeouts, retries, backoff, refusals', () => {
  let replay: ReplayServer;
  before(async () => {
    replay = await startReplayServer(syntheticReplayData({ start: '2024-01-01', end: '2024-03-01' }));
  });
  after(() => replay.close());
  beforeEach(() => {
    replay.clearFaults();
    replay.requests.length = 0;
  });
  // Answers get a generous timeout (a busy machine is slow); only the hanging provider meets a short one.
  const ctx = (retries = 2, timeoutMs = 30_000) => ({
    source: 'fred:WALCL',
    seriesId: 'fed-balance-sheet',
    limiter: rateLimiter({ minIntervalMs: 0, maxConcurrent: 2 }),
    policy: { timeoutMs, retries, backoffMs: 5, maxRetryAfterMs: 1500 },
  });
  const failsWith = async (kind: string, c = ctx()) => {
    await assert.rejects(getText(replay.url + PATH, c), (e: unknown) => {
      assert.ok(e instanceof ProviderError);
      assert.equal(e.kind, kind);
      assert.match(e.message, /^fred:WALCL fed-balance-sheet: /);
      return true;
    });
  };

  it('gives up after the timeout, retrying the configured number of times', async () => {
    replay.inject('WALCL', { kind: 'hang' });
    await failsWith('timeout', ctx(2, 300));
    assert.equal(replay.requests.length, 3);
  });

  it('retries a 500 and succeeds when the provider recovers', async () => {
    replay.inject('WALCL', { kind: 'status', status: 500 }, 2);
    const response = await getText(replay.url + PATH, ctx());
    assert.match(response.body, /^observation_date,WALCL/);
    assert.equal(replay.requests.length, 3);
  });

  it('reports a 5xx storm that outlasts the retries', async () => {
    replay.inject('WALCL', { kind: 'status', status: 503 });
    await failsWith('http');
  });

  it('does not retry a 404', async () => {
    replay.inject('WALCL', { kind: 'status', status: 404 });
    await failsWith('http');
    assert.equal(replay.requests.length, 1);
  });

  it('waits for Retry-After on 429, then succeeds', async () => {
    replay.inject('WALCL', { kind: 'rate-limit', retryAfterSeconds: 1 }, 1);
    const started = Date.now();
    await getText(replay.url + PATH, ctx());
    assert.ok(Date.now() - started >= 900, 'honoured the 1 s Retry-After');
  });

  it('refuses an HTML page served with 200', async () => {
    replay.inject('WALCL', { kind: 'html' });
    await failsWith('html');
    assert.equal(replay.requests.length, 1, 'not retried: HTML is not transient');
  });

  it('refuses an empty body', async () => {
    replay.inject('WALCL', { kind: 'empty' });
    await failsWith('empty');
  });

  it('retries a reset connection and reports it as a network error', async () => {
    replay.inject('WALCL', { kind: 'reset' });
    await failsWith('network');
    assert.equal(replay.requests.length, 3);
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    assert.equal(retryAfterMs('3'), 3000);
    assert.equal(retryAfterMs('Sat, 21 Nov 2026 12:00:10 GMT', Date.parse('2026-11-21T12:00:00Z')), 10_000);
    assert.equal(retryAfterMs('soon'), undefined);
  });
});

describe('rate limiter', () => {
  it('spaces request starts by the minimum interval (FRED: 2 per second)', async () => {
    // On a mocked clock (setTimeout and Date, advanced 1 ms at a time): deterministic on a busy machine.
    mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 0 });
    try {
      const limiter = rateLimiter({ minIntervalMs: 100, maxConcurrent: 2 });
      const starts: number[] = [];
      let done = false;
      const all = Promise.all([1, 2, 3, 4].map(() => limiter.schedule(async () => void starts.push(Date.now())))).then(
        () => {
          done = true;
        },
      );
      // The gate's timer (the next start) fires only as the mocked clock advances.
      for (let ms = 0; ms < 1000 && !done; ms++) {
        await new Promise((resolve) => setImmediate(resolve));
        mock.timers.tick(1);
      }
      await all;
      const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
      assert.equal(starts.length, 4);
      assert.ok(
        // Within the mocked clock's 1 ms step.
        gaps.every((gap) => gap >= 99),
        `gaps ${gaps.join(', ')}`,
      );
    } finally {
      mock.timers.reset();
    }
  });

  it('never runs more than maxConcurrent tasks at once', async () => {
    const limiter = rateLimiter({ minIntervalMs: 0, maxConcurrent: 2 });
    let active = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        limiter.schedule(async () => {
          active++;
          peak = Math.max(peak, active);
          await new Promise((r) => setTimeout(r, 20));
          active--;
        }),
      ),
    );
    assert.equal(peak, 2);
  });
});
