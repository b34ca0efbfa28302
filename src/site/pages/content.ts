import type { BlogPost } from '../../publish/content.ts';
import { DATA_LICENSE, licenseOf } from '../../timeseries/licenses.ts';
import { CATALOG } from '../../timeseries/series.ts';
import { heading, inlines, list, type Page, paragraph, prose } from '../page/page.ts';
import { formatDate, type SiteData } from '../site-data.ts';

export function aboutPage(data: SiteData): Page {
  return {
    path: '/about',
    title: 'About',
    description: 'What this service is, where its data comes from, its license and its disclaimer.',
    blocks: [
      paragraph(
        `${data.name} is an open-source, self-hostable service that publishes US-dollar liquidity indicators as a free, read-only JSON API and this small website. It has one versioned, documented model whose validation figures are published, and its API contract does not change shape without a version.`,
      ),
      heading(2, 'Sources'),
      list(
        ...[
          '[FRED, Federal Reserve Bank of St. Louis](https://fred.stlouisfed.org/): Fed balance sheet (H.4.1), reserves, ON RRP, rates, spreads, VIX, the dollar, M2, fiscal ratios, NFCI, STLFSI4.',
          '[U.S. Treasury Fiscal Data](https://fiscaldata.treasury.gov/): the Daily Treasury Statement (TGA), Debt to the Penny, the Monthly Treasury Statement, the Monthly Statement of the Public Debt.',
          '[Federal Reserve Bank of New York Markets Data](https://markets.newyorkfed.org/): SOFR and standing repo operations.',
          `Market prices for the correlation statistics: S&P 500, Nasdaq-100 (the index QQQ tracks) and Coinbase bitcoin from FRED; gold (GLD) from a keyless chart source. ${assetTerms()}`,
        ].map(inlines),
      ),
      heading(2, 'License'),
      paragraph(
        ...inlines(`Code: [CC0 1.0 Universal](${DATA_LICENSE.url}). Data: `),
        DATA_LICENSE.scope,
        ' Each indicator page names its terms and the attribution to give.',
      ),
      heading(2, 'Disclaimer'),
      prose(
        'Information only, not investment advice. The model is a gauge of conditions, not a timing signal: read the validation in the [methodology](/methodology) before using it for decisions.',
      ),
      heading(2, 'Machine-readable'),
      list(
        ...[
          ['/api', 'the endpoint directory'],
          ['/openapi.json', 'OpenAPI 3.1 description'],
          ['/.well-known/api-catalog', 'RFC 9727 API catalog'],
          ['/llms.txt', 'site index for language models'],
          ['/api/snapshot', 'everything in one call'],
        ].map(([path, what]) => inlines(`[${path}](${path}): ${what}`)),
      ),
    ],
  };
}

export function blogIndexPage(posts: BlogPost[]): Page {
  return {
    path: '/blog',
    title: 'Blog',
    description: 'Notes on the model, the lens and using the API.',
    blocks: posts.length
      ? [
          {
            kind: 'list',
            items: posts.map((p) => [
              { text: p.title, href: `/blog/${p.slug}` },
              ` — ${formatDate(p.date)}. ${p.summary}`,
            ]),
          },
        ]
      : [paragraph('No posts yet.')],
  };
}

export function blogPostPage(post: BlogPost): Page {
  return {
    path: `/blog/${post.slug}`,
    title: post.title,
    description: post.summary,
    blocks: [paragraph({ strong: formatDate(post.date) }), { kind: 'markdown', source: post.markdown }],
  };
}

/**
 * Which market prices are served as series, by their terms (the catalog's, not a sentence that can fall behind it):
 * "Bitcoin (Coinbase) is served as a series, with its attribution; the terms of S&P 500, … forbid reproducing
 * theirs: only statistics computed from them are published."
 */
function assetTerms(): string {
  const assets = CATALOG.filter((def) => def.group === 'asset');
  const names = (full: boolean) =>
    assets.filter((def) => (licenseOf(def).redistribution === 'full') === full).map((def) => def.name);
  const [served, withheld] = [names(true), names(false)];
  const servedText = served.length
    ? `${served.join(', ')} ${served.length === 1 ? 'is' : 'are'} served as a series, with its attribution; `
    : '';
  return withheld.length
    ? `${servedText}the terms of ${withheld.join(', ')} forbid reproducing theirs: only statistics computed from them are published.`
    : `${servedText.replace(/; $/, '.')}`;
}
