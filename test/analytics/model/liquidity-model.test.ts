import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { cissAggregate } from '../../../src/analytics/model/ciss.ts';
import { historyOf } from '../../../src/analytics/model/history.ts';
import { computeModel as compute, type SeriesInputs, statusOf } from '../../../src/analytics/model/liquidity-model.ts';
import { businessDays, type PointInTimeSeries } from '../../../src/analytics/model/point-in-time.ts';
import { compositeScore, latestIndex, regimeAt } from '../../../src/analytics/model/regime.ts';
import type { GroupId, ModelSpec } from '../../../src/analytics/model/spec.ts';
import { DLI_1 } from '../../../src/analytics/model/specs/dli-1.ts';
import { trailingPercentile } from '../../../src/analytics/stats/trailing-percentile.ts';
import { fromDayNumber } from '../../../src/timeseries/dates.ts';
import { modelSeries, seededWalk } from '../../support/model-series.ts';

const TO = '2010-12-31';

/** dli-1 unless a spec is given. */
const computeModel = (
  data: SeriesInputs,
  to: string,
  blank: ReadonlySet<string> = new Set(),
  spec: ModelSpec = DLI_1,
) => compute(data, to, blank, spec);

/** A point-in-time series from daily values on business days, every value seen in one backfill. */
const series = modelSeries;

const randomWalk = (seed: number, level: number, vol: number, days = businessDays('2003-01-01', TO)) =>
  seededWalk(seed, level, vol, days);

function inputs(seed: number, overrides: Record<string, Array<[string, number]>> = {}): Map<string, PointInTimeSeries> {
  const base: Record<string, Array<[string, number]>> = {
    'fed-balance-sheet': randomWalk(seed + 1, 4000, 20),
    tga: randomWalk(seed + 2, 500, 15),
    onrrp: randomWalk(seed + 3, 800, 20).map(([d, v]) => [d, Math.max(0, v)]),
    'sofr-iorb': randomWalk(seed + 4, 0, 1),
    srf: randomWalk(seed + 5, 0, 2).map(([d, v]) => [d, Math.max(0, v)]),
    'hy-spread': randomWalk(seed + 6, 400, 8),
    'bank-cash-buffer': randomWalk(seed + 7, 15, 0.1),
    vix: randomWalk(seed + 8, 20, 0.8).map(([d, v]) => [d, Math.max(9, v)]),
    'dollar-index': randomWalk(seed + 9, 110, 0.3),
    'real-yield-10y': randomWalk(seed + 10, 1, 0.03),
    ...overrides,
  };
  return new Map(Object.entries(base).map(([id, values]) => [id, series(values)]));
}

describe('dli-1 on hand-computable inputs', () => {
  it('status and compositeScore follow the documented thresholds and mapping', () => {
    assert.deepEqual([0, 20, 21, 79, 80, 100].map(statusOf), [
      'risk-on',
      'risk-on',
      'neutral',
      'neutral',
      'risk-off',
      'risk-off',
    ]);
    assert.deepEqual([0, 25, 50, 80, 100].map(compositeScore), [1, 0.5, 0, -0.6, -1]);
  });

  it('trailing percentile ranks each value among its window, ties counted half', () => {
    const out = trailingPercentile(Float64Array.from([1, 2, 3, 2, Number.NaN, 5]), 3, 2);
    // The window is the last 3 grid positions. [1]→n/a (1 value), [1,2]→75, [1,2,3]→83, [2,3,2]→2 ties: 33,
    // NaN, [2,NaN,5]→5 above 2 of 2 values counted (1 + ½) / 2: 75.
    assert.deepEqual(Array.from(out), [Number.NaN, 75, 83, 33, Number.NaN, 75]);
  });

  it('the CISS aggregate grows as two stressed groups keep moving together (correlation → 1)', () => {
    const n = 2000;
    const groups = { policy: new Float64Array(n).fill(0.75), funding: new Float64Array(n).fill(0.75) } as Record<
      GroupId,
      Float64Array
    >;
    const weights = { policy: new Float64Array(n).fill(0.5), funding: new Float64Array(n).fill(0.5) } as Record<
      GroupId,
      Float64Array
    >;
    const spec: ModelSpec = { ...DLI_1, groups: DLI_1.groups.filter((g) => g.id === 'policy' || g.id === 'funding') };
    const agg = cissAggregate(spec, groups, weights, n);
    // Day 0: correlation still ~0 → √(2 × (0.5 × 0.75)²) ≈ 0.53; after many co-moving days → 0.75 × (0.5 + 0.5).
    assert.ok(Math.abs(agg[0]! - Math.sqrt(2 * 0.375 ** 2)) < 0.02, String(agg[0]));
    assert.ok(Math.abs(agg[n - 1]! - 0.75) < 1e-3, String(agg[n - 1]));
    for (let i = 1; i < n; i++) assert.ok(agg[i]! >= agg[i - 1]! - 1e-12);
  });

  it('ON RRP is dormant while stable and live during a large drawdown toward a low buffer', () => {
    const days = businessDays('2003-01-01', TO);
    const rrp: Array<[string, number]> = Array.from(days, (day, i) => {
      const date = fromDayNumber(day);
      // Flat at 2,000 until 2009-06, then a fall to 300 within three months, then flat at 300.
      const t = i - days.findIndex((d) => fromDayNumber(d) >= '2009-06-01');
      return [date, t < 0 ? 2000 : Math.max(300, 2000 - t * 27)];
    });
    const run = computeModel(inputs(7, { onrrp: rrp }), TO, new Set(['onrrp']));
    const reading = run.readings.find((r) => r.spec.id === 'onrrp')!;
    const at = (date: string) => Array.from(run.grid).findIndex((d) => fromDayNumber(d) >= date);
    assert.equal(reading.dormant[at('2008-06-02')], 1);
    assert.equal(reading.dormant[at('2009-08-17')], 1, 'still above the 500 buffer (515): dormant');
    assert.equal(reading.live[at('2009-09-01')], 1, 'live at 300 after a 13-week drawdown of 1,700 (≥ 100 and ≥ 30 %)');
    assert.ok(reading.z[at('2009-09-01')]! > 0, 'depletion reads as tightening');
    assert.equal(reading.dormant[at('2010-06-01')], 1, 'dormant again once the low balance is stable');
  });
});

describe('a blank-means-zero input (ON RRP)', () => {
  it('reads a gap between its prints as 0, and a gap after its last print as data not yet published', () => {
    const days = businessDays('2003-01-01', TO).filter((day) => {
      const date = fromDayNumber(day);
      return (date < '2008-03-03' || date > '2008-06-30') && date <= '2010-03-31';
    });
    const rrp = Array.from(days, (day): [string, number] => [fromDayNumber(day), 400]);
    const run = computeModel(inputs(11, { onrrp: rrp }), TO, new Set(['onrrp']));
    const reading = run.readings.find((r) => r.spec.id === 'onrrp')!;
    const at = (date: string) => Array.from(run.grid).findIndex((d) => fromDayNumber(d) >= date);
    assert.ok(at('2010-06-01') > 0);
    assert.ok(!Number.isNaN(reading.z[at('2008-06-02')]!), 'inside the range a blank day counts as 0');
    assert.equal(reading.observed[at('2008-06-02')], -1, 'the zero is not a print');
    assert.ok(Number.isNaN(reading.z[at('2010-06-01')]!), '45 days after the last print: no reading, not a zero');
  });
});

describe('dli-1 properties', () => {
  it('headline is an integer 0–100, sub-indices and readings stay in range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), (seed) => {
        const run = computeModel(inputs(seed), TO);
        for (let g = 0; g < run.grid.length; g++) {
          const h = run.headline[g]!;
          if (!Number.isNaN(h)) assert.ok(Number.isInteger(h) && h >= 0 && h <= 100);
          for (const id of ['policy', 'funding', 'credit', 'risk'] as const) {
            const s = run.groups[id][g]!;
            if (!Number.isNaN(s)) assert.ok(s >= 0 && s <= 1);
          }
          for (const r of run.readings) if (!Number.isNaN(r.z[g]!)) assert.ok(Math.abs(r.z[g]!) <= 3);
        }
      }),
      { numRuns: 5 },
    );
  });

  it('a series that only rises never reads easing', () => {
    const rising = (start: number, step: number) =>
      Array.from(businessDays('2003-01-01', TO), (d, i) => [fromDayNumber(d), start + step * i] as [string, number]);
    const run = computeModel(inputs(3, { vix: rising(10, 0.01), 'sofr-iorb': rising(-10, 0.001) }), TO);
    for (const id of ['vix', 'sofr-iorb']) {
      const r = run.readings.find((x) => x.spec.id === id)!;
      for (let g = 0; g < run.grid.length; g++)
        if (!Number.isNaN(r.z[g]!)) assert.ok(r.z[g]! >= 0, `${id} z ${r.z[g]} on ${g}`);
    }
    const regime = regimeAt(run, latestIndex(run), '2011-01-01T00:00:00Z');
    for (const d of regime.drivers)
      if (d.indicatorId === 'vix' || d.indicatorId === 'sofr-iorb') assert.notEqual(d.direction, 'easing');
  });

  it('permuting the order of indicators and groups changes nothing', () => {
    const data = inputs(11);
    const base = computeModel(data, TO);
    const shuffled: ModelSpec = { ...DLI_1, scored: [...DLI_1.scored].reverse(), groups: [...DLI_1.groups].reverse() };
    const permuted = computeModel(data, TO, new Set(), shuffled);
    assert.deepEqual(Array.from(permuted.headline), Array.from(base.headline));
    const a = regimeAt(base, latestIndex(base), 'x');
    const b = regimeAt(permuted, latestIndex(permuted), 'x');
    assert.deepEqual(b.drivers, a.drivers);
    assert.equal(b.percentile5y, a.percentile5y);
  });

  it('missing data never yields NaN or Infinity in a response', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.subarray(
          DLI_1.scored.map((s) => s.id),
          { minLength: 0, maxLength: 6 },
        ),
        (seed, dropped) => {
          const data = inputs(seed);
          for (const id of dropped) data.delete(id);
          // Punch holes into what is left.
          const run = computeModel(data, TO);
          const g = latestIndex(run);
          if (g < 0) return;
          const walk = (value: unknown): void => {
            if (typeof value === 'number') assert.ok(Number.isFinite(value));
            else if (Array.isArray(value)) value.forEach(walk);
            else if (value && typeof value === 'object') Object.values(value).forEach(walk);
          };
          walk(regimeAt(run, g, 'x'));
          walk(historyOf(run, 'x'));
        },
      ),
      { numRuns: 8 },
    );
  });

  it('no look-ahead: a day scores the same whether or not later data exists', () => {
    const full = inputs(5);
    const cut = '2008-06-30';
    const truncated = new Map(
      [...full].map(([id, s]) => {
        const keep = Array.from(s.knownFrom).filter((k) => fromDayNumber(k) <= cut).length;
        return [
          id,
          {
            ...s,
            obsDay: s.obsDay.slice(0, keep),
            knownFrom: s.knownFrom.slice(0, keep),
            firstValue: s.firstValue.slice(0, keep),
          },
        ];
      }),
    );
    const a = computeModel(full, TO);
    const b = computeModel(truncated, cut);
    for (let g = 0; g < b.grid.length; g++) {
      assert.equal(
        Number.isNaN(b.headline[g]!) ? 'NaN' : b.headline[g],
        Number.isNaN(a.headline[g]!) ? 'NaN' : a.headline[g],
      );
    }
  });
});
