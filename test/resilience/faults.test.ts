import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runRefresh } from '../../src/ingest/refresh/run.ts';
import { createProviders } from '../../src/providers/providers.ts';
import { FAULT_SCENARIOS, runFaultScenario } from '../support/fault-scenarios.ts';
import { createHarness, type Harness } from '../support/harness.ts';
import { syntheticReplayData } from '../support/synthetic-data.ts';

describe('provider faults: the service keeps answering from the last good data', () => {
  let h: Harness;
  let minute = 0;
  const tick = () => new Date(Date.parse('2026-11-21T12:00:00Z') + 60_000 * minute++);
  before(async () => {
    h = await createHarness({ data: syntheticReplayData({ start: '2021-01-01' }) });
    // A timeout far above a busy machine's answers; the no-answer scenario hangs, so it fires whatever the load.
    // Retry-After up to 2 s is honoured.
    h.providers = createProviders(
      h.replay.providerConfig({ http: { timeoutMs: 3_000, retries: 1, backoffMs: 5, maxRetryAfterMs: 2_000 } }),
    );
    await h.refresh();
  });
  after(() => h.close());

  for (const scenario of FAULT_SCENARIOS) {
    it(`${scenario.name}: ${scenario.expect === 'refused' ? 'refused, logged, last good data served as fallback' : 'repaired, reported, nothing corrupted'}`, async () => {
      const outcome = await runFaultScenario(h, scenario, tick);
      assert.equal(outcome.servedStatus, 200);
      assert.equal(outcome.regimeStatus, 200);
      assert.ok(outcome.valuesUnchanged, 'every stored value is still there, unchanged');
      assert.equal(outcome.futureStored, false);
      assert.equal(outcome.storedAfter, outcome.storedBefore);
      if (scenario.expect === 'refused') {
        assert.equal(outcome.refreshStatus, 'error');
        assert.match(outcome.logged, /fed-balance-sheet/);
        assert.equal(outcome.servedSource, 'fallback');
      } else {
        assert.equal(outcome.refreshStatus, 'ok');
        assert.notEqual(outcome.servedSource, 'fallback');
      }
    });
  }

  it('recovers: the next clean refresh serves the series as fresh again', async () => {
    h.replay.clearFaults();
    await runRefresh({ store: h.store, providers: h.providers, now: tick, only: ['fed-balance-sheet'] }, 'recover');
    await h.publisher.rebuild({ now: tick() });
    assert.equal((await h.app.inject('/api/series/fed-balance-sheet')).json().meta.source, 'fresh');
  });
});
