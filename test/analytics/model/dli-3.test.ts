import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { likeForLike, trailingMean } from '../../../src/analytics/model/like-for-like.ts';
import {
  computeModel,
  type IndicatorReadings,
  liveWeightShare,
  mapReading,
  type SeriesInputs,
  statusPath,
} from '../../../src/analytics/model/liquidity-model.ts';
import { businessDays } from '../../../src/analytics/model/point-in-time.ts';
import { latestIndex } from '../../../src/analytics/model/regime.ts';
import type { ModelSpec, ScoredIndicator } from '../../../src/analytics/model/spec.ts';
import { DLI_3, DLI_3_VARIANTS } from '../../../src/analytics/model/specs/dli-3.ts';
import { robustness } from '../../../src/analytics/model/validation/robustness.ts';
import { aurocOf } from '../../../src/analytics/model/validation/targets.ts';
import { DayCombiner } from '../../../src/analytics/model/weighted-mean.ts';
import { rollingMax } from '../../../src/analytics/stats/rolling-max.ts';
import { fromDayNumber } from '../../../src/timeseries/dates.ts';
import { modelSeries, seededWalk } from '../../support/model-series.ts';

const nan = Number.NaN;

describe('dli-3 building blocks', () => {
  it('status hysteresis: risk-off from 80 until below 70, risk-on from 20 until above 30; thin days hold', () => {
    const h = Float64Array.from([82, 75, 69, 25, 19, 28, 31, nan, 85]);
    assert.deepEqual(statusPath(h, { riskOffExit: 70, riskOnExit: 30 }), [
      'risk-off',
      'risk-off',
      'neutral',
      'neutral',
      'risk-on',
      'risk-on',
      'neutral',
      'neutral',
      'risk-off',
    ]);
    // Without hysteresis: the day's value alone.
    assert.deepEqual(statusPath(Float64Array.from([82, 75]), undefined), ['risk-off', 'neutral']);
    // A thin day never makes a risk-off.
    const thin = Uint8Array.from([0, 1, 1]);
    assert.deepEqual(statusPath(Float64Array.from([50, 90, 95]), { riskOffExit: 70, riskOnExit: 30 }, thin), [
      'neutral',
      'neutral',
      'neutral',
    ]);
  });

  it('readings: the highest of the last days; the fixed reserve scale; the log usage scale', () => {
    assert.deepEqual([...rollingMax(Float64Array.from([1, 5, 2, nan, 3]), 3)], [1, 5, 5, nan, 3]);
    const reserves = { kind: 'fixed', loose: 13, tight: 8 } as const;
    assert.equal(mapReading(13.5, reserves), 0);
    assert.equal(mapReading(10.5, reserves), 0.5);
    assert.equal(mapReading(7, reserves), 1);
    const usage = { kind: 'usage', fullB: 100 } as const;
    assert.equal(mapReading(0, usage), 0);
    assert.equal(Math.round(100 * mapReading(10, usage)), 52);
    assert.equal(mapReading(500, usage), 1);
    assert.deepEqual([...trailingMean(Float64Array.from([1, 2, nan, 4]), 2)], [1, 1.5, nan, 4]);
  });

  it('the backstops group reads its most-used facility, and that facility carries the group weight', () => {
    const spec: ModelSpec = { ...DLI_3, groups: DLI_3.groups.filter((g) => g.id !== 'risk') };
    const readings = spec.scored.filter((s) => s.group !== 'risk').map((s) => fake(s, []));
    const e = readings.map(() => 1);
    const h = readings.map((r) => (r.spec.id === 'fed-swap-lines' ? 0.9 : r.spec.group === 'backstops' ? 0.1 : 0.5));
    const day = new DayCombiner(spec, readings);
    day.combine(e, h);
    const backstops = spec.groups.findIndex((g) => g.id === 'backstops');
    assert.equal(day.subIndex[backstops], 0.9);
    const swaps = readings.findIndex((r) => r.spec.id === 'fed-swap-lines');
    assert.ok(Math.abs(day.weight[swaps]! - day.groupWeight[backstops]!) < 1e-12);
    assert.ok(Math.abs(day.weight.reduce((a, b) => a + b, 0) - 1) < 1e-12);
  });

  it('like for like: an input that stops is compared with a history without it', () => {
    // Two groups of one input each; the second reads tight (0.9) all along, the first drifts 0 → 0.5. When the
    // second stops, the first alone is ranked against its own history: today it is the highest, so 100.
    const n = 400;
    const spec: ModelSpec = {
      ...DLI_3,
      smoothingDays: 1,
      groups: [
        { id: 'policy', name: 'p', weight: 0.5 },
        { id: 'funding', name: 'f', weight: 0.5 },
        { id: 'risk', name: 'r', weight: 0.5 },
      ],
    };
    const a = Float64Array.from({ length: n }, (_, g) => g / (2 * n));
    const b = Float64Array.from({ length: n }, (_, g) => (g < n - 1 ? 0.9 : nan));
    const c = Float64Array.from({ length: n }, () => 0.2);
    const readings = [
      fake({ ...DLI_3.scored[0]!, group: 'policy' }, [...a]),
      fake({ ...DLI_3.scored[2]!, group: 'funding' }, [...b]),
      fake({ ...DLI_3.scored[8]!, group: 'risk' }, [...c]),
    ];
    const effective = readings.map((r) => Float64Array.from(r.p, (p) => (Number.isNaN(p) ? 0 : 1)));
    const held = readings.map((r) => r.p);
    const out = likeForLike(spec, readings, effective, held);
    assert.equal(out.headline[n - 2], 100);
    assert.equal(out.headline[n - 1], 100, 'without the stopped input, still the tightest of its own history');
    assert.notEqual(out.composition[n - 1], out.composition[n - 2]);
    assert.equal(liveWeightShare(spec, readings, n - 1), 2 / 3);
  });

  it('AUROC: the chance an event day reads tighter than a loose day, ties half', () => {
    assert.equal(aurocOf([90, 70], [20, 70]), 0.875);
    assert.equal(aurocOf([], [1]), null);
  });
});

/** A reading whose tightness is given directly (live where a number). */
function fake(spec: ScoredIndicator, p: number[]): IndicatorReadings {
  const values = Float64Array.from(p);
  const live = Uint8Array.from(p, (x) => (Number.isNaN(x) ? 0 : 1));
  return {
    spec,
    x: values,
    z: values,
    p: values,
    live,
    dormant: new Uint8Array(p.length),
    observed: new Int32Array(p.length),
    fresh: live,
    begun: new Uint8Array(p.length).fill(1),
  };
}

const TO = '2012-06-29';
const DAYS = businessDays('2003-01-01', TO);

const walk = (seed: number, level: number, vol: number, floor?: number) => seededWalk(seed, level, vol, DAYS, floor);
const series = modelSeries;

/** Every input a dli-3 variant scores, as random walks (backstops mostly near zero, as they are). */
function inputs(seed: number, overrides: Record<string, Array<[string, number]>> = {}): SeriesInputs {
  const base: Record<string, Array<[string, number]>> = {
    'reserve-ratio': walk(seed + 1, 10, 0.15, 1),
    'net-liquidity': walk(seed + 2, 3000, 25),
    'effr-iorb': walk(seed + 3, -5, 0.8),
    'sofr-iorb': walk(seed + 4, 0, 1),
    'cp-tbill-spread': walk(seed + 5, 20, 2),
    'fed-swap-lines': walk(seed + 6, 0, 3, 0),
    'fed-repo': walk(seed + 7, 0, 3, 0),
    srf: walk(seed + 8, 0, 2, 0),
    vix: walk(seed + 9, 20, 0.8, 9),
    ...overrides,
  };
  return new Map(Object.entries(base).map(([id, values]) => [id, series(values)]));
}

const cut = (values: Array<[string, number]>, from: string, to = '2999-12-31') =>
  values.filter(([d]) => d < from || d > to);

describe('dli-3 guarantees, on random inputs', () => {
  it('monotone and explainable on every day of every variant, with inputs stopping, returning and starting late', () => {
    const data = inputs(42, {
      vix: cut(walk(51, 20, 0.8, 9), '2009-03-01', '2009-09-30'), // stops 7 months, returns
      'sofr-iorb': cut(walk(52, 0, 1), '2000-01-01', '2008-06-30'), // starts late
      'cp-tbill-spread': cut(walk(53, 20, 2), '2011-06-01'), // stops for good
    });
    for (const { id, spec } of DLI_3_VARIANTS) {
      const run = computeModel(data, TO, new Set(), spec);
      const checks = robustness(run)!;
      assert.ok(checks.monotonicity.checks > 10_000, id);
      assert.equal(checks.monotonicity.violations, 0, `${id} first ${checks.monotonicity.firstViolation}`);
      assert.equal(checks.drivers.sumMatches, checks.drivers.days, id);
      assert.ok(checks.stability.days >= 3, `${id}: the composition changed (${checks.stability.days} days)`);
    }
  });

  it("a tighter last observation never lowers that day's aggregate or headline", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.constantFrom(...DLI_3.scored),
        fc.double({ min: 0.01, max: 50, noNaN: true }),
        (seed, indicator, bump) => {
          const data = inputs(seed);
          const base = computeModel(data, TO, new Set(), DLI_3);
          const original = data.get(indicator.id)!;
          const values = Array.from(original.firstValue);
          values[values.length - 1]! += indicator.risingIsTighter ? bump : -bump;
          const perturbed = new Map(data);
          perturbed.set(
            indicator.id,
            series(Array.from(original.obsDay, (d, i) => [fromDayNumber(d), values[i]!] as [string, number])),
          );
          const after = computeModel(perturbed, TO, new Set(), DLI_3);
          const g = latestIndex(base);
          assert.equal(latestIndex(after), g);
          assert.ok(after.aggregate[g]! >= base.aggregate[g]! - 1e-12, `${indicator.id} aggregate fell`);
          assert.ok(after.headline[g]! >= base.headline[g]!, `${indicator.id} headline fell`);
        },
      ),
      { numRuns: 20 },
    );
  });
});
