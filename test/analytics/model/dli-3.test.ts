import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { likeForLike, trailingMean } from '../../../src/analytics/model/like-for-like.ts';
import {
  type IndicatorReadings,
  liveWeightShare,
  mapReading,
  rollingMax,
  statusPath,
} from '../../../src/analytics/model/liquidity-model.ts';
import type { ModelSpec, ScoredIndicator } from '../../../src/analytics/model/spec.ts';
import { DLI_3 } from '../../../src/analytics/model/specs/dli-3.ts';
import { aurocOf } from '../../../src/analytics/model/validation/targets.ts';
import { combineDay, groupLayout } from '../../../src/analytics/model/weighted-mean.ts';

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
    const layout = groupLayout(spec, readings);
    const e = readings.map(() => 1);
    const h = readings.map((r) => (r.spec.id === 'fed-swap-lines' ? 0.9 : r.spec.group === 'backstops' ? 0.1 : 0.5));
    const day = combineDay(spec, layout, e, h);
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
  };
}
