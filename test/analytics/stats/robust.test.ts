import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { sortedMad } from '../../../src/analytics/stats/mad.ts';
import { sortedMedian } from '../../../src/analytics/stats/median.ts';
import { SortedWindow } from '../../../src/analytics/stats/sorted-window.ts';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const mad = (xs: number[]) => {
  const m = median(xs);
  return median(xs.map((x) => Math.abs(x - m)));
};

describe('robust statistics', () => {
  it('median and MAD on hand-computable inputs', () => {
    assert.equal(sortedMedian([1, 2, 3, 10]), 2.5);
    assert.equal(sortedMad([1, 2, 3, 4, 100]), 1);
    assert.equal(sortedMad([1, 1, 1, 1]), 0);
    assert.equal(sortedMad([1, 2, 3, 4]), 1);
  });

  it('the O(log n) MAD equals the brute-force MAD on any input', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 60 }), (xs) => {
        const sorted = [...xs].sort((a, b) => a - b);
        assert.equal(sortedMad(sorted), mad(xs));
      }),
      { numRuns: 500 },
    );
  });

  it('a rolling sorted window matches recomputation from scratch', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e3, max: 1e3, noNaN: true }), { minLength: 5, maxLength: 80 }),
        fc.integer({ min: 1, max: 20 }),
        (xs, w) => {
          const window = new SortedWindow(w);
          xs.forEach((x, i) => {
            if (i >= w) window.remove(xs[i - w]!);
            window.add(x);
            const current = xs.slice(Math.max(0, i - w + 1), i + 1);
            assert.equal(window.median(), median(current));
            assert.equal(window.mad(), mad(current));
            const below = current.filter((v) => v < x).length;
            const equal = current.filter((v) => v === x).length;
            assert.equal(window.rank(x), (below + equal / 2) / current.length);
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
