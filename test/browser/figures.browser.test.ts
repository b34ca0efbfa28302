/// <reference lib="dom" />
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { INDICATOR_IDS } from '../../src/timeseries/series.ts';
import type { Harness } from '../support/harness.ts';
import { realSiteSkip, startRealSite } from '../support/real-site.ts';

/**
 * Issue 32: "no page shows a number without a unit and a date". Every value a data page shows — a stat, a card, a
 * table cell that starts with a number — is scanned in headless Chromium on the real files: its own text, its row,
 * its column header or its table's caption must name a unit, and its row, caption or stats block a date. A label
 * column, a calendar and the lens grid hold no values; prose and chart captions are not values (charts carry their
 * date and unit in the image and its legend, tested in the reader test).
 */

/** The values on the page that lack a unit or a date, each with what was read around it. Runs in the page. */
function unlabelledValues(): string[] {
  const month = '(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*';
  const DATE = new RegExp(`${month}\\.? \\d{1,2}, \\d{4}|\\d{4}-\\d{2}-\\d{2}|${month} \\d{4}`);
  const DATES = new RegExp(DATE.source, 'g');
  // Units of measure, the site's scales and statistics (ρ, p, z-score, percentile), and what a count counts.
  const UNIT =
    /%|\bpp\b|\bbps\b|USD|EUR|JPY|\bbn\b|\btn\b|\bpoints?\b|\/ ?100\b|0–100|100 tightest|ρ|\bp\b|\bindex\b|\bweeks?\b|\bdays?\b|\bmonths?\b|\byears?\b|percentile|z-score|\b(inputs?|groups?|series|observations|rows|phases)\b/i;
  // A cell is a value when it starts with a number that is not part of a word ("90-day", "10-year").
  const VALUE = /^[+−-]?\d[\d,.]*(?![\d,.]|-[A-Za-z])/;
  const text = (el: Element | null | undefined): string => {
    if (!el) return '';
    const parts: string[] = [];
    const walk = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '');
      else for (const child of Array.from(node.childNodes)) walk(child);
    };
    walk(el);
    return parts.join(' ').replace(/\s+/g, ' ').trim();
  };
  const checks: Array<{ value: string; unitContext: string; dateContext: string }> = [];
  for (const stat of Array.from(document.querySelectorAll('main .stat'))) {
    const value = text(stat.querySelector('.value'));
    if (!/\d/.test(value.replace(DATES, ''))) continue;
    // A stats block is one reading: its date may be one of its stats ("Reading for Aug 27, 2026").
    checks.push({ value, unitContext: text(stat), dateContext: text(stat.closest('.stats')) });
  }
  for (const card of Array.from(document.querySelectorAll('main .card'))) {
    const value = text(card.querySelector('.card-value'));
    if (!/\d/.test(value)) continue;
    checks.push({ value, unitContext: text(card), dateContext: text(card) });
  }
  for (const cell of Array.from(document.querySelectorAll('main td'))) {
    if (cell.closest('table.calendar, table.matrix')) continue;
    const row = cell.closest('tr')!;
    if (row.firstElementChild === cell) continue;
    const value = text(cell);
    if (!VALUE.test(value) || new RegExp(`^(${DATE.source})`).test(value)) continue;
    const table = cell.closest('table')!;
    const header = text(table.querySelector('thead tr')?.children[Array.from(row.children).indexOf(cell)]);
    const caption = text(table.querySelector('caption'));
    checks.push({
      value,
      unitContext: `${value} | ${header} | ${text(row.firstElementChild)} | ${caption}`,
      dateContext: `${text(row)} | ${header} | ${caption}`,
    });
  }
  return checks.flatMap((c) => {
    const unit = UNIT.test(c.unitContext.replace(DATES, ' '));
    const date = DATE.test(c.dateContext);
    return unit && date ? [] : [`${unit ? '' : '[no unit] '}${date ? '' : '[no date] '}${c.value} ← ${c.unitContext}`];
  });
}

describe('every value on the data pages has a unit and a date (issue 32)', { skip: realSiteSkip() }, () => {
  let h: Harness;
  let page: Page;
  let origin: string;
  let stop: () => Promise<void> = async () => {};
  before(async () => {
    let browser: Browser;
    ({ h, browser, origin, close: stop } = await startRealSite(new Date('2026-11-26T12:00:00Z')));
    page = await (await browser.newContext()).newPage();
    // Text only: the charts are not drawn.
    await page.route(/\/charts\//, (route) => route.abort());
  });
  after(() => stop());

  it('the scan finds a value without a date and one without a unit (it can fail)', async () => {
    await page.setContent(
      '<main><table><caption>Balances (USD bn)</caption><thead><tr><th>Series</th><th>Level</th></tr></thead><tbody><tr><td>TGA</td><td>812.3</td></tr></tbody></table><dl class="stats"><div class="stat"><dt>Reading for</dt><dd><span class="value">Aug 27, 2026</span></dd></div><div class="stat"><dt>Headline</dt><dd><span class="value">86</span></dd></div></dl></main>',
    );
    assert.deepEqual(await page.evaluate(unlabelledValues), [
      '[no unit] 86 ← Headline 86',
      '[no date] 812.3 ← 812.3 | Level | TGA | Balances (USD bn)',
    ]);
  });

  it('the dashboard, today, a day page, the markets, the lens, the archive and every indicator page', async () => {
    const lastDay = ((await h.app.inject('/api/history')).json() as { dates: string[] }).dates.at(-1)!;
    const paths = [
      '/',
      '/today',
      `/today/${lastDay}`,
      '/markets',
      '/lens',
      '/archive',
      '/indicators/tga/revisions',
      ...INDICATOR_IDS.map((id) => `/indicators/${id}`),
    ];
    const problems: string[] = [];
    let scanned = 0;
    for (const path of paths) {
      const response = await page.goto(origin + path);
      assert.equal(response?.status(), 200, path);
      scanned += await page.evaluate(() => document.querySelectorAll('main .stat, main .card, main td').length);
      for (const problem of await page.evaluate(unlabelledValues)) problems.push(`${path}: ${problem}`);
    }
    assert.ok(scanned > 500, `scanned ${scanned} stats, cards and cells`);
    assert.deepEqual(problems, []);
  });
});
