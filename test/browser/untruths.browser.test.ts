/// <reference lib="dom" />
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { marked } from 'marked';
import type { Browser } from 'playwright-core';
import { MODEL_CHART_IDS } from '../../src/publish/site-port.ts';
import { INDICATOR_IDS } from '../../src/timeseries/series.ts';
import type { Harness } from '../support/harness.ts';
import { textOf } from '../support/page-text.ts';
import { realSiteSkip, startRealSite } from '../support/real-site.ts';
import { overlappingLabels, svgSize, svgTextBoxes, verticalAxes } from '../support/svg-text.ts';

/**
 * Issue 43, point 5: the small untruths a reader found on the real files, each checked where it was found — dates a
 * late series was "due" on, the day chart, the names of the chart ranges, axis labels and legends, the phone menu,
 * "−0.0", and the Markdown pages.
 */
const MONTHS = 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec';
const DAY = new RegExp(`(?:${MONTHS}) \\d{1,2}, \\d{4}`, 'g');
const isoOf = (text: string) => new Date(`${text} UTC`).toISOString().slice(0, 10);

describe('no small untruths (issue 43, point 5)', { skip: realSiteSkip() }, () => {
  let h: Harness;
  let browser: Browser;
  let origin: string;
  let today: string;
  let days: string[];
  let stop: () => Promise<void> = async () => {};
  const get = async (path: string) => {
    const response = await h.app.inject(path);
    assert.equal(response.statusCode, 200, path);
    return response.body;
  };
  before(async () => {
    ({ h, browser, origin, close: stop } = await startRealSite(new Date('2026-11-26T12:00:00Z')));
    today = (await h.app.inject('/api/health')).json().checkedAt.slice(0, 10);
    days = ((await h.app.inject('/api/history')).json() as { dates: string[] }).dates;
  });
  after(() => stop());

  it('a late series is never said to have been due on a date still to come', async () => {
    const said: string[] = [];
    const dashboard = textOf(await get('/'));
    for (const [, due] of dashboard.matchAll(new RegExp(`was due (${DAY.source})`, 'g'))) said.push(`/: ${due}`);
    for (const id of INDICATOR_IDS) {
      const page = textOf(await get(`/indicators/${id}`));
      for (const [, due] of page.matchAll(new RegExp(`was due (${DAY.source})`, 'g'))) said.push(`${id}: ${due}`);
    }
    assert.ok(said.length > 10, `the real files end months before ${today}: many series are late`);
    assert.deepEqual(
      said.filter((s) => isoOf(s.split(': ')[1]!) > today),
      [],
    );
  });

  it('a day page’s chart marks its day, and its ticks are dates', async () => {
    for (const day of [days.at(-1)!, days.at(-400)!]) {
      const page = await get(`/today/${day}`);
      const src = /<img src="(\/charts\/[^"]+)"/.exec(page)?.[1]?.replace(/&amp;/g, '&');
      assert.ok(src, `${day}: a chart`);
      for (const style of ['', 'style=compact']) {
        const url = style ? `${src}${src.includes('?') ? '&' : '?'}${style}` : src;
        const labels = svgTextBoxes(await get(url)).map((b) => b.text);
        assert.ok(!labels.some((l) => /^\d{1,2}\/\d{1,2}$/.test(l)), `${url}: ${labels.join(' | ')}`);
        const mark = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
          new Date(`${day}T00:00:00Z`),
        );
        assert.ok(labels.includes(mark), `${url} marks ${mark}: ${labels.join(' | ')}`);
        const ticks = labels.filter((l) => new RegExp(`^(${MONTHS})( \\d{4})?$|^\\d{4}$`).test(l));
        assert.ok(ticks.length >= 2, `date ticks: ${labels.join(' | ')}`);
      }
    }
  });

  it('every range is named by the span of data it shows', async () => {
    for (const id of INDICATOR_IDS) {
      const series = (await h.app.inject(`/api/series/${id}?days=4000`)).json() as {
        data?: Array<{ date: string }>;
      };
      if (!series.data || series.data.length < 2) continue;
      const spanDays = (Date.parse(series.data.at(-1)!.date) - Date.parse(series.data[0]!.date)) / 86_400_000 + 1;
      const page = await get(`/indicators/${id}`);
      const pills = [
        ...(/aria-label="Chart range"><ul>(.*?)<\/ul>/.exec(page)?.[1] ?? '').matchAll(/>([^<]+)<\/a>/g),
      ].map((m) => m[1]!);
      const max = pills.find((p) => p.startsWith('Max'));
      assert.ok(max, `${id}: ${pills.join(', ')}`);
      const years = Number(/\((\d+) years?\)/.exec(max)?.[1]);
      assert.equal(years, Math.max(1, Math.round(spanDays / 365.25)), `${id}: ${max} for ${spanDays} days`);
      for (const pill of pills.filter((p) => p !== max)) {
        const [, n, unit] = /^(\d+) (year|month)s?$/.exec(pill) ?? [];
        const length = Number(n) * (unit === 'year' ? 365.25 : 30.44);
        assert.ok(length < spanDays, `${id}: "${pill}" is longer than the ${spanDays} days of data`);
      }
    }
  });

  it('no chart’s labels collide, its axes are evenly spaced, and no text runs off the image', async () => {
    const problems: string[] = [];
    const ids = [...INDICATOR_IDS, ...MODEL_CHART_IDS];
    const day = days.at(-1)!;
    const extra = [...(await get(`/today/${day}`)).matchAll(/<img src="\/charts\/([^"]+)"/g)].map(([, src]) => {
      const chart = src!.replace(/&amp;/g, '&');
      return chart.includes('?') ? chart : `${chart}?`;
    });
    for (const chart of [...ids.map((id) => `${id}.svg?`), ...extra]) {
      for (const style of ['line', 'compact']) {
        const response = await h.app.inject(`/charts/${chart}&style=${style}`);
        if (response.statusCode !== 200) continue;
        const svg = response.body;
        const where = `${chart} ${style}`;
        const boxes = svgTextBoxes(svg);
        for (const pair of overlappingLabels(boxes)) problems.push(`${where}: ${pair} overlap`);
        const { width } = svgSize(svg);
        for (const b of boxes) if (b.left < -1 || b.right > width + 1) problems.push(`${where}: "${b.text}" runs off`);
        for (const axis of verticalAxes(svg)) {
          const steps = axis.slice(1).map((b, k) => b.top - axis[k]!.top);
          if (Math.max(...steps) - Math.min(...steps) > 1)
            problems.push(`${where}: uneven axis ${axis.map((b) => b.text).join(', ')}`);
          if (Math.min(...steps) < 1.5 * axis[0]!.font)
            problems.push(`${where}: crowded axis ${axis.map((b) => b.text).join(', ')}`);
        }
      }
    }
    assert.deepEqual(problems, []);
  });

  it('the phone menu shows every item: none is cut off at the screen’s edge', async () => {
    for (const width of [320, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 844 } });
      const page = await context.newPage();
      await page.route(/\/charts\//, (route) => route.abort());
      await page.goto(`${origin}/methodology`);
      const cut = await page.evaluate((screen) => {
        const nav = document.querySelector('header.site-header nav')!.getBoundingClientRect();
        return Array.from(document.querySelectorAll('header.site-header nav a'))
          .map((a) => ({ text: a.textContent, box: a.getBoundingClientRect() }))
          .filter(({ box }) => box.left < Math.max(0, nav.left) - 0.5 || box.right > Math.min(screen, nav.right) + 0.5)
          .map(({ text, box }) => `${text} at ${Math.round(box.left)}–${Math.round(box.right)}`);
      }, width);
      assert.deepEqual(cut, [], `${width} px`);
      await context.close();
    }
  });

  it('no figure reads "−0.0": a change that rounds to nothing says so', async () => {
    const paths = ['/', '/today', '/markets', ...days.slice(-30).map((d) => `/today/${d}`)];
    const found: string[] = [];
    for (const path of paths) {
      for (const [hit] of textOf(await get(path)).matchAll(/.{0,40}[−-]0(?:\.0+)?(?![\d.])(?!-).{0,20}/g))
        found.push(`${path}: ${hit.trim()}`);
    }
    assert.deepEqual(found, []);
  });

  it('the Markdown pages render without a stray **', async () => {
    for (const path of ['/index.md', '/today.md', `/today/${days.at(-1)}.md`, '/lens.md', '/methodology.md']) {
      const html = await marked.parse(await get(path), { async: true });
      const stray = textOf(html)
        .split('\n')
        .filter((line) => line.includes('**'));
      assert.deepEqual(stray, [], path);
    }
  });
});
