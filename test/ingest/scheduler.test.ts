import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Refresher } from '../../src/ingest/refresh/queue.ts';
import { refreshHere } from '../../src/ingest/refresh/run.ts';
import { type Clock, refreshIntervalHours, scheduleRefreshes } from '../../src/ingest/scheduler.ts';
import { createProviders } from '../../src/providers/providers.ts';
import { Publisher } from '../../src/publish/publisher.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { type ReplayServer, startReplayServer } from '../support/replay-server.ts';
import { syntheticReplayData } from '../support/synthetic-data.ts';

/** A clock the test moves by hand: timers fire only when the test says so. */
function manualClock(start: string) {
  let now = Date.parse(start);
  const timers: Array<{ at: number; fn: () => void; id: number }> = [];
  let ids = 0;
  const clock: Clock = {
    now: () => new Date(now),
    setTimeout(fn, ms) {
      timers.push({ at: now + ms, fn, id: ++ids });
      return ids;
    },
    clearTimeout(handle) {
      const i = timers.findIndex((t) => t.id === handle);
      if (i >= 0) timers.splice(i, 1);
    },
  };
  return {
    clock,
    pending: () => timers.map((t) => new Date(t.at).toISOString()),
    /** Moves time to the next timer and fires it. */
    advance() {
      timers.sort((a, b) => a.at - b.at);
      const next = timers.shift();
      if (!next) throw new Error('no timer pending');
      now = next.at;
      next.fn();
    },
  };
}

function recordingLog() {
  const lines: Array<{ level: string; msg: string; obj: Record<string, unknown> }> = [];
  const at = (level: string) => (obj: object, msg: string) =>
    lines.push({ level, msg, obj: obj as Record<string, unknown> });
  return { log: { info: at('info'), warn: at('warn'), error: at('error') }, lines };
}

describe('the refresh schedule recovers by itself', () => {
  let replay: ReplayServer;
  let store: Store;
  before(async () => {
    replay = await startReplayServer(syntheticReplayData({ start: '2019-01-01' }));
    store = await openStore('sqlite::memory:');
  });
  after(async () => {
    await store.close();
    await replay.close();
  });

  it('a provider outage fails the first refresh; it is retried with backoff and heals without a restart', async () => {
    const time = manualClock('2026-11-21T12:00:00Z');
    const providers = createProviders(
      replay.providerConfig({ http: { timeoutMs: 30_000, retries: 0, backoffMs: 0, maxRetryAfterMs: 0 } }),
    );
    const publisher = new Publisher(store, { now: time.clock.now });
    const refresher = new Refresher(refreshHere({ store, providers, now: time.clock.now }), async () => {
      await publisher.rebuild();
    });
    const { log, lines } = recordingLog();
    replay.inject('', { kind: 'status', status: 503 }); // every provider down
    const schedule = scheduleRefreshes({
      refresher,
      cron: '0 0 0 1 1 *', // yearly: only the retries run in this test
      lastSuccessAt: undefined,
      maxAgeMs: 6 * 3_600_000,
      refreshOnStart: true,
      retryMs: [60_000, 300_000, 900_000, 3_600_000],
      log,
      clock: time.clock,
    });
    try {
      await schedule.startup;
      assert.equal(publisher.current?.health.body.status, 'down');
      assert.deepEqual(time.pending(), ['2026-11-21T12:01:00.000Z'], 'first retry after 1 minute');
      assert.ok(lines.some((l) => l.level === 'info' && l.msg === 'refresh started'));
      // Each failed source at info; one warning for the try, with the causes grouped.
      const failed = lines.filter((l) => l.level === 'info' && l.msg === 'source failed');
      assert.ok(failed.length > 30, 'each failed source is logged');
      assert.match(String(failed[0]!.obj.error), /HTTP 503/);
      assert.equal(failed[0]!.obj.errorKind, 'http');
      const warnings = lines.filter((l) => l.level === 'warn' && l.msg === 'refresh finished with failures');
      assert.equal(warnings.length, 1, 'one warning per try');
      const causes = warnings[0]!.obj.causes as Record<string, number>;
      assert.ok(
        Object.keys(causes).some((k) => /^fred: http \(.*503/.test(k)),
        JSON.stringify(causes),
      );
      assert.equal(
        Object.values(causes).reduce((a, b) => a + b, 0),
        (warnings[0]!.obj.failed as string[]).length,
      );

      // Still down at the first retry: the next one waits 5 minutes.
      time.advance();
      await refresher.idle(60_000);
      assert.deepEqual(time.pending(), ['2026-11-21T12:06:00.000Z']);

      // The providers recover; the second retry heals the service.
      replay.clearFaults();
      time.advance();
      await refresher.idle(60_000);
      assert.deepEqual(time.pending(), [], 'no retry after a successful refresh');
      assert.equal(schedule.nextRetryAt(), undefined);
      const health = publisher.current!.health.body;
      assert.equal(health.lastRefresh?.status, 'ok');
      assert.equal(health.indicators.failed, 0);
      assert.ok(publisher.current!.series.get('tga'), 'the series are served again');
      assert.ok(lines.some((l) => l.msg === 'refresh finished' && l.obj.status === 'ok'));
    } finally {
      schedule.stop();
      replay.clearFaults();
    }
  });

  it('says what it does when a refresh on start is disabled or not needed', () => {
    const { log, lines } = recordingLog();
    const refresher = new Refresher(
      refreshHere({ store, providers: createProviders(replay.providerConfig()), now: () => new Date() }),
    );
    for (const [refreshOnStart, lastSuccessAt] of [
      [false, undefined],
      [true, new Date().toISOString()],
    ] as const) {
      const schedule = scheduleRefreshes({
        refresher,
        cron: '0 0 0 1 1 *',
        lastSuccessAt,
        maxAgeMs: 6 * 3_600_000,
        refreshOnStart,
        log,
      });
      assert.equal(schedule.startup, undefined);
      schedule.stop();
    }
    assert.deepEqual(
      lines.map((l) => l.msg),
      ['refresh on start disabled (REFRESH_ON_START=false)', 'stored data is recent; no refresh on start'],
    );
  });

  it('reads the refresh interval from the cron pattern', () => {
    assert.equal(refreshIntervalHours('0 0 */6 * * *', new Date('2026-11-21T01:00:00Z')), 6);
    assert.equal(refreshIntervalHours('0 30 * * * *', new Date('2026-11-21T01:00:00Z')), 1);
  });
});
