import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { wrapText } from '../../../src/site/charts/frame.ts';
import { lineChartSvg } from '../../../src/site/charts/svg.ts';

describe('the source line under a chart', () => {
  it('wraps at spaces, and a URL after a slash, within the width', () => {
    assert.deepEqual(wrapText('a b c', 3, ' '), ['a b', 'c']);
    assert.deepEqual(wrapText('http://host/indicators/fed-balance-sheet', 20, '/'), [
      'http://host/',
      'indicators/',
      'fed-balance-sheet',
    ]);
  });

  it('is drawn whole under the plot: source, the date the data runs to, the page', () => {
    const points = [
      { date: '2026-08-19', value: 1 },
      { date: '2026-08-26', value: 2 },
    ];
    for (const style of ['line', 'compact'] as const) {
      const svg = lineChartSvg(points, {
        title: 'Net liquidity',
        unit: 'USD bn',
        style,
        credit: {
          source: 'Derived from Federal Reserve, U.S. Treasury and New York Fed data',
          dataTo: 'Aug 26, 2026',
          url: 'https://usd-liquidity.example.org/indicators/net-liquidity',
        },
      });
      const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);
      const credit = texts.join(' ');
      assert.match(credit, /Source: Derived from Federal Reserve/);
      assert.match(credit.replace(/\s+/g, ' '), /data to Aug 26, ?2026/);
      assert.ok(texts.join('').includes('https://usd-liquidity.example.org/indicators/net-liquidity'));
      assert.equal(
        texts.some((t) => t.endsWith('...')),
        false,
        `${style}: no line cut`,
      );
    }
  });
});
