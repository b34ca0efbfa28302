import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { newDrawReading } from '../../../src/analytics/model/liquidity-model.ts';
import {
  asPublishedAt,
  asPublishedToday,
  firstDayPublishedDifferently,
  type PointInTimeSeries,
} from '../../../src/analytics/model/point-in-time.ts';
import type { ModelSpec } from '../../../src/analytics/model/spec.ts';
import { WINDOWS } from '../../../src/analytics/model/spec.ts';
import { DLI_2 } from '../../../src/analytics/model/specs/dli-2.ts';
import { DLI_3 } from '../../../src/analytics/model/specs/dli-3.ts';
import { DLI_4 } from '../../../src/analytics/model/specs/dli-4.ts';
import { DayCombiner } from '../../../src/analytics/model/weighted-mean.ts';
import { fromDayNumber, toDayNumber } from '../../../src/timeseries/dates.ts';
import { type VintagedSeries, vintagedAsOf } from '../../../src/timeseries/vintages.ts';

/*
 * The model's faster paths (issue 41: an `asOf` within 100 ms of CPU) against the plain definitions they replaced,
 * on random inputs: the same numbers, bit for bit, not close ones.
 */

const SEEN = ['2024-01-02T06:00:00.000Z', '2024-01-03T06:00:00.000Z', '2024-02-01T12:00:00.000Z'];

/** A series of `n` dates (some gaps), each first seen at one of SEEN, some revised later or withdrawn (NaN). */
const vintaged = fc
  .array(
    fc.record({
      gap: fc.integer({ min: 1, max: 4 }),
      value: fc.double({ min: -100, max: 100, noNaN: true }),
      seen: fc.integer({ min: 0, max: 1 }),
      revisions: fc.array(fc.oneof(fc.double({ min: -100, max: 100, noNaN: true }), fc.constant(Number.NaN)), {
        maxLength: 2,
      }),
    }),
    { maxLength: 40 },
  )
  .map((points): VintagedSeries => {
    const series: VintagedSeries = { dates: [], firstValues: [], firstSeen: [], revisions: new Map() };
    let day = toDayNumber('2023-11-01');
    points.forEach((p, i) => {
      day += p.gap;
      series.dates.push(fromDayNumber(day));
      series.firstValues.push(p.value);
      series.firstSeen.push(SEEN[p.seen]!);
      if (p.revisions.length > 0)
        series.revisions.set(
          i,
          p.revisions.map((value, k) => ({ value, seenAt: SEEN[Math.min(2, p.seen + k + 1)]! })),
        );
    });
    return series;
  });

const instant = fc.constantFrom(
  '2024-01-01T00:00:00.000Z',
  ...SEEN,
  '2024-01-02T23:59:59.000Z',
  '2025-01-01T00:00:00Z',
);

describe('asOf inputs', () => {
  it('asPublishedAt is asPublishedToday of the series cut to what was seen by the instant', () => {
    fc.assert(
      fc.property(vintaged, fc.integer({ min: 0, max: 3 }), instant, (series, lag, at) => {
        const direct = asPublishedAt(series, lag, at);
        const cut = asPublishedToday(vintagedAsOf(series, at), lag);
        assert.deepEqual([...direct.obsDay], [...cut.obsDay]);
        assert.deepEqual([...direct.knownFrom], [...cut.knownFrom]);
        assert.deepEqual([...direct.firstValue], [...cut.firstValue]);
        assert.equal(direct.revisions.size, 0);
      }),
    );
  });
});

/** What a series reads on each day from `from` to `to` (day numbers): its newest observation known by then. */
function readsOn(series: PointInTimeSeries, from: number, to: number): Array<[number, number] | null> {
  const out: Array<[number, number] | null> = [];
  for (let day = from; day <= to; day++) {
    let k = -1;
    for (let i = 0; i < series.knownFrom.length && series.knownFrom[i]! <= day; i++) k = i;
    out.push(k < 0 ? null : [series.obsDay[k]!, series.firstValue[k]!]);
  }
  return out;
}

describe('the first day published differently', () => {
  it('before it, the series as published at either instant reads the same on every day', () => {
    fc.assert(
      fc.property(vintaged, fc.integer({ min: 0, max: 3 }), instant, instant, (series, lag, a, b) => {
        const first = firstDayPublishedDifferently(series, lag, a, b);
        assert.equal(firstDayPublishedDifferently(series, lag, b, a), first, 'either order');
        const from = toDayNumber('2023-11-01');
        const last = Number.isFinite(first) ? first - 1 : toDayNumber('2024-03-31');
        if (last < from) return;
        assert.deepEqual(
          readsOn(asPublishedAt(series, lag, a), from, last),
          readsOn(asPublishedAt(series, lag, b), from, last),
        );
      }),
    );
  });

  it('the day a revision seen between them is known from (lag 1: 2024-01-03 → 2024-01-04)', () => {
    const series: VintagedSeries = {
      dates: ['2024-01-02', '2024-01-03', '2024-01-04'],
      firstValues: [1, 10, 12],
      firstSeen: [SEEN[0]!, SEEN[1]!, SEEN[1]!],
      revisions: new Map([[1, [{ value: 11, seenAt: SEEN[2]! }]]]),
    };
    const day = firstDayPublishedDifferently(series, 1, SEEN[1]!, SEEN[2]!);
    assert.equal(fromDayNumber(day), '2024-01-04');
    assert.equal(firstDayPublishedDifferently(series, 1, SEEN[2]!, '2025-01-01T00:00:00Z'), Number.POSITIVE_INFINITY);
    // First seen in between: 2024-01-03 and 2024-01-04 were not known at SEEN[0].
    assert.equal(fromDayNumber(firstDayPublishedDifferently(series, 1, SEEN[0]!, SEEN[1]!)), '2024-01-04');
  });
});

/** newDrawReading's first pass as it was written: each day looks back over the whole lookback. */
function drawnNaive(usage: Float64Array, grid: Int32Array, lookbackDays: number, fullB: number): Float64Array {
  const out = new Float64Array(usage.length).fill(Number.NaN);
  for (let g = 0; g < usage.length; g++) {
    if (Number.isNaN(usage[g]!)) continue;
    let before = Number.NEGATIVE_INFINITY;
    for (let k = g - 1; k >= 0 && grid[k]! >= grid[g]! - lookbackDays; k--) if (usage[k]! > before) before = usage[k]!;
    out[g] = Number.isFinite(before) ? Math.min(1, Math.log1p(Math.max(0, usage[g]! - before)) / Math.log1p(fullB)) : 0;
  }
  return out;
}

describe('new-draw reading', () => {
  it('the windowed maximum gives the same reading as looking back from every day', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.double({ min: 0, max: 300, noNaN: true }), fc.constant(Number.NaN)), {
          minLength: 1,
          maxLength: 80,
        }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 80, maxLength: 80 }),
        fc.integer({ min: 1, max: 30 }),
        (values, gaps, lookbackDays) => {
          const usage = Float64Array.from(values);
          const grid = new Int32Array(usage.length);
          for (let g = 1; g < grid.length; g++) grid[g] = grid[g - 1]! + gaps[g]!;
          // With fadeDays 1 the reading on a day is that day's draw alone: the first pass, observed directly.
          const reading = newDrawReading(usage, grid, { lookbackDays, fadeDays: 1, fullB: 100 });
          assert.deepEqual([...reading], [...drawnNaive(usage, grid, lookbackDays, 100)]);
        },
      ),
    );
  });
});

/** combineDay as it was written before DayCombiner: new arrays for every day. */
function combineDayAsWritten(spec: ModelSpec, layout: number[][], e: number[], h: number[]) {
  const k = spec.groups.length;
  const subIndex = new Array<number>(k).fill(Number.NaN);
  const raw = new Array<number>(k).fill(0);
  const weight = new Array<number>(e.length).fill(0);
  let total = 0;
  let reporting = 0;
  const carriers: number[][] = [];
  for (let j = 0; j < k; j++) {
    const present = spec.groups[j]!.id === spec.floor ? [] : layout[j]!.filter((i) => e[i]! > 0);
    const members =
      spec.groups[j]!.combine === 'max' && present.length > 0
        ? [present.reduce((best, i) => (h[i]! > h[best]! ? i : best))]
        : present;
    carriers.push(members);
    let sum = 0;
    let mass = 0;
    let max = 0;
    for (const i of members) {
      sum += e[i]! * h[i]!;
      mass += e[i]!;
      max = Math.max(max, e[i]!);
    }
    if (mass === 0) continue;
    subIndex[j] = sum / mass;
    raw[j] = spec.weighting === 'equal-indicators' ? mass : spec.groups[j]!.weight * max;
    total += raw[j]!;
    reporting++;
  }
  const groupWeight = new Array<number>(k).fill(0);
  if (reporting < WINDOWS.minGroups || total === 0) return { subIndex, groupWeight, weight, aggregate: Number.NaN };
  let aggregate = 0;
  for (let j = 0; j < k; j++) {
    if (raw[j] === 0) continue;
    groupWeight[j] = raw[j]! / total;
    let mass = 0;
    for (const i of carriers[j]!) mass += e[i]!;
    for (const i of carriers[j]!) {
      weight[i] = (groupWeight[j]! * e[i]!) / mass;
      aggregate += weight[i]! * h[i]!;
    }
  }
  return { subIndex, groupWeight, weight, aggregate };
}

describe('DayCombiner', () => {
  // dli-4 without its floor as well: its backstops then combine by their maximum, a path the floor skips.
  const unfloored: ModelSpec = { ...DLI_4, version: 'dli-4 without floor', floor: undefined };
  for (const spec of [DLI_2, DLI_3, DLI_4, unfloored]) {
    it(`${spec.version}: combines a day exactly as combineDay was written, day after day on the same scratch arrays`, () => {
      const k = spec.scored.length;
      const layout = spec.groups.map((group) => spec.scored.flatMap((s, i) => (s.group === group.id ? [i] : [])));
      const combiner = new DayCombiner(
        spec,
        spec.scored.map((s) => ({ spec: s })),
      );
      const day = fc.tuple(
        fc.array(fc.constantFrom(0, 0.5, 1), { minLength: k, maxLength: k }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: k, maxLength: k }),
      );
      fc.assert(
        fc.property(fc.array(day, { minLength: 1, maxLength: 5 }), (days) => {
          for (const [e, h] of days) {
            const expected = combineDayAsWritten(spec, layout, e, h);
            assert.deepEqual(combiner.combine(e, h), expected.aggregate);
            assert.deepEqual([...combiner.weight], expected.weight);
            assert.deepEqual([...combiner.subIndex], expected.subIndex);
            assert.deepEqual([...combiner.groupWeight], expected.groupWeight);
          }
        }),
      );
    });
  }
});
