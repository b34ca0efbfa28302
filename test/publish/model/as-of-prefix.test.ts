import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { History } from '../../../src/analytics/model/history.ts';
import type { ModelSpec } from '../../../src/analytics/model/spec.ts';
import { MODEL_VERSIONS } from '../../../src/analytics/model/versions.ts';
import { firstDayKnownDifferently, knownHistory, modelAsOf } from '../../../src/publish/model/run.ts';
import { loadVintagedSeries } from '../../../src/store/observations.ts';
import { fromDayNumber } from '../../../src/timeseries/dates.ts';
import type { VintagedSeries } from '../../../src/timeseries/vintages.ts';
import { createHarness, createRefreshedHarness, type Harness, TEST_NOW } from '../../support/harness.ts';
import { longRunningStore } from '../../support/long-running-store.ts';
import { hasRealData, realReplayData } from '../../support/replay-data.ts';

const DAY_MS = 86_400_000;
const daysBefore = (at: Date, days: number) => new Date(at.getTime() - days * DAY_MS).toISOString();
/** The models that read series as published at an instant: those whose `asOf` history reuses a later one. */
const AS_PUBLISHED = MODEL_VERSIONS.map((v) => v.spec).filter((spec) => spec.inputs === 'as-published-today');

/**
 * Issue 41: an `asOf` history takes the publication's rows before the first day any series was published
 * differently, and computes the rest. That holds only if the model reads nothing after a day to score it: checked
 * here by computing each history both ways, over a store that knew different things at each instant of a year.
 */
function checkPrefix(name: string, open: () => Promise<{ harness: Harness; now: Date }>, specs: ModelSpec[]) {
  describe(`an asOf history reuses the publication's earlier days: ${name}`, () => {
    let harness: Harness;
    let store: Map<string, VintagedSeries>;
    let builtAt: string;
    // Before the deep revision (245 days back: 300), after it, and the last days.
    let instants: string[];
    before(async () => {
      const opened = await open();
      harness = opened.harness;
      builtAt = opened.now.toISOString();
      store = longRunningStore(await loadVintagedSeries(harness.store.db), builtAt);
      instants = [300, 200, 90, 30, 7, 1].map((d) => daysBefore(opened.now, d));
    });
    after(() => harness.close());

    for (const spec of specs) {
      it(`${spec.version}: the same history computed in full, byte for byte`, () => {
        const known = knownHistory(store, builtAt, spec)!;
        let reused = 0;
        for (const instant of instants) {
          const whole = modelAsOf(store, instant, spec);
          const fast = modelAsOf(store, instant, spec, true, known);
          assert.ok(whole?.historyJson && fast?.historyJson, `a history as of ${instant}`);
          assert.equal(fast.historyJson, whole.historyJson, `as of ${instant}`);
          assert.equal(whole.reusedRows, 0);
          if (fast.reusedRows > 0) reused++;
        }
        // Not vacuous: every instant but the one before the deep revision takes earlier rows from the publication.
        assert.equal(reused, instants.length - 1, `reused at ${reused} of ${instants.length} instants`);
      });
    }

    it('(the check fails when a day known differently is taken from the publication)', () => {
      const spec = specs[0]!;
      const known = knownHistory(store, builtAt, spec)!;
      // An instant whose history holds days published differently later.
      const instant = instants.find((at) => {
        const from = firstDayKnownDifferently(store, at, builtAt);
        const history = JSON.parse(modelAsOf(store, at, spec)!.historyJson!) as History;
        return Number.isFinite(from) && fromDayNumber(from) > history.from && fromDayNumber(from) <= history.to;
      });
      assert.ok(instant, 'an instant with days published differently later');
      const whole = modelAsOf(store, instant, spec)!.historyJson!;
      // Told that nothing differs: every day is taken, revisions and later first prints included.
      const wrong = modelAsOf(store, instant, spec, true, { ...known, at: instant })!;
      assert.ok(wrong.reusedRows > 0);
      assert.notEqual(wrong.historyJson, whole);
    });
  });
}

checkPrefix(
  'generated fixtures',
  async () => ({ harness: await createRefreshedHarness(), now: TEST_NOW }),
  AS_PUBLISHED,
);

if (hasRealData()) {
  const now = new Date('2026-11-22T12:00:00Z');
  checkPrefix(
    'the real files',
    async () => {
      const harness = await createHarness({ data: realReplayData(), now });
      await harness.refresh();
      return { harness, now };
    },
    AS_PUBLISHED.slice(0, 2),
  );
}
