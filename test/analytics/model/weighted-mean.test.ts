import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { contributionsOn, momentumBase } from '../../../src/analytics/model/drivers.ts';
import { computeModel, type SeriesInputs } from '../../../src/analytics/model/liquidity-model.ts';
import { businessDays, type PointInTimeSeries } from '../../../src/analytics/model/point-in-time.ts';
import { latestIndex, regimeAt } from '../../../src/analytics/model/regime.ts';
import type { ModelSpec } from '../../../src/analytics/model/spec.ts';
import { DLI_2, DLI_2_VARIANTS } from '../../../src/analytics/model/specs/dli-2.ts';
import { robustness } from '../../../src/analytics/model/validation/robustness.ts';
import { DayCombiner, presence } from '../../../src/analytics/model/weighted-mean.ts';
import { fromDayNumber } from '../../../src/timeseries/dates.ts';
import { modelSeries, seededWalk } from '../../support/model-series.ts';

const TO = '2011-06-30';
const DAYS = businessDays('2003-01-01', TO);

const series = modelSeries;

const randomWalk = (seed: number, level: number, vol: number) => seededWalk(seed, level, vol, DAYS);

/** Every input any dli-2 variant scores, as random walks. */
function inputs(seed: number, overrides: Record<string, Array<[string, number]>> = {}): Map<string, PointInTimeSeries> {
  const base: Record<string, Array<[string, number]>> = {
    'fed-balance-sheet': randomWalk(seed + 1, 4000, 20),
    tga: randomWalk(seed + 2, 500, 15),
    onrrp: randomWalk(seed + 3, 800, 20).map(([d, v]) => [d, Math.max(0, v)]),
    'reserve-buffer': randomWalk(seed + 4, 12, 0.1),
    'cp-tbill-spread': randomWalk(seed + 5, 20, 2),
    'sofr-iorb': randomWalk(seed + 6, 0, 1),
    srf: randomWalk(seed + 7, 0, 2).map(([d, v]) => [d, Math.max(0, v)]),
    'bank-cash-buffer': randomWalk(seed + 8, 15, 0.1),
    vix: randomWalk(seed + 9, 20, 0.8).map(([d, v]) => [d, Math.max(9, v)]),
    'dollar-index': randomWalk(seed + 10, 110, 0.3),
    'real-yield-10y': randomWalk(seed + 11, 1, 0.03),
    'term-premium-10y': randomWalk(seed + 12, 0.5, 0.03),
    ...overrides,
  };
  return new Map(Object.entries(base).map(([id, values]) => [id, series(values)]));
}

const run = (data: SeriesInputs, spec: ModelSpec = DLI_2, to = TO) => computeModel(data, to, new Set(), spec);
const cut = (values: Array<[string, number]>, from: string, to = '2999-12-31') =>
  values.filter(([d]) => d < from || d > to);

describe('dli-2 weighted mean, by hand', () => {
  it('presence rises and falls by 1/fadeDays a day', () => {
    const p = Float64Array.from([0.5, 0.5, 0.5, Number.NaN, Number.NaN, Number.NaN]);
    assert.deepEqual(Array.from(presence(p, 2)), [0.5, 1, 1, 0.5, 0, 0]);
  });

  it('one day combined: groups average by presence, the aggregate by group weight × group presence', () => {
    // policy .25 {fed-balance-sheet .8 full, tga .2 half in}, funding .25 {all absent}, risk .5 {vix .6 full}.
    const readings = DLI_2.scored.map((spec) => ({ spec }));
    const ids = DLI_2.scored.map((s) => s.id);
    const e = ids.map((id) => ({ 'fed-balance-sheet': 1, tga: 0.5, vix: 1 })[id] ?? 0);
    const h = ids.map((id) => ({ 'fed-balance-sheet': 0.8, tga: 0.2, vix: 0.6 })[id] ?? Number.NaN);
    const day = new DayCombiner(DLI_2, readings);
    const aggregate = day.combine(e, h);
    const policy = (1 * 0.8 + 0.5 * 0.2) / 1.5; // 0.6
    assert.ok(Math.abs(day.subIndex[0]! - policy) < 1e-12);
    assert.ok(Number.isNaN(day.subIndex[1]!));
    // Funding absent: policy .25 and risk .5 renormalize to 1/3 and 2/3.
    assert.ok(Math.abs(aggregate - (policy / 3 + (2 * 0.6) / 3)) < 1e-12);
    assert.ok(Math.abs(day.weight.reduce((a, b) => a + b, 0) - 1) < 1e-12);
  });
});

describe('dli-2 guarantees (issue 12), on random inputs', () => {
  it('monotone: a tighter last observation never lowers that day’s aggregate or headline', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.constantFrom(...DLI_2.scored),
        fc.double({ min: 0.01, max: 50, noNaN: true }),
        (seed, indicator, bump) => {
          const data = inputs(seed);
          const base = run(data);
          const values = Array.from(data.get(indicator.id)!.firstValue);
          const dates = Array.from(data.get(indicator.id)!.obsDay, fromDayNumber);
          // Tighter: up when rising is tighter, down otherwise (the last value; a change transform's last change
          // moves the same way).
          values[values.length - 1]! += indicator.risingIsTighter ? bump : -bump;
          const perturbed = new Map(data);
          perturbed.set(indicator.id, series(dates.map((d, i) => [d, values[i]!])));
          const after = run(perturbed);
          const g = latestIndex(base);
          assert.equal(latestIndex(after), g);
          assert.ok(after.aggregate[g]! >= base.aggregate[g]! - 1e-12, `${indicator.id} aggregate fell`);
          assert.ok(after.headline[g]! >= base.headline[g]!, `${indicator.id} headline fell`);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('monotone and explainable on every day of every variant, with inputs stopping, returning and starting late', () => {
    const data = inputs(42, {
      vix: cut(randomWalk(51, 20, 0.8), '2008-03-01', '2008-09-30'), // the whole risk group of dli-2 stops 7 months
      'sofr-iorb': cut(randomWalk(52, 0, 1), '2000-01-01', '2007-06-30'), // starts late
      tga: cut(randomWalk(53, 500, 15), '2009-01-01', '2009-01-20'), // a short gap: held
    });
    for (const { id, spec } of DLI_2_VARIANTS) {
      const checks = robustness(run(data, spec))!;
      assert.ok(checks.monotonicity.checks > 10_000, id);
      assert.equal(checks.monotonicity.violations, 0, id);
      assert.equal(checks.drivers.sumMatches, checks.drivers.days, id);
    }
    // Stability is checked, not built in: the published version stays within 5 points a day here. (Variants with
    // 52-week changes do not: those inputs fade in just as the headline starts, when its percentile window holds
    // only a year of aggregates and a small move of the aggregate is a large move of its rank.)
    const checks = robustness(run(data))!;
    assert.equal(checks.stability.daysOverLimit, 0, `max ${checks.stability.maxMovePoints}`);
    assert.ok(checks.stability.maxMovePoints > 0, 'the fades did move the headline a little');
  });

  it('a group vanishing moves the headline by at most 5 points a day while it fades', () => {
    const data = inputs(7, { vix: cut(randomWalk(61, 20, 0.8), '2009-06-01') });
    const r = run(data);
    const at = (date: string) => Array.from(r.grid).findIndex((d) => fromDayNumber(d) >= date);
    const vix = r.readings.findIndex((x) => x.spec.id === 'vix');
    // Held 45 days (the hold of sampling), then fading out over 20 business days, then out.
    // Last print 2009-05-29: held to 2009-07-13 (45 days), then 19 business days of partial weight.
    assert.equal(r.effective[vix]![at('2009-07-13')], 1);
    assert.equal(r.effective[vix]![at('2009-07-14')], 0.95);
    const fading = Array.from(r.effective[vix]!).filter((e) => e > 0 && e < 1).length;
    assert.equal(fading, 19 + 19, 'fades in at the start and out after the hold, 19 partial days each');
    assert.equal(r.effective[vix]![at('2009-08-10')], 0);
    const regime = regimeAt(r, at('2009-07-28'), 'x');
    assert.ok(regime.coverage.fading.includes('vix'), JSON.stringify(regime.coverage));
    for (let g = at('2009-06-01'); g < at('2009-11-01'); g++) {
      // The headline may move with the values; what must hold is the weight-only move, checked by robustness().
      assert.ok(!Number.isNaN(r.headline[g]!), 'policy and funding still score');
    }
  });

  it('explainable: contributions add up to the aggregate’s move and their sum has its sign', () => {
    const r = run(inputs(9));
    for (let g = latestIndex(r) - 300; g <= latestIndex(r); g++) {
      const back = momentumBase(r, g);
      const sum = contributionsOn(r, g).reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(sum - (r.aggregate[g]! - r.aggregate[back]!)) < 1e-12);
    }
    const regime = regimeAt(r, latestIndex(r), 'x');
    for (const d of regime.drivers) {
      const expected = d.contribution >= 0.005 ? 'tightening' : d.contribution <= -0.005 ? 'easing' : 'neutral';
      assert.equal(d.direction, expected);
    }
  });

  it('dated: no day after the last scored information is scored', () => {
    const data = inputs(3);
    const r = run(data, DLI_2, '2030-01-01');
    assert.equal(
      fromDayNumber(r.grid.at(-1)!),
      fromDayNumber(Math.max(...DLI_2.scored.map((s) => data.get(s.id)!.knownFrom.at(-1)!))),
    );
  });

  it('the headline is an integer 0–100 and the weights of a day add up to 1', () => {
    const r = run(inputs(5));
    for (let g = 0; g < r.grid.length; g++) {
      if (Number.isNaN(r.headline[g]!)) continue;
      assert.ok(Number.isInteger(r.headline[g]!) && r.headline[g]! >= 0 && r.headline[g]! <= 100);
      const total = DLI_2.groups.reduce((s, group) => s + r.groupWeights[group.id][g]!, 0);
      assert.ok(Math.abs(total - 1) < 1e-12);
    }
  });
});
