import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DLI_1 } from '../../../src/analytics/model/specs/dli-1.ts';
import { CURRENT_MODEL } from '../../../src/analytics/model/versions.ts';
import { modelResultKey } from '../../../src/publish/model/computation.ts';
import { modelAsOf, unvalidatedOutputs } from '../../../src/publish/model/run.ts';
import { Publisher } from '../../../src/publish/publisher.ts';
import { storedModelResult } from '../../../src/store/model-results.ts';
import { loadVintagedSeries } from '../../../src/store/observations.ts';
import type { VintagedSeries } from '../../../src/timeseries/vintages.ts';
import { createRefreshedHarness, type Harness, TEST_NOW } from '../../support/harness.ts';

/**
 * Issue 12, guarantee 3: what a long-running store saw first, and when, must not change the published history —
 * a fresh install fed today's provider data publishes the same one. And a series dli-2 does not score (ICE's
 * high-yield spread, of which FRED now serves 3 years) cannot change it either, however much of it is stored.
 */
describe('dli-2 is reproducible from a fresh install', () => {
  let h: Harness;
  let fresh: Map<string, VintagedSeries>;
  before(async () => {
    h = await createRefreshedHarness();
    fresh = new Map(await loadVintagedSeries(h.store.db));
  });
  after(() => h.close());

  /**
   * The same current data as a store that has run for a while: backfilled on the date of its 200th-last
   * observation, every later observation first seen 10 days after its date (later than its publication lag), and
   * every 50th observation first printed 1 % off and revised to today's value 30 days later.
   */
  function longRunning(store: ReadonlyMap<string, VintagedSeries>): Map<string, VintagedSeries> {
    const out = new Map<string, VintagedSeries>();
    for (const [id, s] of store) {
      const n = s.dates.length;
      const backfill = s.dates[Math.max(0, n - 200)]!;
      const firstSeen = s.dates.map((d, i) => `${i >= n - 200 ? addDays(d, 10) : backfill}T12:00:00Z`);
      const firstValues = [...s.firstValues];
      const revisions = new Map(s.revisions);
      for (let i = 0; i < n; i += 50) {
        if (revisions.has(i)) continue;
        firstValues[i] = s.firstValues[i]! * 1.01;
        revisions.set(i, [{ value: s.firstValues[i]!, seenAt: `${addDays(s.dates[i]!, 30)}T12:00:00Z` }]);
      }
      out.set(id, { dates: s.dates, firstValues, firstSeen, revisions });
    }
    return out;
  }

  it('a store that saw data late and revised publishes the history a fresh install publishes', () => {
    const a = unvalidatedOutputs(fresh, TEST_NOW, 'http://x');
    const b = unvalidatedOutputs(longRunning(fresh), TEST_NOW, 'http://x');
    assert.equal(a.history.modelVersion, CURRENT_MODEL.version);
    assert.ok(a.history.count > 1000);
    assert.deepEqual(b.history.headline, a.history.headline);
    assert.deepEqual(b.history.dates, a.history.dates);
    assert.deepEqual(b.regime.drivers, a.regime.drivers);
  });

  it('(the same check fails for dli-1, which dated inputs by when the store first saw them)', () => {
    const a = unvalidatedOutputs(fresh, TEST_NOW, 'http://x', DLI_1);
    const b = unvalidatedOutputs(longRunning(fresh), TEST_NOW, 'http://x', DLI_1);
    assert.notDeepEqual(b.history.headline, a.history.headline);
  });

  it('3 or 30 years of the ICE high-yield spread stored: the same history', () => {
    const hy = fresh.get('hy-spread')!;
    assert.ok(hy.dates.length > 0);
    const keep = hy.dates.findIndex((d) => d >= '2023-11-21');
    const short: VintagedSeries = {
      dates: hy.dates.slice(keep),
      firstValues: hy.firstValues.slice(keep),
      firstSeen: hy.firstSeen.slice(keep),
      revisions: new Map(),
    };
    const a = unvalidatedOutputs(fresh, TEST_NOW, 'http://x');
    const b = unvalidatedOutputs(new Map(fresh).set('hy-spread', short), TEST_NOW, 'http://x');
    assert.deepEqual(b.history, a.history);
    const none = new Map(fresh);
    none.delete('hy-spread');
    assert.deepEqual(unvalidatedOutputs(none, TEST_NOW, 'http://x').history, a.history);
  });
});

describe('the model as of an instant, with or without its history', () => {
  it('the regime alone is the regime of the run with the history, and carries no history', async () => {
    const h = await createRefreshedHarness();
    try {
      const vintaged = await loadVintagedSeries(h.store.db);
      const instant = TEST_NOW.toISOString();
      const whole = modelAsOf(vintaged, instant);
      const alone = modelAsOf(vintaged, instant, CURRENT_MODEL, false);
      assert.ok(whole && alone);
      assert.ok(whole.historyJson && (JSON.parse(whole.historyJson) as { count: number }).count > 1000);
      assert.equal(alone.historyJson, null);
      assert.deepEqual(alone.regime, whole.regime);
    } finally {
      await h.close();
    }
  });
});

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe('a restart serves the stored model result of its publication', () => {
  it('the model computed for a logged publication is kept, and a new publisher reads it back byte for byte', async () => {
    const h = await createRefreshedHarness();
    try {
      const at = { version: 7, now: TEST_NOW };
      const first = new Publisher(h.store, { baseUrl: 'http://x' });
      const built = await first.rebuild(at);
      const stored = await storedModelResult(h.store.db, modelResultKey(7));
      assert.ok(stored, 'kept for the next start');
      const restarted = new Publisher(h.store, { baseUrl: 'http://x', offThread: false });
      const again = await restarted.rebuild(at);
      assert.ok(again!.regime!.response.body.equals(built!.regime!.response.body));
      assert.ok(again!.history!.response.body.equals(built!.history!.response.body));
      assert.equal(again!.correlation!.response.etag, built!.correlation!.response.etag);
    } finally {
      await h.close();
    }
  });
});
