import { EMBED_QUERY } from '../../publish/site-port.ts';
import type { Block, ChartBlock, Page } from '../page/page.ts';

/**
 * Embedding a chart elsewhere: every chart a page draws offers two snippets — the static image linked to its page
 * with its citation under it (works in any page, e-mail or forum that allows HTML), and an <iframe> of the
 * interactive chart (/embed/{id}: the chart alone, with its keyboard and touch reading, its table and its citation).
 */

/**
 * A chart's id and the window it shows, from its image's URL: "/charts/tga.svg?days=365" → { id: 'tga', query:
 * 'days=365' }. The embed page of that chart is /embed/tga?days=365.
 */
export function chartIdOf(src: string): { id: string; query: string } {
  const [path, search = ''] = src.split('?');
  const id = /^\/charts\/([^/]+)\.svg$/.exec(path!)?.[1] ?? '';
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams([...params].filter(([key]) => (EMBED_QUERY as readonly string[]).includes(key)));
  return { id, query: kept.toString() };
}

/** The embed page's path of a chart: /embed/tga?days=365. */
export function embedPath(src: string): string {
  const { id, query } = chartIdOf(src);
  return `/embed/${id}${query ? `?${query}` : ''}`;
}

/**
 * The chart's title, as its legend or its description says it: the head's title, else the alt's first clause — cut
 * at a full stop, colon or semicolon, or a comma not inside a date ("Daily headline Dec 27, 2004 – Aug 27, 2026;
 * red spans…" → "Daily headline Dec 27, 2004 – Aug 27, 2026", not "Daily headline Dec 27").
 */
export function chartTitle(block: ChartBlock): string {
  return block.head?.title ?? block.alt.split(/[.:;]\s|[.:;]$|,(?! \d{4})/)[0]!;
}

/**
 * The citation printed under an embedded chart: the chart, the site, the page it is from, and its data's terms.
 * Example: "Treasury General Account — usd-liquidity, https://host/indicators/tga (CC0-1.0; inputs keep their terms)".
 */
export function embedCitation(block: ChartBlock, pageUrl: string, siteName: string): string {
  return `${chartTitle(block)} — ${siteName}, ${pageUrl} (licence CC0-1.0; the inputs keep their own terms)`;
}

/** The two snippets of a chart, as text to copy: the linked image with its citation, and the iframe. */
export function embedSnippets(
  block: ChartBlock,
  host: { pageUrl: string; baseUrl: string; siteName: string },
): { image: string; iframe: string } {
  const attr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const citation = embedCitation(block, host.pageUrl, host.siteName);
  const image = `<figure><a href="${attr(host.pageUrl)}"><img src="${attr(host.baseUrl + block.src)}" alt="${attr(block.alt)}" width="720" height="300"></a><figcaption>${attr(citation)}</figcaption></figure>`;
  const iframe = `<iframe src="${attr(host.baseUrl + embedPath(block.src))}" title="${attr(chartTitle(block))}" width="720" height="560" style="max-width:100%;border:0" loading="lazy"></iframe>`;
  return { image, iframe };
}

/** Every chart block of a page, in order (inside rows and collapsed sections too). */
export function chartBlocks(blocks: readonly Block[]): ChartBlock[] {
  return blocks.flatMap((b): ChartBlock[] => {
    if (b.kind === 'chart') return [b];
    if (b.kind === 'row' || b.kind === 'details') return chartBlocks(b.blocks);
    return [];
  });
}

/**
 * The chart of `id` (with the window `query`) on one of the pages given, and that page: the embed page shows it
 * as the page draws it. Without a query, the first chart of that id, in the window its page draws by default
 * (/embed/tga is the indicator page's chart, as /charts/tga.svg is). Undefined when no page draws it.
 */
export function findChart(
  pages: Iterable<Page>,
  id: string,
  query: string,
): { page: Page; block: ChartBlock } | undefined {
  for (const page of pages) {
    const block = chartBlocks(page.blocks).find((b) => {
      const of = chartIdOf(b.src);
      return of.id === id && (query === '' || of.query === query);
    });
    if (block) return { page, block };
  }
  return undefined;
}

/** /embed/{id}: the chart alone, with a link to its page and its citation; `bare` leaves out the site's frame. */
export function embedPage(found: { page: Page; block: ChartBlock }, baseUrl: string, siteName: string): Page {
  const { page, block } = found;
  const pageUrl = baseUrl + page.path;
  return {
    path: embedPath(block.src),
    title: chartTitle(block),
    description: `${chartTitle(block)}, from ${siteName} (${pageUrl}).`,
    bare: true,
    blocks: [
      { ...block, embedded: true },
      {
        kind: 'paragraph',
        aside: true,
        inlines: [embedCitation(block, pageUrl, siteName), ' · ', { text: 'Open the page', href: pageUrl }],
      },
    ],
  };
}
