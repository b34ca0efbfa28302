/// <reference lib="dom" />
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { type Browser, chromium, type Page } from 'playwright-core';
import { createHarness, type Harness } from '../support/harness.ts';
import { hasRealData, realReplayData } from '../support/replay-data.ts';

/**
 * The site in a real headless Chromium (Debian's /usr/bin/chromium, never a downloaded browser): pages load
 * without console errors or failed requests, charts are visible, links work. Screenshots at phone and desktop
 * widths are kept in artifacts/screenshots/.
 */
const CHROMIUM = '/usr/bin/chromium';
const SHOTS = new URL('../../artifacts/screenshots/', import.meta.url).pathname;
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

if (process.env.REQUIRE_BROWSER && !existsSync(CHROMIUM))
  throw new Error(`REQUIRE_BROWSER is set but ${CHROMIUM} is missing`);

describe('the site in headless Chromium', {
  skip: !existsSync(CHROMIUM) && 'Debian chromium is not installed (.ci/run installs it)',
}, () => {
  let h: Harness;
  let browser: Browser;
  let origin: string;
  before(async () => {
    const real = hasRealData();
    h = await createHarness(real ? { data: realReplayData(), now: new Date('2026-09-01T12:00:00Z') } : {});
    await h.refresh();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
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

  async function open(page: Page, path: string): Promise<string[]> {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(origin + path, { waitUntil: 'networkidle' });
    // Scroll through the page as a reader would, then make every lazy image load and wait for all of them: a lazy
    // image that scrolled past too quickly on a busy machine is never requested, and never `complete`.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 30));
      }
      window.scrollTo(0, 0);
      for (const img of Array.from(document.images)) img.loading = 'eager';
    });
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    return problems;
  }

  async function chartsVisible(page: Page): Promise<number> {
    return page.evaluate(() => {
      const charts = Array.from(document.querySelectorAll<HTMLImageElement>('img[src^="/charts/"]'));
      for (const img of charts) {
        const box = img.getBoundingClientRect();
        if (img.naturalWidth === 0 || box.width < 40 || box.height < 20)
          throw new Error(`chart not visible: ${img.src}`);
      }
      return charts.length;
    });
  }

  for (const viewport of VIEWPORTS) {
    it(`dashboard at ${viewport.name} width: no errors, charts visible, no horizontal overflow`, async () => {
      const page = await browser.newPage({ viewport: { width: viewport.width, height: viewport.height } });
      const problems = await open(page, '/');
      assert.deepEqual(problems, []);
      assert.ok((await chartsVisible(page)) >= 20, 'gauge, history and indicator sparklines');
      assert.equal(await page.locator('td.current').count(), 1);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `page wider than the viewport by ${overflow}px`);
      await page.screenshot({ path: `${SHOTS}dashboard-${viewport.name}.png`, fullPage: true });
      await page.close();
    });

    it(`indicator page at ${viewport.name} width: chart visible, range selector works`, async () => {
      const page = await browser.newPage({ viewport: { width: viewport.width, height: viewport.height } });
      const problems = await open(page, '/indicators/net-liquidity');
      assert.deepEqual(problems, []);
      assert.equal(await chartsVisible(page), 1);
      await page.screenshot({ path: `${SHOTS}indicator-${viewport.name}.png`, fullPage: true });
      await page.getByRole('link', { name: '5 years' }).click();
      await page.waitForURL(/days=1826/);
      assert.equal(await page.locator('img[src^="/charts/net-liquidity.svg?days=1826"]').count(), 1);
      await page.close();
    });
  }

  it('navigation links work', async () => {
    const page = await browser.newPage();
    assert.deepEqual(await open(page, '/'), []);
    for (const [label, path, heading] of [
      ['Methodology', '/methodology', 'Methodology'],
      ['API', '/docs', 'API documentation'],
      ['Blog', '/blog', 'Blog'],
      ['Today', '/today', 'Today’s reading'],
      ['About', '/about', 'About'],
      ['Dashboard', '/', 'US-dollar liquidity dashboard'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL(origin + path);
      assert.equal(await page.locator('h1').textContent(), heading);
    }
    await page.getByRole('link', { name: 'Treasury General Account' }).first().click();
    await page.waitForURL(`${origin}/indicators/tga`);
    await page.close();
  });
});
