import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { ApiError } from '../../../src/http/errors/api-error.ts';
import { QueryString } from '../../../src/http/params/route-query.ts';
import { getChartPng } from '../../../src/http/routes/chart.ts';
import { queryShapeOf, type RouteContext } from '../../../src/http/routes/route.ts';
import { OnDemand } from '../../../src/publish/on-demand/gate.ts';
import {
  ChartsBusy,
  chartsPending,
  closeChartRenderer,
  MAX_PENDING_CHARTS,
  renderChart,
} from '../../../src/site/charts/renderer.ts';
import type { ChartSpec } from '../../../src/site/charts/svg.ts';
import render from '../../../src/site/charts/worker.ts';
import { addDays } from '../../../src/timeseries/dates.ts';
import { createRefreshedHarness } from '../../support/harness.ts';

const points = Array.from({ length: 400 }, (_, i) => ({
  date: addDays('2025-01-01', i),
  value: 100 + Math.sin(i / 9),
}));
const line: ChartSpec = { kind: 'line', points, options: { title: 'TGA', unit: 'USD bn', style: 'line' } };

/** A chart drawn on the calling thread, as the fallback draws it when the chart thread cannot run. */
async function drawnHere(spec: ChartSpec, format: 'svg' | 'png'): Promise<Buffer> {
  const result = await render({ spec, format });
  assert.ok(result.ok);
  return Buffer.from(result.bytes);
}

describe('charts are drawn off the serving thread', () => {
  after(() => closeChartRenderer());

  it('draws the same bytes on the chart thread as on the calling thread, SVG and PNG', async () => {
    for (const spec of [
      line,
      { kind: 'spark', points } as const,
      { kind: 'gauge', value: 42, label: 'neutral' } as const,
    ]) {
      const drawn = await renderChart(spec, 'svg');
      const here = await drawnHere(spec, 'svg');
      assert.ok(drawn.toString().startsWith('<svg'), spec.kind);
      assert.ok(drawn.equals(here), `${spec.kind}: identical SVG`);
    }
    const png = await renderChart(line, 'png');
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.ok(png.equals(await drawnHere(line, 'png')));
  });

  it(`refuses a chart beyond ${MAX_PENDING_CHARTS} waiting (busy), and draws again once they are done`, async () => {
    const waiting = Array.from({ length: MAX_PENDING_CHARTS }, () => renderChart({ kind: 'spark', points }, 'svg'));
    assert.equal(chartsPending(), MAX_PENDING_CHARTS);
    await assert.rejects(renderChart(line, 'svg'), ChartsBusy);
    await Promise.all(waiting);
    assert.equal(chartsPending(), 0);
    assert.ok((await renderChart(line, 'svg')).length > 0);
  });

  it('a chart that cannot be drawn is an error, not a fallback', async () => {
    const broken = { kind: 'line', points, options: null } as unknown as ChartSpec;
    await assert.rejects(renderChart(broken, 'svg'), /could not be drawn/);
  });

  // Issue 28, finding 1: each distinct PNG kept ~3.5 MB of native memory in the chart thread (77 → 668 MB over
  // 120 charts). Measured after a warm-up (the thread's first charts load ECharts and the rasterizer): 40 more
  // distinct PNGs grew the process by ~170 MB with the native rasterizer, by a few MB now.
  it('distinct PNGs do not accumulate memory in the chart thread', async () => {
    const spec = (k: number): ChartSpec => ({
      kind: 'line',
      points: points.slice(k, 300 + k),
      options: { title: `TGA ${k}`, unit: 'USD bn', style: 'line' },
    });
    for (let k = 0; k < 10; k++) await renderChart(spec(k), 'png');
    const before = process.memoryUsage().rss;
    for (let k = 10; k < 50; k++) await renderChart(spec(k), 'png');
    const grownMb = (process.memoryUsage().rss - before) / 1048576;
    assert.ok(grownMb < 60, `40 distinct PNGs grew the process by ${grownMb.toFixed(0)} MB`);
  });
});

describe('a new publication goes live with its charts drawn', () => {
  it('answers the dashboard charts at once after a rebuild, and busy (503) while too many are being drawn', async () => {
    const h = await createRefreshedHarness();
    try {
      await h.publisher.rebuild();
      const site = h.publisher.current!.site!;
      const year = { window: { days: 365 }, compare: null };
      for (const id of ['headline-gauge', 'tga', 'vix']) {
        const chart = site.chart(id, year, id === 'headline-gauge' ? 'line' : 'spark', 'svg');
        assert.ok(chart && !(chart instanceof Promise) && chart !== 'busy', `${id}: drawn before going live`);
      }
      // While the chart thread has MAX_PENDING_CHARTS charts waiting (no answer can arrive before the next
      // line: the count only falls in a later turn of the event loop), an undrawn chart answers busy.
      const waiting = Array.from({ length: MAX_PENDING_CHARTS }, () => renderChart({ kind: 'spark', points }, 'svg'));
      const request = {
        params: { id: 'tga' },
        query: new QueryString(new URLSearchParams('start=2020-01-01'), queryShapeOf(getChartPng)),
        headers: {},
        path: '/charts/tga.png',
        markdownPath: false,
      };
      // The route asks the bound of on-demand work first (a fresh one: room for this client); the chart thread's
      // own queue is what is full.
      const context = { publication: () => h.publisher.current, onDemand: new OnDemand() } as unknown as RouteContext;
      const answer = getChartPng.handle(request, context);
      await Promise.all(waiting);
      const refused = await answer;
      assert.ok(refused instanceof ApiError);
      assert.equal(refused.code, 'busy');
      assert.equal(refused.headers['retry-after'], '1');
      // Once drawn, the same URL answers the PNG.
      const png = await h.app.inject({ url: '/charts/tga.png?start=2020-01-01' });
      assert.equal(png.statusCode, 200);
      assert.equal(png.headers['content-type'], 'image/png');
    } finally {
      await h.close();
      await closeChartRenderer();
    }
  });
});
