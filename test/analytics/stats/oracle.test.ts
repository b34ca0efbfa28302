import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import * as ss from 'simple-statistics';
import { sortedMad } from '../../../src/analytics/stats/mad.ts';
import { mean } from '../../../src/analytics/stats/mean.ts';
import { median, sortedMedian } from '../../../src/analytics/stats/median.ts';
import { normalQuantile } from '../../../src/analytics/stats/normal-quantile.ts';
import { pearson } from '../../../src/analytics/stats/pearson.ts';
import { percentRank } from '../../../src/analytics/stats/percent-rank.ts';
import { regularizedBeta } from '../../../src/analytics/stats/regularized-beta.ts';
import { round } from '../../../src/analytics/stats/round.ts';
import { sampleStd } from '../../../src/analytics/stats/sample-std.ts';
import { sampleVariance } from '../../../src/analytics/stats/sample-variance.ts';
import { firstAbove, firstAtLeast } from '../../../src/analytics/stats/sorted-search.ts';
import { spearman } from '../../../src/analytics/stats/spearman.ts';
import { trailingPercentile } from '../../../src/analytics/stats/trailing-percentile.ts';
import { windowStats } from '../../../src/analytics/stats/window-stats.ts';
import { winsorize } from '../../../src/analytics/stats/winsorize.ts';
import { zScore } from '../../../src/analytics/stats/z-score.ts';

/** simple-statistics as the oracle for every statistic this project computes by its own hand. */
const values = (min = 1) =>
  fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }), { minLength: min, maxLength: 60 });
const close = (a: number, b: number, tolerance = 1e-9) =>
  Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(a), Math.abs(b));

describe('statistics against simple-statistics', () => {
  it('mean, sample variance and sample standard deviation', () => {
    fc.assert(
      fc.property(values(2), (xs) => {
        assert.ok(close(mean(xs), ss.mean(xs)));
        assert.ok(close(sampleVariance(xs), ss.sampleVariance(xs), 1e-7));
        assert.ok(close(sampleStd(xs), ss.sampleStandardDeviation(xs), 1e-7));
      }),
    );
  });

  it('median, of sorted and unsorted values', () => {
    fc.assert(
      fc.property(values(), (xs) => {
        assert.ok(close(median(xs), ss.median(xs)));
        assert.ok(close(sortedMedian([...xs].sort((a, b) => a - b)), ss.median(xs)));
      }),
    );
  });

  it('the O(log n) MAD is the median absolute deviation', () => {
    fc.assert(
      fc.property(values(), (xs) => {
        const sorted = [...xs].sort((a, b) => a - b);
        assert.ok(close(sortedMad(sorted), ss.medianAbsoluteDeviation(xs)));
      }),
    );
  });

  it('Pearson and Spearman correlation', () => {
    const pairs = fc
      .array(fc.tuple(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -1000, max: 1000 })), {
        minLength: 3,
        maxLength: 60,
      })
      .filter((ps) => new Set(ps.map((p) => p[0])).size > 1 && new Set(ps.map((p) => p[1])).size > 1);
    fc.assert(
      fc.property(pairs, (ps) => {
        const x = ps.map((p) => p[0]);
        const y = ps.map((p) => p[1]);
        assert.ok(close(pearson(x, y), ss.sampleCorrelation(x, y), 1e-9));
        assert.ok(close(spearman(x, y), ss.sampleRankCorrelation(x, y), 1e-9));
      }),
    );
  });

  it('z-score', () => {
    assert.equal(zScore(7, { mean: 5, std: 2 }), ss.zScore(7, 5, 2));
    assert.equal(zScore(7, { mean: 5, std: 0 }), undefined);
  });
});

describe('statistics with their documented examples', () => {
  it('percent rank counts ties half (brute force) and rounds', () => {
    assert.equal(percentRank([1, 2, 3, 4], 4), 88);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1 }),
        fc.integer({ min: 0, max: 9 }),
        (xs, x) => {
          const below = xs.filter((v) => v < x).length;
          const equal = xs.filter((v) => v === x).length;
          assert.equal(percentRank(xs, x), Math.round((100 * (below + equal / 2)) / xs.length));
        },
      ),
    );
  });

  it('trailing percentile, winsorize, round, sorted searches, regularized beta, normal quantile', () => {
    assert.deepEqual([...trailingPercentile(Float64Array.from([3, 1, 2, 5]), 3, 2)], [Number.NaN, 25, 50, 83]);
    assert.equal(winsorize(4.2, 3), 3);
    assert.equal(winsorize(-0.5, 3), -0.5);
    assert.equal(round(2.34567, 2), 2.35);
    assert.equal(firstAtLeast([1, 2, 2, 5], 2), 1);
    assert.equal(firstAbove([1, 2, 2, 5], 2), 3);
    assert.equal(firstAtLeast([1, 2, 2, 5], 9), 4);
    assert.ok(close(regularizedBeta(0.5, 2, 2), 0.5));
    assert.ok(Math.abs(normalQuantile(0.975) - 1.959964) < 1e-6);
    assert.ok(Math.abs(normalQuantile(0.001) + 3.090232) < 1e-6);
  });

  it('window statistics over the trailing five years', () => {
    const series = ['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04'].map((date, i) => ({ date, value: i + 1 }));
    const stats = windowStats(series)!;
    assert.equal(stats.mean, 2.5);
    assert.ok(close(stats.std, ss.sampleStandardDeviation([1, 2, 3, 4])));
    assert.equal(stats.percentile, 88);
    assert.equal(stats.count, 4);
    assert.equal(windowStats([]), undefined);
    // Only the trailing 1,826 days count.
    const long = [{ date: '2015-01-01', value: 1000 }, ...series];
    assert.equal(windowStats(long)!.count, 4);
  });
});
