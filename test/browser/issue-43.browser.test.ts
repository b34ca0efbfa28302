/// <reference lib="dom" />
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { LOCALES } from '../../src/timeseries/locales.ts';
import type { Harness } from '../support/harness.ts';
import { realSiteSkip, startRealSite } from '../support/real-site.ts';

/**
 * Issue 43, points 1–4, 6 and 7 (point 5 is untruths.browser.test.ts), on the real files three months after they
 * end, in Chromium at 320, 390 and 1440 px, light and dark: the reading first, the level's parts over time, charts
 * a keyboard and a finger can read, no dead link, a methodology a reader finishes, downloads named and charts
 * embeddable.
 */
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const orEmpty = (text: string | null) => text ?? '';
const SCHEMES = ['light', 'dark'] as const;

describe('the site of issue 43', { skip: realSiteSkip() }, () => {
  let h: Harness;
  let browser: Browser;
  let origin: string;
  let day: string;
  let stop: () => Promise<void> = async () => {};
  before(async () => {
    ({ h, browser, origin, close: stop } = await startRealSite(new Date('2026-11-26T12:00:00Z')));
    day = ((await h.app.inject('/api/regime')).json() as { date: string }).date;
  });
  after(() => stop());

  async function open(
    path: string,
    options: BrowserContextOptions = {},
  ): Promise<{ page: Page; close: () => Promise<void> }> {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    const response = await page.goto(origin + path, { waitUntil: 'networkidle' });
    assert.equal(response?.status(), 200, path);
    return { page, close: () => context.close() };
  }
  async function axeProblems(page: Page): Promise<string[]> {
    await page.addScriptTag({ path: AXE });
    return page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: unknown[] }> } }).axe;
      const result = await axe.run({ resultTypes: ['violations'] });
      return (result.violations as Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>)
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
  }

  for (const colorScheme of SCHEMES) {
    it(`1. at 390 px the first screen is the reading, then one line on the data, inputs named, never ids (${colorScheme})`, async () => {
      const regime = (await h.app.inject('/api/regime')).json();
      const { page, close } = await open('/', { viewport: { width: 390, height: 844 }, colorScheme, bypassCSP: true });
      const top = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((e) => e.getBoundingClientRect().top);
      const lead = await page.locator('.lead').textContent().then(orEmpty);
      assert.ok(lead.startsWith(regime.summary.split(':')[0]), lead);
      assert.match(
        await page.locator('.stats').first().textContent().then(orEmpty),
        new RegExp(`Level\\s*${regime.level} / 100`),
      );
      assert.match(lead, new RegExp(`${regime.level}`), 'the fixed-scale level is in the reading');
      // No warning before the reading: the site's banner is not on the page, the data's line comes after.
      assert.equal(await page.locator('.banner').count(), 0);
      assert.ok((await top('.lead')) < (await top('.notice')), 'the reading before the notice');
      assert.ok(
        (await page.locator('.lead').evaluate((e) => e.getBoundingClientRect().bottom)) < 844,
        'on the first screen',
      );
      const notice = page.locator('.notice');
      assert.equal(await notice.locator('p').count(), 1, 'one line');
      await notice.locator('summary').click();
      const text = await notice.textContent().then(orEmpty);
      for (const id of ['reserve-ratio', 'effr-iorb', 'sofr-iorb', 'cp-tbill-spread'])
        assert.ok(!text.includes(id), `${id} in "${text}"`);
      assert.match(text, /reserves \/ bank assets|EFFR − IORB/);
      assert.deepEqual(await axeProblems(page), []);
      await close();
    });
  }

  it('2. the level’s parts over the whole history on / and /methodology, and around the day on its page, add up to the level', async () => {
    const history = (await h.app.inject('/api/history')).json() as {
      dates: string[];
      level: Array<number | null>;
      contributions: Record<string, Array<number | null>>;
    };
    for (const path of ['/', '/methodology', `/today/${day}`]) {
      const { page, close } = await open(path, { viewport: { width: 1440, height: 900 } });
      const figure = page.locator('figure.chart', { has: page.locator('img[src^="/charts/contributions"]') });
      assert.equal(await figure.count(), 1, `${path}: one chart of the parts`);
      await figure.and(page.locator('.enhanced')).waitFor();
      const src = (await figure.locator('img').getAttribute('src'))!;
      assert.equal(src, path.startsWith('/today/') ? `/charts/contributions-${day}.svg` : '/charts/contributions.svg');
      const svg = await h.app.inject(src);
      assert.equal(svg.statusCode, 200);
      assert.match(svg.body, /What the level \(dli-\d+\) is made of/);
      if (path.startsWith('/today/')) assert.match(svg.body, /Jul 3|stroke-dasharray/, 'the day marked');
      // The legend names every part and the level, the table gives each day's parts, which add up to the level.
      const legend = await figure.locator('.chart-legend li').allTextContents();
      assert.ok(legend.length >= 3 && legend.at(-1)!.startsWith('Level'), legend.join(' | '));
      const rows = await figure
        .locator('details.data tbody tr')
        .evaluateAll((trs) => trs.map((tr) => Array.from(tr.children).map((c) => c.textContent ?? '')));
      assert.ok(rows.length >= 10, `${path}: ${rows.length} rows`);
      for (const [date, level, ...parts] of rows) {
        const i = history.dates.indexOf(date!);
        assert.equal(Number(level), history.level[i], `${date}: the table's level is the API's`);
        const sum = parts.reduce((s, p) => s + (p === 'n/a' ? 0 : Number(p)), 0);
        assert.ok(Math.abs(sum - Number(level)) <= 1, `${date}: parts ${parts.join(' + ')} = ${sum} vs ${level}`);
      }
      await close();
    }
  });

  it('2. the parts chart’s CSV holds the level and each group’s part of every day, adding up to it', async () => {
    const rows = parse((await h.app.inject('/api/history.csv')).body, { columns: true }) as Array<
      Record<string, string>
    >;
    const parts = Object.keys(rows[0]!).filter((c) => c.endsWith('_part_points'));
    assert.ok(parts.length >= 3 && 'level_0_100' in rows[0]!, Object.keys(rows[0]!).join(','));
    const scored = rows.filter((r) => r.level_0_100 !== '');
    assert.ok(scored.length > 100);
    for (const row of scored) {
      const sum = parts.reduce((s, c) => s + (row[c] === '' ? 0 : Number(row[c])), 0);
      assert.ok(Math.abs(sum - Number(row.level_0_100)) <= 1, `${row.date}: ${sum} vs ${row.level_0_100}`);
    }
  });

  it('3. every interactive chart: Tab reaches it, arrows move the crosshair and a live region says date, series and value', async () => {
    const history = (await h.app.inject('/api/history')).json() as { dates: string[]; headline: number[] };
    for (const path of ['/', '/indicators/tga', `/today/${day}`, '/methodology']) {
      const { page, close } = await open(path, { viewport: { width: 1440, height: 900 } });
      await page.locator('figure.chart.enhanced').first().waitFor();
      const charts = await page.locator('figure.chart.enhanced').count();
      const reached: string[] = [];
      for (let k = 0; k < 400 && reached.length < charts; k++) {
        await page.keyboard.press('Tab');
        const label = await page.evaluate(() =>
          document.activeElement?.classList.contains('uplot-holder')
            ? document.activeElement.getAttribute('aria-label')
            : null,
        );
        if (label && !reached.includes(label)) reached.push(label);
      }
      assert.equal(reached.length, charts, `${path}: Tab reached ${reached.length} of ${charts} charts`);
      await close();
    }
    // On /, the headline's chart: End, then ArrowLeft twice — the live region reads the day before the last but one.
    const { page, close } = await open('/', { viewport: { width: 1440, height: 900 } });
    const holder = page.locator('figure.chart.enhanced .uplot-holder').first();
    await holder.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    const live = await page.locator('figure.chart.enhanced .chart-live').first().textContent().then(orEmpty);
    const i = history.dates.length - 3;
    const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${history.dates[i]}T00:00:00Z`),
    );
    assert.ok(live.startsWith(`${date}: `), live);
    assert.match(live, new RegExp(`: ${history.headline[i]}\\b`), `${live} says ${history.headline[i]}`);
    assert.equal(await page.locator('figure.chart.enhanced .chart-live').first().getAttribute('aria-live'), 'polite');
    await close();
  });

  it('3. on a touch screen a sideways swipe moves the crosshair; the page keeps vertical swipes (touch-action: pan-y)', async () => {
    const { page, close } = await open('/', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const over = page.locator('figure.chart.enhanced .u-over').first();
    await over.scrollIntoViewIfNeeded();
    assert.equal(await over.evaluate((e) => getComputedStyle(e).touchAction), 'pan-y');
    const box = (await over.boundingBox())!;
    const live = page.locator('figure.chart.enhanced .chart-live').first();
    const said: string[] = [];
    for (const x of [0.2, 0.8]) {
      await over.dispatchEvent('pointermove', {
        pointerType: 'touch',
        clientX: box.x + box.width * x,
        clientY: box.y + box.height / 2,
        bubbles: true,
      });
      said.push(await live.textContent().then(orEmpty));
    }
    assert.ok(said[0] && said[1] && said[0] !== said[1], `the swipe read two days: ${said.join(' / ')}`);
    await close();
  });

  it('3. every chart on every page type has its data as a table, or a link to one', async () => {
    const missing: string[] = [];
    for (const path of ['/', '/indicators/tga', '/indicators/sofr-iorb', `/today/${day}`, '/markets', '/methodology']) {
      const page = (await h.app.inject(path)).body;
      for (const [figure] of page.matchAll(/<figure class="chart"[\s\S]*?<\/figure>/g)) {
        const src = /<img src="([^"]+)"/.exec(figure)?.[1];
        if (!/<details class="data">[\s\S]*<table>/.test(figure) && !/href="[^"]*(archive#data|\.csv)/.test(figure))
          missing.push(`${path}: ${src}`);
      }
    }
    assert.deepEqual(missing, []);
  });

  it('4. a crawl of every internal link of every page type finds no 404', async () => {
    const seeds = [
      '/',
      '/today',
      `/today/${day}`,
      '/archive',
      '/markets',
      '/methodology',
      '/docs',
      '/changelog',
      '/about',
      '/blog',
      '/lens',
      ...LOCALES.map((l) => `/lens/${l}`),
      // Every series the catalog serves: those with a page of their own are crawled (the others 404 as seeds, and
      // no page may link them).
      ...((await h.app.inject('/api/series')).json() as { series: Array<{ id: string }> }).series.map(
        (s) => `/indicators/${s.id}`,
      ),
    ];
    const served = async (path: string) => (await h.app.inject(path)).statusCode;
    const pages = new Set<string>();
    for (const seed of seeds) if ((await served(seed)) === 200) pages.add(seed);
    // Every blog post and protocol the index pages link to is a page type of its own: crawled as a seed too.
    const links = new Map<string, string>();
    const queue = [...pages];
    for (let k = 0; k < queue.length; k++) {
      const from = queue[k]!;
      const body = (await h.app.inject(from)).body;
      for (const [, raw] of body.matchAll(/\s(?:href|src)="([^"]+)"/g)) {
        const href = raw!.replace(/&amp;/g, '&').split('#')[0]!;
        if (!href.startsWith('/') || href.startsWith('//')) continue;
        if (!links.has(href)) links.set(href, from);
        const page = href.split('?')[0]!;
        if (/^\/(blog|methodology|embed)\/[^/]+$/.test(page) && !queue.includes(href)) queue.push(href);
      }
    }
    const dead: string[] = [];
    for (const [href, from] of links) {
      // A chart is checked as its SVG (the drawing is the same in PNG, which takes the chart thread far longer).
      const asked = href.replace(/^(\/charts\/[^?]+)\.png/, '$1.svg');
      const status = await served(asked);
      if (status === 404) dead.push(`${href} (${status}) on ${from}`);
    }
    assert.ok(links.size > 500, `${links.size} links crawled`);
    assert.deepEqual(dead, []);
  });

  for (const colorScheme of SCHEMES) {
    it(`6. /methodology at 390 px is at most 25,000 px tall, its contents collapse, a deep link opens its section (${colorScheme})`, async () => {
      const { page, close } = await open('/methodology', {
        viewport: { width: 390, height: 844 },
        colorScheme,
        bypassCSP: true,
      });
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      assert.ok(height <= 25_000, `${height} px`);
      const toc = page.locator('nav.toc details');
      assert.equal(await toc.getAttribute('open'), null, 'the contents are collapsed on a phone');
      await toc.locator('summary').click();
      assert.ok(await toc.locator('a').first().isVisible());
      // The protocols and every variant's figures are one click away: a section closed, its page or its summary.
      assert.ok((await page.locator('main details').count()) >= 8);
      assert.equal((await h.app.inject('/methodology/dli-4-protocol')).statusCode, 200);
      assert.deepEqual(await axeProblems(page), []);
      await close();
    });
  }

  it('6. a link into a collapsed section of the methodology opens it', async () => {
    const id = '2-1-inputs-which-series-and-how-the-derived-ones-are-aligned';
    const { page, close } = await open(`/methodology#${id}`, { viewport: { width: 390, height: 844 } });
    await page.locator(`[id="${id}"]`).waitFor({ state: 'visible' });
    assert.ok(await page.locator(`[id="${id}"]`).isVisible());
    await close();
  });

  it('7. downloads are named by what they hold and when; every chart offers an image and an iframe to embed', async () => {
    const tga = (await h.app.inject('/api/series/tga?days=30')).json() as { data: Array<{ date: string }> };
    const last = tga.data.at(-1)!.date;
    const csv = await h.app.inject('/api/series/tga.csv');
    assert.equal(csv.headers['content-disposition'], `attachment; filename="tga-${last}.csv"`);
    const png = await h.app.inject('/charts/tga.svg?days=365');
    assert.equal(png.headers['content-disposition'], `inline; filename="tga-${last}.svg"`);
    const { page, close } = await open('/indicators/tga', { viewport: { width: 1440, height: 900 } });
    const names = await page
      .locator('figure.chart .downloads a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('download')));
    assert.ok(names.length > 0);
    for (const name of names)
      assert.match(name ?? '', /^[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.(csv|svg|png|xlsx|json)$/, String(name));
    await close();
    for (const path of ['/', '/indicators/tga', `/today/${day}`, '/markets']) {
      const body = (await h.app.inject(path)).body;
      const figures = [...body.matchAll(/<figure class="chart"[\s\S]*?<\/figure>/g)].map(([f]) => f);
      for (const figure of figures) {
        const snippets = [...figure.matchAll(/<textarea[^>]*>([\s\S]*?)<\/textarea>/g)].map(([, t]) =>
          t!
            .replace(/&lt;/g, '<')
            .replace(/&gt;/g, '>')
            .replace(/&quot;/g, '"')
            .replace(/&amp;/g, '&'),
        );
        assert.equal(snippets.length, 2, `${path}: two snippets`);
        assert.match(
          snippets[0]!,
          /^<figure><a href="http[^"]+"><img src="http[^"]+\/charts\/[^"]+" alt="[^"]+"[^>]*><\/a><figcaption>.+usd-liquidity.+<\/figcaption><\/figure>$/,
        );
        const iframe = /<iframe src="([^"]+)" title="[^"]+"/.exec(snippets[1]!)?.[1];
        assert.ok(iframe, snippets[1]);
        const embed = await h.app.inject(new URL(iframe!).pathname + new URL(iframe!).search);
        assert.equal(embed.statusCode, 200, iframe);
        assert.match(String(embed.headers['content-security-policy']), /frame-ancestors \*/);
      }
    }
    // The embedded chart is interactive, alone, with its citation and a link to its page.
    const embedded = await open('/embed/contributions', { viewport: { width: 720, height: 560 }, bypassCSP: true });
    await embedded.page.locator('figure.chart.enhanced').waitFor();
    assert.equal(await embedded.page.locator('header.site-header').count(), 0);
    assert.match(await embedded.page.locator('main').textContent().then(orEmpty), /usd-liquidity, http/);
    assert.deepEqual(await axeProblems(embedded.page), []);
    await embedded.close();
  });

  for (const width of [320, 1440]) {
    for (const colorScheme of SCHEMES) {
      it(`axe-core on the pages this issue changed at ${width} px (${colorScheme})`, async () => {
        for (const path of [
          '/',
          '/methodology',
          `/today/${day}`,
          '/methodology/dli-4-protocol',
          '/embed/headline?days=1826',
        ]) {
          const { page, close } = await open(path, { viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
          await page
            .locator('details.embed')
            .first()
            .evaluate((d) => {
              (d as HTMLDetailsElement).open = true;
            })
            .catch(() => undefined);
          assert.deepEqual(await axeProblems(page), [], path);
          const wide = await page.evaluate(() => document.documentElement.scrollWidth);
          assert.ok(wide <= width, `${path}: ${wide} px wide at ${width}`);
          await close();
        }
      });
    }
  }
});
