/**
 * `npm run screenshots`: the site's screenshots in docs/screenshots, regenerated in one command — the dashboard, an
 * indicator, a day page and /markets at 390 px (-phone) and 1440 px (-desktop), light, from the real files of ../shared/data/real (or the
 * generated fixtures without them) served by the loopback replay, as of a fixed date so that reruns on the same
 * data give the same pictures. Needs Debian's Chromium (`apt-get install -y chromium`); never downloads a browser.
 */
import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { createHarness } from '../test/support/harness.ts';
import { hasRealData, realReplayData } from '../test/support/replay-data.ts';

const CHROMIUM = '/usr/bin/chromium';
const OUT = new URL('../docs/screenshots/', import.meta.url).pathname;
const NOW = new Date(process.env.SCREENSHOTS_NOW ?? '2026-11-26T12:00:00Z');
const WIDTHS = [
  { width: 390, height: 1200, label: 'phone' },
  { width: 1440, height: 1100, label: 'desktop' },
];

if (!existsSync(CHROMIUM)) {
  process.stderr.write(`${CHROMIUM} is missing: apt-get install -y chromium\n`);
  process.exit(1);
}
mkdirSync(OUT, { recursive: true });
const h = await createHarness(hasRealData() ? { data: realReplayData(), now: NOW } : { now: NOW });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
try {
  await h.refresh();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  const dates = (await h.app.inject('/api/history')).json().dates as string[];
  const pages = [
    { name: 'dashboard', path: '/' },
    { name: 'indicator', path: '/indicators/tga?days=1826&compare=onrrp' },
    { name: 'day', path: `/today/${dates.at(-1)}` },
    { name: 'markets', path: '/markets' },
  ];
  for (const { width, height, label } of WIDTHS) {
    for (const { name, path } of pages) {
      const context = await browser.newContext({ viewport: { width, height }, colorScheme: 'light' });
      const page = await context.newPage();
      await page.goto(origin + path, { waitUntil: 'networkidle' });
      // Lazy images below the fold would never load: make them eager, then wait for every one.
      await page.evaluate(() => {
        for (const img of Array.from(document.images)) img.loading = 'eager';
      });
      await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
      const file = `${OUT}${name}-${label}.png`;
      await page.screenshot({ path: file });
      process.stdout.write(`${file}\n`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await h.close();
}
