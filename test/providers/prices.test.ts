import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseChart } from '../../src/providers/prices.ts';

describe('market-price chart parsing', () => {
  it('dates each close by the exchange day (gmtoffset) and prefers the adjusted close', () => {
    // 2024-06-03 09:30 New York = 13:30 UTC (EDT, offset -14400 s).
    const body = {
      chart: {
        result: [
          {
            meta: { gmtoffset: -14_400 },
            timestamp: [1717421400, 1717507800, 1717594200],
            indicators: { quote: [{ close: [450.1, null, 452.3] }], adjclose: [{ adjclose: [449.0, null, 451.2] }] },
          },
        ],
        error: null,
      },
    };
    assert.deepEqual(parseChart(body), [
      { date: '2024-06-03', value: 449.0 },
      { date: '2024-06-05', value: 451.2 },
    ]);
  });

  it('refuses provider errors, mismatched arrays and non-numeric closes', () => {
    assert.throws(
      () => parseChart({ chart: { result: null, error: { code: 'Not Found', description: 'delisted' } } }),
      /Not Found/,
    );
    const bad = (close: unknown[]) => ({
      chart: { result: [{ timestamp: [1, 2], indicators: { quote: [{ close }] } }] },
    });
    assert.throws(() => parseChart(bad([1])), /differ in length/);
    assert.throws(() => parseChart(bad([1, 'x'])), /non-numeric/);
  });
});
