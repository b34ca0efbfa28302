import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ModelAsOf } from '../../../src/publish/model/run.ts';
import { type AsOfOptions, type AsOfTaskResult, computeAsOfHere } from '../../../src/publish/on-demand/worker-tasks.ts';
import type { Provenance } from '../../../src/publish/provenance.ts';
import { AsOfAnswers, MAX_PENDING_COMPUTATIONS, stampedHistory } from '../../../src/publish/resources/model-as-of.ts';
import { loadVintagedSeries } from '../../../src/store/observations.ts';
import type { VintagedSeries } from '../../../src/timeseries/vintages.ts';
import { createRefreshedHarness, TEST_NOW } from '../../support/harness.ts';

const LOAD_1 = '2026-11-20T18:00:00.000Z';
const LOAD_2 = '2026-11-21T06:00:00.000Z';
const BUILT = '2026-11-21T06:00:05.000Z';

/** One series first loaded at LOAD_1 and revised at LOAD_2. */
const vintaged = new Map<string, VintagedSeries>([
  [
    'vix',
    {
      dates: ['2026-11-19', '2026-11-20'],
      firstValues: [17, 18],
      firstSeen: [LOAD_1, LOAD_1],
      revisions: new Map([[1, [{ value: 19, seenAt: LOAD_2 }]]]),
    },
  ],
]);

const provenance = (ids: readonly string[], asOf?: string) =>
  ({ inputs: ids.map((id) => ({ id, asOf })) }) as unknown as Provenance;

/** A history without days, as a run stamped at `instant` serializes it. */
const emptyHistory = (instant: string) => ({
  modelVersion: 'dli-4',
  updatedAt: instant,
  from: '',
  to: '',
  count: 0,
  dates: [],
  headline: [],
  subIndices: {},
  contributions: {},
});

/** A fake model: the computation is held until the test releases it, and every call is recorded. */
function heldCompute() {
  const calls: string[] = [];
  const withHistory: boolean[] = [];
  const pending: Array<() => void> = [];
  const compute = (_v: ReadonlyMap<string, VintagedSeries>, instant: string, options: AsOfOptions) => {
    const history = options.withHistory ?? true;
    calls.push(instant);
    withHistory.push(history);
    assert.equal(options.publishedAt, BUILT, 'the publication’s instant, for its kept history');
    return new Promise<AsOfTaskResult>((resolve) => {
      const model = {
        regime: { date: instant.slice(0, 10), status: 'neutral', updatedAt: instant, drivers: [] },
        historyJson: history ? JSON.stringify(emptyHistory(instant)) : null,
      } as unknown as ModelAsOf;
      pending.push(() => resolve({ ok: true, model }));
    });
  };
  return {
    compute,
    calls,
    withHistory,
    release: () => {
      for (const go of pending.splice(0)) go();
    },
  };
}

function answers(compute: ReturnType<typeof heldCompute>['compute']) {
  return new AsOfAnswers({
    vintaged,
    builtAt: BUILT,
    baseUrl: 'http://test.local',
    storeFirstLoadAt: () => LOAD_1,
    provenance,
    modelInputs: ['vix'],
    compute,
  });
}

describe('AsOfAnswers: bounded on-demand model runs', () => {
  it('instants that saw the same vintages on the same day share one model run', async () => {
    const held = heldCompute();
    const asOf = answers(held.compute);
    const a = asOf.regime('2026-11-20T19:00:00.000Z');
    const b = asOf.regime('2026-11-20T23:00:00.000Z');
    held.release();
    const [ra, rb] = await Promise.all([a, b]);
    assert.equal(held.calls.length, 1, 'one run for both instants');
    assert.ok('body' in ra && 'body' in rb);
    const body = JSON.parse(ra.body.toString());
    assert.deepEqual(body.asOf, {
      instant: '2026-11-20T19:00:00.000Z',
      storeFirstLoadAt: LOAD_1,
      knowledgeAt: LOAD_1,
    });
    assert.equal(body.updatedAt, '2026-11-20T19:00:00.000Z');
    assert.equal(JSON.parse(rb.body.toString()).updatedAt, '2026-11-20T23:00:00.000Z');
    assert.deepEqual(held.withHistory, [false], 'a regime asks for the regime alone');
    // The history for the same knowledge and day is a run of its own (the kept one has no history) …
    const c = asOf.history('2026-11-20T22:00:00.000Z', null, false);
    held.release();
    assert.ok('body' in (await c));
    assert.deepEqual(held.withHistory, [false, true]);
    // … and then serves both: a later regime or history for that key reads it.
    assert.ok('body' in (await asOf.history('2026-11-20T21:00:00.000Z', { start: '2026-11-01', end: null }, false)));
    assert.ok('body' in (await asOf.regime('2026-11-20T21:30:00.000Z')));
    assert.equal(held.calls.length, 2);
  });

  it('a regime joins a running history run for its key; a regime run alone never replaces a kept history', async () => {
    const held = heldCompute();
    const asOf = answers(held.compute);
    const history = asOf.history('2026-11-20T19:00:00.000Z', null, false);
    const regime = asOf.regime('2026-11-20T20:00:00.000Z');
    held.release();
    const [h, r] = await Promise.all([history, regime]);
    assert.ok('body' in h && 'body' in r);
    assert.deepEqual(held.withHistory, [true], 'one run, with the history');
    assert.equal(JSON.parse(r.body.toString()).date, '2026-11-20');
  });

  it('a new vintage or a new day is a new run; instants after the publication count as the publication', async () => {
    const held = heldCompute();
    const asOf = answers(held.compute);
    const runs = [
      asOf.regime('2026-11-21T05:00:00.000Z'), // next day, same knowledge
      asOf.regime('2026-11-21T06:00:02.000Z'), // the revision seen
    ];
    held.release();
    await Promise.all(runs);
    assert.deepEqual(held.calls, ['2026-11-21T05:00:00.000Z', '2026-11-21T06:00:02.000Z']);
    const body = await asOf.regime('2030-01-01T00:00:00.000Z');
    assert.ok('body' in body);
    assert.equal(held.calls.length, 2, 'the publication’s day and knowledge: the kept run, not a day in 2030');
    const parsed = JSON.parse(body.body.toString());
    assert.equal(parsed.asOf.knowledgeAt, LOAD_2);
    assert.equal(parsed.asOf.instant, '2030-01-01T00:00:00.000Z');
    assert.equal(parsed.updatedAt, BUILT);
  });

  it(`at most ${MAX_PENDING_COMPUTATIONS} runs at once: one more answers busy, a joined key does not count`, async () => {
    const held = heldCompute();
    const asOf = answers(held.compute);
    const first = asOf.regime('2026-11-20T19:00:00.000Z');
    const second = asOf.regime('2026-11-21T05:00:00.000Z');
    // The same knowledge and day as the first: joins its run.
    const same = asOf.regime('2026-11-20T20:00:00.000Z');
    const third = await asOf.regime('2026-11-21T06:00:02.000Z');
    assert.deepEqual(third, { busy: true });
    // The history of the first's key needs a run of its own: past the bound too.
    assert.deepEqual(await asOf.history('2026-11-20T20:00:00.000Z', null, false), { busy: true });
    held.release();
    await Promise.all([first, second, same]);
    assert.equal(held.calls.length, 2);
    const after = asOf.regime('2026-11-21T06:00:02.000Z');
    held.release();
    assert.ok('body' in (await after), 'accepted once the others finished');
  });

  it('before the first load: refused without a run; a failed run is reported and not kept', async () => {
    const held = heldCompute();
    const asOf = answers(held.compute);
    assert.deepEqual(await asOf.regime('2026-11-19T00:00:00.000Z'), {
      refused: 'before-first-load',
      storeFirstLoadAt: LOAD_1,
    });
    assert.equal(held.calls.length, 0);
    let attempts = 0;
    const failing = new AsOfAnswers({
      vintaged,
      builtAt: BUILT,
      baseUrl: 'http://test.local',
      storeFirstLoadAt: () => LOAD_1,
      provenance,
      modelInputs: ['vix'],
      compute: async () => {
        attempts++;
        return { ok: false, error: 'worker gone' };
      },
    });
    assert.deepEqual(await failing.regime('2026-11-20T19:00:00.000Z'), { failed: 'worker gone' });
    await failing.regime('2026-11-20T19:00:00.000Z');
    assert.equal(attempts, 2, 'a failure is retried by the next request');
    const unscored = new AsOfAnswers({
      vintaged,
      builtAt: BUILT,
      baseUrl: 'http://test.local',
      storeFirstLoadAt: () => LOAD_1,
      provenance,
      modelInputs: ['vix'],
      compute: async () => ({ ok: true, model: null }),
    });
    const refused = await unscored.history('2026-11-20T19:00:00.000Z', null, false);
    assert.ok('refused' in refused && refused.refused === 'nothing-scored');
  });
});

describe('a whole history as of an instant is the worker’s text with its stamp', () => {
  it('byte for byte what serializing the history with its stamp gives, for a later instant sharing the run', async () => {
    const h = await createRefreshedHarness();
    try {
      const vintaged = await loadVintagedSeries(h.store.db);
      const ran = TEST_NOW.toISOString();
      const result = await computeAsOfHere(vintaged, ran);
      assert.ok(result.ok && result.model?.historyJson);
      const history = JSON.parse(result.model.historyJson) as Record<string, unknown>;
      assert.equal(history.updatedAt, ran);
      const stamp = {
        updatedAt: new Date(TEST_NOW.getTime() + 3_600_000).toISOString(),
        freshness: { status: 'fresh', ageDays: 0 },
        provenance: { inputs: [{ id: 'vix', asOf: ran }] },
        asOf: { instant: ran, storeFirstLoadAt: ran, knowledgeAt: ran },
      };
      assert.equal(stampedHistory(result.model, stamp), JSON.stringify({ ...history, ...stamp }));
    } finally {
      await h.close();
    }
  });
});
