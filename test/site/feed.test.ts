import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { robotsTxt, sitemapXml } from '../../src/site/crawlers.ts';
import { atomFeed, changes } from '../../src/site/feed.ts';
import type { SiteData } from '../../src/site/site-data.ts';
import { assertAtom } from '../support/atom.ts';

// A CommonJS module whose types say `export default`: its module.exports is the function.
const robotsParser = createRequire(import.meta.url)('robots-parser') as typeof import('robots-parser').default;

const data = {
  name: 'usd-liquidity',
  baseUrl: 'https://liq.example',
  generatedAt: '2026-09-01T12:00:00.000Z',
  blog: [{ slug: 'hello', title: 'Hello', date: '2026-08-01', summary: 'A post.', markdown: '' }],
  history: {
    count: 4,
    dates: ['2026-08-24', '2026-08-25', '2026-08-26', '2026-08-27'],
    headline: [70, 81, 82, 79],
    status: ['neutral', 'risk-off', 'risk-off', 'neutral'],
    provisional: [false, false, false, false],
    liveWeightShare: [1, 1, 1, 1],
    level: [50.5, 60.1, 61.2, 58],
    confidence: ['high', 'high', 'medium', 'medium'],
  },
} as unknown as SiteData;

/** The same days and a fifth whose live data covers under half of the weight: provisional, with no status. */
const withProvisional = {
  ...data,
  history: {
    ...data.history!,
    count: 5,
    dates: [...data.history!.dates, '2026-08-28'],
    headline: [...data.history!.headline, 90],
    status: [...data.history!.status, null],
    provisional: [false, false, false, false, true],
    liveWeightShare: [1, 1, 1, 1, 0.19],
    level: [50.5, 60.1, 61.2, 58, 66],
    confidence: [...data.history!.confidence, 'low'],
  },
} as unknown as SiteData;

describe('feeds and crawlers', () => {
  it('regime changes are the days whose status differs from the day before, newest first', () => {
    assert.deepEqual(changes(data, 'status'), [
      { date: '2026-08-27', from: 'risk-off', to: 'neutral', headline: 79, status: 'neutral' },
      { date: '2026-08-25', from: 'neutral', to: 'risk-off', headline: 81, status: 'risk-off' },
    ]);
  });

  it('confidence changes are the days whose confidence differs from the day before', () => {
    assert.deepEqual(changes(data, 'confidence'), [
      { date: '2026-08-26', from: 'high', to: 'medium', headline: 82, status: 'risk-off' },
    ]);
  });

  it('the Atom feed is valid Atom 1.0 and carries the changes, one entry per day and the posts', () => {
    const xml = atomFeed(data);
    const entries = assertAtom(xml);
    assert.equal(entries.length, 2 + 1 + 4 + 1, 'two status changes, one confidence change, four days, one post');
    assert.ok(entries.some((e) => e.title === 'Reading for Aug 27, 2026: 79 of 100 (neutral)'));
    assert.match(xml, /<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom">/);
    assert.match(xml, /Regime: neutral → risk-off on Aug 25, 2026 \(headline 81\)/);
    assert.match(xml, /Confidence: high → medium on Aug 26, 2026 \(headline 82, risk-off\)/);
    assert.match(xml, /<id>https:\/\/liq\.example\/today\/2026-08-26#confidence<\/id>/);
    assert.match(xml, /<link href="https:\/\/liq\.example\/today\/2026-08-25"\/>/);
    assert.match(xml, /https:\/\/liq\.example\/blog\/hello/);
  });

  it('a provisional day is an entry that says so, with no status, and never a regime or confidence change', () => {
    const entries = assertAtom(atomFeed(withProvisional));
    const day = entries.find((e) => e.title.includes('Aug 28, 2026'))!;
    assert.equal(day.title, 'Provisional reading for Aug 28, 2026: 90 of 100 (provisional)');
    assert.deepEqual(changes(withProvisional, 'status'), changes(data, 'status'));
    assert.deepEqual(changes(withProvisional, 'confidence'), changes(data, 'confidence'));
    assert.doesNotMatch(JSON.stringify(entries.filter((e) => e.title.includes('Aug 28'))), /risk-off|risk-on|neutral/);
  });

  it('robots.txt lets fetchers read the documented API, and keeps crawlers off unbounded query spaces', () => {
    const parsed = robotsParser(`${data.baseUrl}/robots.txt`, robotsTxt(data.baseUrl));
    const allowed = (path: string) => parsed.isAllowed(`${data.baseUrl}${path}`, 'ChatGPT-User');
    for (const path of ['/', '/api', '/api/regime', '/api/series/tga?days=30', '/api/lens?lang=ja', '/llms.txt'])
      assert.equal(allowed(path), true, path);
    for (const path of [
      '/api/history?asOf=2026-01-01',
      '/api/series/tga?start=2020-01-01&end=2021-01-01',
      '/indicators/tga?compare=vix',
      '/charts/tga.png?start=2020-01-01',
    ])
      assert.equal(allowed(path), false, path);
  });

  it('robots.txt points at the sitemap; the sitemap lists each page once and every archive day', () => {
    assert.match(robotsTxt(data.baseUrl), /Sitemap: https:\/\/liq\.example\/sitemap\.xml/);
    const xml = sitemapXml(data, ['/', '/docs']);
    assert.equal((xml.match(/<url>/g) ?? []).length, 6);
    assert.match(xml, /<loc>https:\/\/liq\.example\/today\/2026-08-27<\/loc>/);
  });
});
