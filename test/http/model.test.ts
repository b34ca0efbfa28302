import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CURRENT_MODEL, MODEL_VERSIONS } from '../../src/analytics/model/versions.ts';
import { modelOutcome } from '../../src/publish/model/computation.ts';
import { buildPublication } from '../../src/publish/publication/build.ts';
import { loadVintagedSeries } from '../../src/store/observations.ts';
import { seriesRefreshStates } from '../../src/store/runs.ts';
import { BASE_URL, createHarness, createRefreshedHarness, type Harness, TEST_NOW } from '../support/harness.ts';
import { openApiValidator } from '../support/openapi-validator.ts';

describe('GET /api/regime, /api/history, /api/model', () => {
  let h: Harness;
  let validator: ReturnType<typeof openApiValidator>;
  before(async () => {
    h = await createRefreshedHarness();
    validator = openApiValidator((await h.app.inject('/openapi.json')).json());
  });
  after(() => h.close());

  it('regime: valid against the OpenAPI document, with the contract Cache-Control', async () => {
    const res = await h.app.inject('/api/regime');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'public, s-maxage=3600, stale-while-revalidate=21600');
    const regime = res.json();
    assert.deepEqual(validator.validate('/api/regime', 200, regime), []);
    assert.equal(regime.modelVersion, CURRENT_MODEL.version);
    assert.equal(regime.freshness.state, 'current');
    assert.equal(regime.compositeScore, Math.round(((50 - regime.percentile5y) / 50) * 100) / 100);
    assert.equal(regime.coverage.totalIndicators, CURRENT_MODEL.scored.length);
    assert.equal(regime.coverage.totalGroups, CURRENT_MODEL.groups.length);
    assert.equal(regime.subIndices.credit, null, 'the current model has no credit group');
    // The level and its contributions add up (dli-4), and the summary states the reading.
    const parts = Object.values(regime.contributions as Record<string, number>).reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(parts - regime.level) <= 0.5, `${parts} vs ${regime.level}`);
    assert.match(regime.summary, new RegExp(`tighter than ${regime.percentile5y} % .*\\(${regime.status}\\)`));
    assert.ok(regime.coverage.liveWeightShare >= 0.5, 'a reading rests on at least half of the weight');
    assert.equal(regime.coverage.fed.length, regime.coverage.indicators);
    assert.ok(regime.dataAsOf <= TEST_NOW.toISOString().slice(0, 10));
  });

  it('history: aligned columns, ascending, ending on the regime day with the regime headline', async () => {
    const history = (await h.app.inject('/api/history')).json();
    assert.deepEqual(validator.validate('/api/history', 200, history), []);
    assert.equal(history.dates.length, history.count);
    for (const key of ['headline', 'status', 'aggregate'] as const) assert.equal(history[key].length, history.count);
    for (const id of ['policy', 'funding', 'credit', 'risk'])
      assert.equal(history.subIndices[id].length, history.count);
    assert.deepEqual(history.dates, [...history.dates].sort());
    const regime = (await h.app.inject('/api/regime')).json();
    assert.equal(history.headline.at(-1), regime.percentile5y);
    assert.equal(history.status.at(-1), regime.status);
  });

  it('model: groups, weights summing to 1, thresholds and validation figures', async () => {
    const model = (await h.app.inject('/api/model')).json();
    assert.deepEqual(validator.validate('/api/model', 200, model), []);
    assert.ok(Math.abs(model.groups.reduce((s: number, g: { weight: number }) => s + g.weight, 0) - 1) < 1e-12);
    assert.equal(model.thresholds.riskOffAtOrAbove, 80);
    // 2 benchmarks × 7 periods × 3 leads; 4 assets × 2 horizons; 5 crises.
    assert.equal(model.validation.correlations.length, 2 * 7 * 3);
    assert.deepEqual(
      model.validation.forwardReturns.map(
        (f: { asset: string; horizonBusinessDays: number }) => `${f.asset}:${f.horizonBusinessDays}`,
      ),
      ['spx:20', 'spx:60', 'qqq:20', 'qqq:60', 'btc:20', 'btc:60', 'gold:20', 'gold:60'],
    );
    assert.deepEqual(
      model.validation.crises.map((c: { id: string }) => c.id),
      ['lehman', 'covid', 'svb', 'repo-2019', 'month-end-2025'],
    );
    // The guarantees, checked on every day of the fixture's history.
    const { monotonicity, stability, drivers } = model.validation.robustness;
    assert.ok(monotonicity.checks > 1000);
    assert.equal(monotonicity.violations, 0);
    assert.equal(stability.daysOverLimit, 0);
    assert.equal(drivers.sumMatches, drivers.days);
    // Both versions, newest first, with what changed.
    assert.deepEqual(
      model.versions.map((v: { version: string; status: string }) => `${v.version}:${v.status}`),
      MODEL_VERSIONS.map((v, i) => `${v.version}:${i === 0 ? 'current' : 'retired'}`),
    );
    assert.ok(model.versions.every((v: { changes: string[] }) => v.changes.length > 0));
    assert.equal(model.versions[1].to, model.versions[0].from);
    assert.equal(model.versions[2].to, model.versions[1].from);
    // The current model's targets are published with their figures, pass or fail.
    assert.deepEqual(
      model.validation.targets.map((t: { id: string }) => t.id),
      Array.from({ length: 12 }, (_, k) => `T${k + 1}`),
    );
  });

  it('a failed recompute keeps serving the last good result, marked last-good', async () => {
    const previous = h.publisher.current!;
    const states = await seriesRefreshStates(h.store.db);
    const next = await buildPublication({
      vintaged: new Map(),
      states,
      now: TEST_NOW,
      version: 99,
      baseUrl: BASE_URL,
      previous,
      computed: modelOutcome(new Map(), TEST_NOW, BASE_URL),
    });
    assert.match(next.errors.model ?? '', /no reading yet/);
    const regime = JSON.parse(next.regime!.response.body.toString());
    assert.equal(regime.freshness.state, 'last-good');
    assert.match(regime.freshness.reason, /model recompute failed/);
    assert.equal(regime.percentile5y, JSON.parse(previous.regime!.response.body.toString()).percentile5y);
    assert.ok((await loadVintagedSeries(h.store.db)).size > 0);
  });
});

describe('before any data', () => {
  let h: Harness;
  before(async () => {
    h = await createHarness();
    await h.publisher.rebuild();
  });
  after(() => h.close());

  // Issue 30: nothing stored yet (a first start, offline) is temporary — 503 with Retry-After, not a 500.
  for (const path of ['/api/regime', '/api/history', '/api/history.csv', '/api/model']) {
    it(`${path} answers 503 no_data_yet with Retry-After and the envelope`, async () => {
      const res = await h.app.inject(path);
      assert.equal(res.statusCode, 503);
      assert.equal(res.json().error.code, 'no_data_yet');
      assert.equal(res.headers['retry-after'], '60');
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.match(res.json().error.message, /no data has been stored/);
    });
  }
});
