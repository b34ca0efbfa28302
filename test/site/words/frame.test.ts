import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderHtml } from '../../../src/site/page/html.ts';
import { renderMarkdown } from '../../../src/site/page/markdown.ts';
import type { Banner, Page } from '../../../src/site/page/page.ts';
import { frameWords, localBanner, pageLocale } from '../../../src/site/words/frame.ts';
import { LOCALES } from '../../../src/timeseries/locales.ts';

const stale: Banner = {
  tone: 'warn',
  title: 'Data to Aug 27, 2026, 3 months old.',
  text: "The providers have published nothing newer for the model's inputs. Our refresh also failed for 2 series.",
  more: { summary: 'Which, and why', text: 'Nasdaq-100 (FRED: HTTP 404).' },
  stale: { date: '2026-08-27', ageDays: 91, failures: 2 },
};
const failing: Banner = { tone: 'warn', title: 'Some sources are failing.', text: 'Our refresh failed for X.' };
const page = (lang?: string): Page => ({
  path: lang ? `/lens/${lang}` : '/lens',
  title: 'T',
  description: 'd',
  blocks: [],
  ...(lang ? { lang } : {}),
});

describe("the site's frame in the page's language", () => {
  it('every locale names every navigation entry, and each but English in its own words', () => {
    const english = frameWords('en');
    for (const locale of LOCALES) {
      const w = frameWords(locale);
      assert.deepEqual(Object.keys(w.nav), Object.keys(english.nav), locale);
      if (locale === 'en') continue;
      assert.notEqual(w.nav['/'], english.nav['/'], locale);
      assert.notEqual(w.notAdvice, english.notAdvice, locale);
      assert.ok(w.scope, `${locale} says what the licence covers`);
    }
  });

  it('a stale banner is written in the locale from its facts; its detail and any other banner stay English, marked', () => {
    const ja = localBanner(stale, 'ja');
    assert.equal(ja.title, 'データは2026/08/27まで（3 か月前）。');
    assert.equal(
      ja.text,
      '提供元はモデルの入力データについて新しいデータを公表していません。当サービスの更新も 2 系列で失敗しました。',
    );
    assert.deepEqual(ja.more, { summary: 'どの系列か、その理由', text: 'Nasdaq-100 (FRED: HTTP 404).' });
    assert.equal(ja.moreLang, 'en');
    assert.equal(ja.gap, '');
    const de = localBanner(stale, 'de');
    assert.equal(de.title, 'Daten bis 27.08.2026 (vor 3 Monaten).');
    assert.equal(de.gap, ' ');
    assert.deepEqual(localBanner(failing, 'fr'), { ...failing, lang: 'en', gap: ' ' });
    assert.deepEqual(localBanner(stale, 'en'), { ...stale, gap: ' ' });
  });

  it('a page in a locale has its html lang, navigation, skip link and footer in it, in HTML and in Markdown', () => {
    const site = { name: 'usd-liquidity', baseUrl: 'http://x.test', banner: stale };
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const w = frameWords(locale);
      const html = renderHtml(page(locale), site);
      assert.match(html, new RegExp(`<html lang="${locale}">`));
      assert.ok(html.includes(`>${w.nav['/markets']}</a>`), locale);
      assert.ok(html.includes(`<a class="skip" href="#main">${w.skip}</a>`), locale);
      assert.ok(html.includes(w.notAdvice), locale);
      assert.doesNotMatch(html, /Information only|Skip to content|>Dashboard</, locale);
      const markdown = renderMarkdown(page(locale), site);
      assert.ok(markdown.includes(w.notAdvice), locale);
      assert.ok(markdown.includes(w.banner.noNewer), locale);
    }
    const english = renderHtml(page(), site);
    assert.match(english, /<html lang="en">/);
    assert.match(english, /Skip to content/);
    assert.equal(pageLocale(page('xx')), 'en');
  });
});
