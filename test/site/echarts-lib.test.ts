import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderSvg } from '../../src/site/echarts-lib.ts';

/** A small line chart with a legend and a clipped series: ECharts gives it CSS classes and clip paths. */
const option = (name: string) => ({
  animation: false,
  legend: { data: [name] },
  xAxis: { type: 'category', data: ['a', 'b', 'c'] },
  yAxis: { type: 'value' },
  series: [{ name, type: 'line', data: [1, 3, 2], areaStyle: {} }],
});

describe('renderSvg', () => {
  it('draws the same chart as the same bytes, however many charts the process drew before', () => {
    const first = renderSvg(320, 200, option('tga'));
    for (let i = 0; i < 5; i++) renderSvg(320, 200, option(`other ${i}`));
    const again = renderSvg(320, 200, option('tga'));
    assert.match(first, /class="zr0-cls-0"/, 'the document has ECharts classes, numbered from zero');
    assert.equal(again, first);
  });

  it('keeps distinct classes distinct and every reference to one class the same', () => {
    const svg = renderSvg(320, 200, option('tga'));
    const classes = new Set([...svg.matchAll(/zr\d+-cls-(\d+)/g)].map((m) => Number(m[1])));
    assert.ok(classes.size > 1, `several classes (${[...classes].join(', ')})`);
    assert.deepEqual(
      [...classes].sort((a, b) => a - b),
      [...Array(classes.size).keys()],
    );
    assert.doesNotMatch(svg, /zr[1-9]\d*-/, 'no process-wide instance number is left');
  });
});
