/// <reference lib="dom" />
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { createHarness, type Harness } from '../support/harness.ts';
import { hasRealData, realReplayData } from '../support/replay-data.ts';

/**
 * The site in a real headless Chromium (Debian's /usr/bin/chromium, never a downloaded browser), at phone,
 * tablet and desktop widths: every page type loads without console errors, CSP violations or failed requests;
 * nothing overflows sideways even at 320 px; chart text is at least 11 CSS px where it is shown; axe-core finds
 * no serious or critical violation; the interactive charts show a tooltip where script runs, and every page
 * still reads without script; every download link returns what it says. Screenshots go to artifacts/screenshots/.
 */
const CHROMIUM = '/usr/bin/chromium';
const SHOTS = new URL('../../artifacts/screenshots/', import.meta.url).pathname;
const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;
const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');

if (process.env.REQUIRE_BROWSER && !existsSync(CHROMIUM))
  throw new Error(`REQUIRE_BROWSER is set but ${CHROMIUM} is missing`);

describe('the site in headless Chromium', {
  skip: !existsSync(CHROMIUM) && 'Debian chromium is not installed (.ci/run installs it)',
}, () => {
  let h: Harness;
  let browser: Browser;
  let origin: string;
  /** One page of each type (paths filled in once the history is known). */
  let pageTypes: Array<{ name: string; path: string; status: number }>;
  before(async () => {
    const real = hasRealData();
    h = await createHarness(real ? { data: realReplayData(), now: new Date('2026-09-01T12:00:00Z') } : {});
    await h.refresh();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    const history = (await h.app.inject('/api/history')).json() as { dates: string[]; count: number };
    const day = history.dates[history.count - 7]!;
    pageTypes = [
      { name: 'dashboard', path: '/', status: 200 },
      { name: 'indicator', path: '/indicators/net-liquidity', status: 200 },
      { name: 'comparison', path: '/indicators/tga?days=1826&compare=onrrp', status: 200 },
      { name: 'markets', path: '/markets', status: 200 },
      { name: 'methodology', path: '/methodology', status: 200 },
      { name: 'docs', path: '/docs', status: 200 },
      { name: 'lens', path: '/lens/ja', status: 200 },
      { name: 'archive', path: '/archive', status: 200 },
      { name: 'day', path: `/today/${day}`, status: 200 },
      { name: 'today', path: '/today', status: 200 },
      { name: 'blog', path: '/blog/how-to-read-the-lens', status: 200 },
      { name: 'about', path: '/about', status: 200 },
      { name: 'not-found', path: '/no/such/page', status: 404 },
      { name: 'bad-query', path: '/indicators/vix?days=abc', status: 400 },
    ];
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await h?.close();
  });

  /** Opens a page, records problems (console errors, CSP violations, failed requests), loads every image. */
  async function open(
    path: string,
    options: BrowserContextOptions & { expectStatus?: number } = {},
  ): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
    const { expectStatus = 200, ...contextOptions } = options;
    const context = await browser.newContext(contextOptions);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      // The page's own status (a 404 page is meant to be one) is reported by the browser as a console error.
      if (message.type() === 'error' && !message.text().includes(`status of ${expectStatus}`))
        problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('response', (response) => {
      const main = response.url() === origin + path;
      if (response.status() >= 400 && !(main && response.status() === expectStatus))
        problems.push(`${response.status()} ${response.url()}`);
    });
    const response = await page.goto(origin + path, { waitUntil: 'networkidle' });
    assert.equal(response?.status(), expectStatus, path);
    // Make every lazy image load and wait for all of them: a lazy image below the fold is never `complete`.
    await page.evaluate(() => {
      for (const img of Array.from(document.images)) img.loading = 'eager';
    });
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    return { page, problems, close: () => context.close() };
  }

  async function overflow(page: Page): Promise<number> {
    return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }

  /**
   * The smallest chart text as shown, in CSS px: each SVG chart's smallest font size times the scale it is
   * drawn at (its shown width over its own width). Charts are <picture>s, so the layout the browser chose
   * (line or compact) is the one measured.
   */
  async function smallestChartText(page: Page): Promise<{ px: number; src: string } | null> {
    return page.evaluate(async () => {
      let smallest: { px: number; src: string } | null = null;
      const images = Array.from(
        document.querySelectorAll<HTMLImageElement>('figure.chart img, figure.chart picture img'),
      );
      for (const img of images) {
        if (img.clientWidth === 0) continue; // replaced by the interactive chart, or hidden on this width
        const src = img.currentSrc || img.src;
        if (!src.includes('/charts/') || src.includes('style=spark')) continue;
        const svg = await (await fetch(src)).text();
        const sizes = [...svg.matchAll(/font-size:\s*(\d+(?:\.\d+)?)px|font:[^;"]*?(\d+(?:\.\d+)?)px/g)].map((m) =>
          Number(m[1] ?? m[2]),
        );
        const width = Number(/<svg[^>]*\swidth="(\d+)"/.exec(svg)?.[1]);
        if (sizes.length === 0 || !width) continue;
        const px = (Math.min(...sizes) * img.clientWidth) / width;
        if (!smallest || px < smallest.px) smallest = { px, src };
      }
      return smallest;
    });
  }

  for (const width of WIDTHS) {
    it(`every page type at ${width.width} px: no errors, no sideways scroll, chart text ≥ 11 px`, async () => {
      for (const type of pageTypes) {
        const { page, problems, close } = await open(type.path, {
          viewport: { width: width.width, height: width.height },
          javaScriptEnabled: false,
          expectStatus: type.status,
        });
        assert.deepEqual(problems, [], type.path);
        assert.ok((await overflow(page)) <= 1, `${type.path} is wider than ${width.width} px`);
        const text = await smallestChartText(page);
        if (text) assert.ok(text.px >= 11, `${type.path}: chart text ${text.px.toFixed(1)} px in ${text.src}`);
        // The main navigation, named in the page's language (/lens/ja: メイン).
        assert.equal(await page.locator('header.site-header nav').count(), 1, 'navigation');
        if (['dashboard', 'indicator', 'markets'].includes(type.name)) {
          await page.screenshot({ path: `${SHOTS}${type.name}-${width.name}.png`, fullPage: true });
        }
        await close();
      }
    });
  }

  it('no page type overflows sideways at 320 px (WCAG reflow)', async () => {
    for (const type of pageTypes) {
      for (const javaScriptEnabled of [false, true]) {
        const { page, close } = await open(type.path, {
          viewport: { width: 320, height: 640 },
          javaScriptEnabled,
          expectStatus: type.status,
        });
        assert.ok((await overflow(page)) <= 1, `${type.path} (script ${javaScriptEnabled}) is wider than 320 px`);
        await close();
      }
    }
  });

  it('axe-core: no serious or critical violation on any page type, on a phone and on a desktop, and in dark mode', async () => {
    const runs = [
      { viewport: WIDTHS[0]!, colorScheme: 'light' as const },
      { viewport: WIDTHS[2]!, colorScheme: 'light' as const },
      // Dark mode has its own colours (contrast is checked on the phone layout).
      { viewport: WIDTHS[0]!, colorScheme: 'dark' as const },
    ];
    for (const { viewport, colorScheme } of runs) {
      for (const type of pageTypes) {
        // axe is injected as a script, which the site's CSP (rightly) refuses: this context bypasses the CSP.
        const { page, close } = await open(type.path, {
          viewport,
          colorScheme,
          bypassCSP: true,
          expectStatus: type.status,
        });
        await page.addScriptTag({ path: AXE });
        const violations = await page.evaluate(async () => {
          const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: unknown[] }> } }).axe;
          const result = await axe.run({ resultTypes: ['violations'] });
          return (result.violations as Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>)
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        });
        assert.deepEqual(violations, [], `${type.path} at ${viewport.width} px, ${colorScheme}`);
        await close();
      }
    }
  });

  it('where script runs, charts become interactive: a crosshair and a tooltip with the date and value', async () => {
    for (const path of ['/indicators/net-liquidity', '/', '/indicators/tga?days=1826&compare=onrrp']) {
      const { page, problems, close } = await open(path, { viewport: { width: 1440, height: 900 } });
      await page.waitForSelector('figure.chart.enhanced .uplot-holder canvas');
      assert.deepEqual(problems, [], `${path}: no CSP violation or error from the chart script`);
      const over = page.locator('figure.chart.enhanced .u-over').first();
      await over.scrollIntoViewIfNeeded();
      const box = (await over.boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
      const tip = page.locator('.chart-tip').first();
      await tip.waitFor({ state: 'visible' });
      const text = await tip.textContent();
      assert.match(text ?? '', /[A-Z][a-z]{2} \d{1,2}, \d{4}/, 'the date under the pointer');
      assert.match(text ?? '', /: -?[\d,.]+/, 'the value under the pointer');
      if (path.includes('compare')) assert.match(text ?? '', /Overnight reverse repo/);
      const fontPx = await tip.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
      assert.ok(fontPx >= 11, `tooltip text ${fontPx}px`);
      await close();
    }
  });

  it('without script, every chart is still there as an image, with its data table and downloads', async () => {
    const { page, close } = await open('/indicators/net-liquidity', {
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    const img = page.locator('figure.chart img').first();
    assert.ok(((await img.boundingBox())?.width ?? 0) > 300);
    assert.match((await img.evaluate((i: HTMLImageElement) => i.currentSrc)) ?? '', /style=compact/, 'phone layout');
    await page.getByText(/View the data/).click();
    assert.ok((await page.locator('figure.chart details tbody tr').count()) > 10);
    await close();
  });

  it('every download link returns what it says', async () => {
    const { page, close } = await open('/indicators/tga?days=1826&compare=onrrp', {
      viewport: { width: 1440, height: 900 },
    });
    const checks = await page.evaluate(async () => {
      const out: Array<{ text: string; href: string; type: string; head: string; status: number }> = [];
      for (const a of Array.from(document.querySelectorAll<HTMLAnchorElement>('a[download]'))) {
        const res = await fetch(a.href);
        const bytes = new Uint8Array(await res.arrayBuffer());
        out.push({
          text: a.textContent ?? '',
          href: a.href,
          type: res.headers.get('content-type') ?? '',
          head: Array.from(bytes.slice(0, 24), (b) => String.fromCharCode(b)).join(''),
          status: res.status,
        });
      }
      return out;
    });
    assert.ok(checks.length >= 4);
    for (const c of checks) {
      assert.equal(c.status, 200, c.href);
      if (c.text.startsWith('CSV')) {
        assert.match(c.type, /^text\/csv/);
        assert.match(c.head, /^date,value_usd_bn\r\n/);
      } else if (c.text === 'PNG') {
        assert.equal(c.type, 'image/png');
        assert.equal(c.head.slice(1, 4), 'PNG');
      } else if (c.text === 'SVG') {
        assert.match(c.type, /^image\/svg\+xml/);
        assert.match(c.head, /^<svg/);
      } else assert.fail(`unexpected download ${c.text}`);
    }
    await close();
  });

  it('navigation links work, and the range and archive controls lead where they say', async () => {
    const { page, close } = await open('/', { viewport: { width: 1440, height: 900 } });
    // /today is titled for today only while the reading is current; otherwise by the reading's date.
    const regime = (await h.app.inject('/api/regime')).json();
    const today =
      regime.freshness.state === 'current'
        ? 'Today’s reading'
        : `The latest reading: ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${regime.date}T00:00:00Z`))}`;
    for (const [label, path, heading] of [
      ['Methodology', '/methodology', 'Methodology'],
      ['API', '/docs', 'API documentation'],
      ['Markets', '/markets', 'Liquidity and markets'],
      ['Blog', '/blog', 'Blog'],
      ['Today', '/today', today],
      ['About', '/about', 'About'],
      ['Dashboard', '/', 'US-dollar liquidity dashboard'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL(origin + path);
      assert.equal(await page.locator('h1').textContent(), heading);
    }
    await page.getByRole('link', { name: 'Treasury General Account' }).first().click();
    await page.waitForURL(`${origin}/indicators/tga`);
    await page.getByRole('navigation', { name: 'Chart range' }).getByRole('link', { name: '5 years' }).click();
    await page.waitForURL(/days=1826/);
    assert.equal(await page.locator('img[src^="/charts/tga.svg?days=1826"]').count(), 1);
    await page.getByLabel('Compare with').selectOption('onrrp');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/compare=onrrp/);
    assert.match((await page.locator('figure.chart img').first().getAttribute('alt')) ?? '', /right axis/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Archive', exact: true }).click();
    await page.locator('table.calendar a').first().click();
    await page.waitForURL(/\/today\/\d{4}-\d{2}-\d{2}$/);
    assert.match((await page.locator('h1').textContent()) ?? '', /^Reading for /);
    await close();
  });
});
