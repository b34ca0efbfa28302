import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  crossCorrelation,
  pairedCorrelation,
  rolling,
  rollingEveryWeek,
} from '../../../src/analytics/correlation/correlation.ts';
import { normalQuantile } from '../../../src/analytics/stats/normal-quantile.ts';

function gaussian(seed: number, n: number): Float64Array {
  let a = seed >>> 0;
  const uniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 1) / 4294967297;
  };
  return Float64Array.from(
    { length: n },
    () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform()),
  );
}
const weeks = (n: number) => Int32Array.from({ length: n }, (_, i) => 12_000 + 7 * i);

/** Textbook Pearson, written independently of the code under test. */
function naivePearson(x: number[], y: number[]): number {
  const n = x.length;
  const mx = x.reduce((a, b) => a + b) / n;
  const my = y.reduce((a, b) => a + b) / n;
  const cov = x.reduce((s, xi, i) => s + (xi - mx) * (y[i]! - my), 0);
  const vx = x.reduce((s, xi) => s + (xi - mx) ** 2, 0);
  const vy = y.reduce((s, yi) => s + (yi - my) ** 2, 0);
  return cov / Math.sqrt(vx * vy);
}

describe('correlation statistics', () => {
  it('a copy of the liquidity series shifted 3 weeks later shows lag +3, significant', () => {
    const n = 300;
    const x = gaussian(1, n);
    const noise = gaussian(2, n);
    const y = Float64Array.from({ length: n }, (_, t) => (t >= 3 ? x[t - 3]! : Number.NaN) + 0.5 * noise[t]!);
    const result = crossCorrelation(x, y, weeks(n));
    assert.equal(result.best?.lag, 3);
    assert.ok(result.best!.rho > 0.8);
    assert.equal(result.significant, true);
    assert.equal(result.lags.length, 27);
  });

  it('a lagging asset (liquidity follows by 5 weeks) shows lag −5', () => {
    const n = 300;
    const y = gaussian(3, n);
    const x = Float64Array.from({ length: n }, (_, t) => (t >= 5 ? y[t - 5]! : Number.NaN));
    assert.equal(crossCorrelation(x, y, weeks(n)).best?.lag, -5);
  });

  it('independent series are not called significant: the best of 27 lags stays under the Bonferroni threshold', () => {
    let falsePositives = 0;
    for (let seed = 10; seed < 30; seed++) {
      const result = crossCorrelation(gaussian(seed, 260), gaussian(seed + 1000, 260), weeks(260));
      if (result.significant) falsePositives++;
      assert.ok(result.best!.rho !== null);
      assert.ok(result.thresholdBonferroni! > result.threshold95!);
    }
    assert.ok(falsePositives <= 1, `false positives ${falsePositives} of 20`);
  });

  it('rolling windows equal an independent Pearson over the same weeks', () => {
    const n = 120;
    const x = gaussian(5, n);
    const e = gaussian(6, n);
    const y = Float64Array.from({ length: n }, (_, t) => 0.6 * x[t]! + 0.8 * e[t]!);
    const figure = rolling(x, y, weeks(n), 26);
    assert.equal(figure.path.length, 26);
    assert.equal(figure.n, 26);
    const expected = naivePearson(Array.from(x.slice(n - 26)), Array.from(y.slice(n - 26)));
    assert.ok(Math.abs(figure.latest! - expected) < 1e-3);
    const { rho } = pairedCorrelation(x, y, 0, n);
    assert.ok(Math.abs(rho! - naivePearson(Array.from(x), Array.from(y))) < 1e-3);
  });

  it('the rolling history has one value per week: null until the window holds 80 % of its weeks, then an independent Pearson, its end equal to the latest rolling value', () => {
    const n = 90;
    const x = gaussian(7, n);
    const e = gaussian(8, n);
    const y = Float64Array.from({ length: n }, (_, t) => 0.5 * x[t]! + e[t]!);
    x[30] = Number.NaN; // a missing week inside the history: windows across it have one pair fewer
    const history = rollingEveryWeek(x, y, 52);
    assert.equal(history.length, n);
    // 42 pairs (80 % of 52) are first available in the window ending at week 42 (index 41), plus the missing week.
    assert.equal(
      history.findIndex((v) => v !== null),
      42,
    );
    for (const end of [43, 60, 89]) {
      const a: number[] = [];
      const b: number[] = [];
      for (let i = Math.max(0, end + 1 - 52); i <= end; i++)
        if (!Number.isNaN(x[i]!)) {
          a.push(x[i]!);
          b.push(y[i]!);
        }
      assert.ok(Math.abs(history[end]! - naivePearson(a, b)) < 1e-3, `week ${end}`);
    }
    assert.equal(history.at(-1), rolling(x, y, weeks(n), 52).latest);
  });

  it('normal quantiles match tables', () => {
    assert.ok(Math.abs(normalQuantile(0.975) - 1.959964) < 1e-6);
    assert.ok(Math.abs(normalQuantile(1 - 0.025 / 27) - 3.113017) < 1e-6);
    assert.ok(Math.abs(normalQuantile(0.01) + 2.326348) < 1e-6);
  });
});
