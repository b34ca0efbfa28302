import { marked } from 'marked';
import { DATA_LICENSE } from '../../timeseries/licenses.ts';
import { chartBlocks, embedSnippets } from '../charts/embed.ts';
import { frameWords, localBanner, pageLocale } from '../words/frame.ts';
import {
  type Block,
  type CalendarDay,
  type ChartBlock,
  headingId,
  type Inline,
  monthTitle,
  type Page,
  type SiteInfo,
} from './page.ts';

/** The main navigation's paths, in order; their labels are the page language's (words/frame.ts). */
const NAV = ['/', '/today', '/archive', '/markets', '/methodology', '/docs', '/blog', '/about'] as const;

/**
 * Rendered Markdown made navigable: h2 and h3 get an id from their text (so a table of contents can link them),
 * and tables and code blocks, which may scroll sideways, become focusable regions a keyboard can scroll.
 */
function accessibleMarkdown(html: string): string {
  return html
    .replace(/<h([23])>(.*?)<\/h\1>/g, (_, level: string, inner: string) => {
      const text = inner.replace(/<[^>]+>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (entity) => UNESCAPED[entity]!);
      return `<h${level} id="${headingId(text)}">${inner}</h${level}>`;
    })
    .replace(/<table>[\s\S]*?<\/table>/g, (table) => region('Table', table))
    .replace(/<pre>/g, '<pre tabindex="0">');
}

/** The characters HTML text escapes, and back (for a heading's id, made from its text). */
const ESCAPED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const UNESCAPED = Object.fromEntries(Object.entries(ESCAPED).map(([c, entity]) => [entity, c]));

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPED[c]!);
}

function inlineHtml(inlines: Inline[]): string {
  return inlines
    .map((part) => {
      if (typeof part === 'string') return escapeHtml(part);
      if ('href' in part) return `<a href="${escapeHtml(part.href)}">${escapeHtml(part.text)}</a>`;
      if ('strong' in part) return `<strong>${escapeHtml(part.strong)}</strong>`;
      return `<code>${escapeHtml(part.code)}</code>`;
    })
    .join('');
}

/** ` name="value"`, escaped; nothing for an absent or empty value. */
function attr(name: string, value: string | undefined): string {
  return value ? ` ${name}="${escapeHtml(value)}"` : '';
}

/** Each item's HTML, side by side. */
function each<T>(items: readonly T[], html: (item: T) => string): string {
  return items.map(html).join('');
}

/** `<tag>text</tag>` for a value that is there, nothing otherwise. */
function optional(tag: 'caption' | 'figcaption', value: string | undefined): string {
  return value ? `<${tag}>${escapeHtml(value)}</${tag}>` : '';
}

/** A table with its caption, column headers and rows (already HTML), `class` for the matrix and the calendar. */
function tableOf(header: readonly string[], rows: string, caption?: string, className?: string): string {
  const head = each(header, (h) => `<th scope="col">${escapeHtml(h)}</th>`);
  return `<table${className ? ` class="${className}"` : ''}>${optional('caption', caption)}<thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

/** A table in a region a keyboard can scroll sideways, named for screen readers. */
function region(label: string, table: string, className = 'table-wrap'): string {
  return `<div class="${className}" tabindex="0" role="region" aria-label="${escapeHtml(label)}">${table}</div>`;
}

/** Each kind of block's HTML (a declarative table: one renderer a kind). */
const BLOCK_HTML: { [K in Block['kind']]: (block: Extract<Block, { kind: K }>) => string } = {
  chart: chartHtml,
  row: (block) => `<div class="hero">${each(block.blocks, blockHtml)}</div>`,
  notice: (block) =>
    `<div class="notice tone-${block.tone}" role="status"><p>${inlineHtml(block.inlines)}</p>${
      block.more
        ? `<details><summary>${escapeHtml(block.more.summary)}</summary><ul>${each(block.more.items, (item) => `<li>${inlineHtml(item)}</li>`)}</ul></details>`
        : ''
    }</div>`,
  lead: (block) => `<p class="lead${block.tone ? ` tone-${block.tone}` : ''}">${inlineHtml(block.inlines)}</p>`,
  links: linksHtml,
  details: (block) =>
    `<details${attr('id', block.id)}><summary>${escapeHtml(block.summary)}</summary>${block.blocks.map(blockHtml).join('\n')}</details>`,
  toc: tocHtml,
  quote: (block) => `<blockquote lang="${escapeHtml(block.lang)}">${escapeHtml(block.text)}</blockquote>`,
  form: formHtml,
  calendar: (block) => block.months.map(monthHtml).join('\n'),
  heading: (block) => `<h${block.level}${attr('id', block.id)}>${escapeHtml(block.text)}</h${block.level}>`,
  paragraph: (block) => `<p${block.aside ? ' class="aside"' : ''}>${inlineHtml(block.inlines)}</p>`,
  list: (block) => `<ul>${each(block.items, (item) => `<li>${inlineHtml(item)}</li>`)}</ul>`,
  table: (block) =>
    region(
      block.caption ?? block.header.join(', '),
      tableOf(
        block.header,
        each(block.rows, (row) => `<tr>${each(row, (cell) => `<td>${inlineHtml(cell)}</td>`)}</tr>`),
        block.caption,
      ),
    ),
  image: (block) =>
    `<figure class="chart${block.small ? ' small' : ''}"><img src="${escapeHtml(block.src)}" alt="${escapeHtml(block.alt)}" width="${block.width}" height="${block.height}" loading="lazy">${optional('figcaption', block.caption)}</figure>`,
  code: (block) =>
    `<pre tabindex="0" aria-label="${escapeHtml(block.language)} example"><code class="language-${escapeHtml(block.language)}">${escapeHtml(block.text)}</code></pre>`,
  markdown: (block) => `<div class="prose">${accessibleMarkdown(marked.parse(block.source, { async: false }))}</div>`,
  stats: (block) =>
    `<dl class="stats">${each(
      block.items,
      (item) =>
        `<div class="stat${item.tone ? ` tone-${item.tone}` : ''}"><dt>${escapeHtml(item.label)}</dt><dd><span class="value">${escapeHtml(item.value)}</span>${item.note ? `<span class="note">${escapeHtml(item.note)}</span>` : ''}</dd></div>`,
    )}</dl>`,
  cards: cardsHtml,
  matrix: matrixHtml,
};

function blockHtml(block: Block): string {
  return (BLOCK_HTML[block.kind] as (block: Block) => string)(block);
}

function linksHtml(block: Extract<Block, { kind: 'links' }>): string {
  return `<nav class="pills" aria-label="${escapeHtml(block.label)}"><ul>${each(
    block.items,
    (item) =>
      `<li><a href="${escapeHtml(item.href)}"${item.current ? ' aria-current="page"' : ''}${attr('lang', item.lang)}${attr('hreflang', item.lang)}>${escapeHtml(item.text)}</a></li>`,
  )}</ul></nav>`;
}

function tocHtml(block: Extract<Block, { kind: 'toc' }>): string {
  return `<nav class="toc" aria-label="On this page"><details><summary class="toc-title">On this page (${block.items.length} sections)</summary><ol>${each(
    block.items,
    (item) => `<li><a href="#${escapeHtml(item.id)}">${escapeHtml(item.text)}</a></li>`,
  )}</ol></details></nav>`;
}

function cardsHtml(block: Extract<Block, { kind: 'cards' }>): string {
  return `<ul class="cards">${each(
    block.items,
    (card) =>
      `<li class="card"><a href="${escapeHtml(card.href)}"><span class="card-head"><span class="card-title">${escapeHtml(card.title)}</span>${
        card.badge ? `<span class="badge tone-${card.badge.tone}">${escapeHtml(card.badge.text)}</span>` : ''
      }</span>${card.meta ? `<span class="card-meta">${escapeHtml(card.meta)}</span>` : ''}<span class="card-value">${escapeHtml(card.value)}</span>${
        card.cue ? `<span class="cue tone-${card.cue.tone}">${escapeHtml(card.cue.text)}</span>` : ''
      }<span class="card-note">${escapeHtml(card.note)}</span>${
        card.image
          ? `<img src="${escapeHtml(card.image.src)}" alt="${escapeHtml(card.image.alt)}" width="200" height="48" loading="lazy">`
          : ''
      }</a></li>`,
  )}</ul>`;
}

function matrixHtml(block: Extract<Block, { kind: 'matrix' }>): string {
  const rows = each(
    block.rows,
    (row) =>
      `<tr><th scope="row">${escapeHtml(row)}</th>${each(block.columns, (column) =>
        block.marked?.row === row && block.marked.column === column
          ? `<td class="current" aria-current="true">${escapeHtml(block.current)}</td>`
          : '<td></td>',
      )}</tr>`,
  );
  const table = tableOf([block.corner, ...block.columns], rows, block.caption, 'matrix');
  return `${region(block.caption, table)}<p class="note">${escapeHtml(block.note)}</p>`;
}

function chartHtml(block: ChartBlock): string {
  const compact = `${block.src}${block.src.includes('?') ? '&' : '?'}style=compact`;
  const data = escapeHtml(JSON.stringify(block.data));
  const head = block.head ? ` data-head="${escapeHtml(JSON.stringify(block.head))}"` : '';
  const downloads = block.downloads
    .map((d) => `<a href="${escapeHtml(d.href)}" download="${escapeHtml(d.filename)}">${escapeHtml(d.text)}</a>`)
    .join(' ');
  return `<figure class="chart" data-chart="${data}"${head}><picture><source media="(max-width: 759px)" srcset="${escapeHtml(compact)}" width="360" height="260"><img src="${escapeHtml(block.src)}" alt="${escapeHtml(block.alt)}" width="720" height="300" loading="lazy"></picture>${optional('figcaption', block.caption)}<p class="downloads">Download: ${downloads}</p>${block.table ? chartTableHtml(block.table) : ''}${block.embed && !block.embedded ? embedHtml(block.embed) : ''}</figure>`;
}

/** A chart's data, collapsed under how many rows it shows: each row's date a row header. */
function chartTableHtml(table: NonNullable<ChartBlock['table']>): string {
  const more = table.more ? ` <a href="${escapeHtml(table.more.href)}">${escapeHtml(table.more.text)}</a>.` : '';
  const note = table.note || more ? `<p class="note">${escapeHtml(table.note ?? '')}${more}</p>` : '';
  const shown = table.total
    ? `the latest ${table.rows.length} of ${table.total.toLocaleString('en-US')} rows`
    : `${table.rows.length} rows`;
  const rows = each(
    table.rows,
    (row) =>
      `<tr>${row.map((cell, i) => (i === 0 ? `<th scope="row">${escapeHtml(cell)}</th>` : `<td>${escapeHtml(cell)}</td>`)).join('')}</tr>`,
  );
  return `<details class="data"><summary>View the data (${shown})</summary>${note}${region(table.caption, tableOf(table.header, rows, table.caption), 'table-wrap scroll')}</details>`;
}

/** The chart's embed snippets, collapsed: text to copy (read-only boxes a keyboard reaches). */
function embedHtml(embed: NonNullable<ChartBlock['embed']>): string {
  const box = (label: string, code: string) =>
    `<label>${escapeHtml(label)}<textarea readonly rows="4" spellcheck="false">${escapeHtml(code)}</textarea></label>`;
  return `<details class="embed"><summary>Embed this chart</summary>${box('The image, linked to this page, with its citation', embed.image)}${box('The interactive chart', embed.iframe)}</details>`;
}

function formHtml(block: Extract<Block, { kind: 'form' }>): string {
  const fields = each(block.fields, (f) => {
    const id = `f-${f.name}`;
    const label = `<label for="${id}">${escapeHtml(f.label)}</label>`;
    if (f.type === 'date') {
      return `<div class="field">${label}<input type="date" id="${id}" name="${escapeHtml(f.name)}"${attr('value', f.value)}${attr('min', f.min)}${attr('max', f.max)}></div>`;
    }
    const options = each(
      f.options,
      ([value, text]) =>
        `<option value="${escapeHtml(value)}"${value === f.value ? ' selected' : ''}>${escapeHtml(text)}</option>`,
    );
    return `<div class="field">${label}<select id="${id}" name="${escapeHtml(f.name)}">${options}</select></div>`;
  });
  return `<form class="query" method="get" action="${escapeHtml(block.action)}" aria-label="${escapeHtml(block.label)}">${fields}<button type="submit">${escapeHtml(block.submit)}</button></form>`;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** One month as a Monday-first grid; days with a reading link to their page, coloured by status and named in words. */
function monthHtml(m: { year: number; month: number; days: Map<number, CalendarDay> }): string {
  const first = new Date(Date.UTC(m.year, m.month - 1, 1));
  const length = new Date(Date.UTC(m.year, m.month, 0)).getUTCDate();
  const offset = (first.getUTCDay() + 6) % 7;
  const cells: string[] = Array.from({ length: offset }, () => '<td></td>');
  for (let day = 1; day <= length; day++) {
    const hit = m.days.get(day);
    cells.push(
      hit
        ? `<td class="tone-${hit.tone}"><a href="${escapeHtml(hit.href)}" aria-label="${escapeHtml(hit.label)}" title="${escapeHtml(hit.label)}">${day}</a></td>`
        : `<td>${day}</td>`,
    );
  }
  while (cells.length % 7 !== 0) cells.push('<td></td>');
  const rows: string[] = [];
  for (let i = 0; i < cells.length; i += 7) rows.push(`<tr>${cells.slice(i, i + 7).join('')}</tr>`);
  return tableOf(WEEKDAYS, rows.join(''), monthTitle(m.year, m.month), 'calendar');
}

/** The HTML rendering of a page model: the document, its head (feeds, Open Graph, the chart scripts) and every block. */
export function renderHtml(page: Page, site: SiteInfo): string {
  const locale = pageLocale(page);
  const w = frameWords(locale);
  const nav = NAV.map(
    (href) =>
      `<a href="${href}"${href === page.path || (href !== '/' && page.path.startsWith(`${href}/`)) ? ' aria-current="page"' : ''}>${escapeHtml(w.nav[href])}</a>`,
  ).join('');
  const markdownHref = page.path === '/' ? '/index.md' : `${page.path}.md`;
  const hasCharts = chartBlocks(page.blocks).length > 0;
  // The licence's scope in the page's language; the English sentence, marked English, where a locale has none.
  const scope = w.scope ? escapeHtml(w.scope) : `<span lang="en">${escapeHtml(DATA_LICENSE.scope)}</span>`;
  return `<!doctype html>
<html lang="${escapeHtml(page.lang ?? 'en')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} · ${escapeHtml(site.name)}</title>
<meta name="description" content="${escapeHtml(page.description)}">
<link rel="stylesheet" href="/assets/site.css">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${page.bare ? '' : `<link rel="alternate" type="text/markdown" href="${markdownHref}">`}
<link rel="canonical" href="${escapeHtml(site.baseUrl + page.path)}">
<link rel="api-catalog" href="/.well-known/api-catalog">
<link rel="alternate" type="application/atom+xml" title="${escapeHtml(site.name)}: regime changes and posts" href="/feed.xml">
<link rel="sitemap" type="application/xml" href="/sitemap.xml">
<meta property="og:type" content="website">
<meta property="og:site_name" content="${escapeHtml(site.name)}">
<meta property="og:title" content="${escapeHtml(page.title)}">
<meta property="og:description" content="${escapeHtml(page.description)}">
<meta property="og:url" content="${escapeHtml(site.baseUrl + page.path)}">
<meta property="og:image" content="${escapeHtml(site.baseUrl + (page.image ?? OG_IMAGE))}">
<meta property="og:image:type" content="image/png">
<meta property="og:image:width" content="1440">
<meta property="og:image:height" content="600">
<meta property="og:image:alt" content="${escapeHtml(`Chart: ${page.title}`)}">
<meta name="twitter:card" content="summary_large_image">
<meta name="theme-color" content="#0f172a">${hasCharts ? '\n<link rel="stylesheet" href="/assets/uplot.css">\n<script src="/assets/uplot.js" defer></script>\n<script src="/assets/site.js" defer></script>' : ''}
</head>
<body>
<a class="skip" href="#main">${escapeHtml(w.skip)}</a>
${page.bare ? '' : `<header class="site-header"><a class="brand" href="/">${escapeHtml(site.name)}</a><nav aria-label="${escapeHtml(w.navLabel)}">${nav}</nav></header>`}
<main id="main">
${site.banner && !page.ownBanner && !page.bare ? bannerHtml(localBanner(site.banner, locale)) : ''}<h1>${escapeHtml(page.title)}</h1>
${(page.bare ? page.blocks : withEmbeds(page, site)).map(blockHtml).join('\n')}
</main>
${page.bare ? '' : `<footer class="site-footer"><p>${escapeHtml(w.sources)}${w.gap}${escapeHtml(w.licence)}${w.gap}<a href="${DATA_LICENSE.url}">${DATA_LICENSE.name}</a>${w.stop}${w.gap}${scope}${w.gap}${escapeHtml(w.notAdvice)}</p><p><a href="${markdownHref}">${escapeHtml(w.markdown)}</a> · <a href="/llms.txt">llms.txt</a> · <a href="/api">JSON API</a> · <a href="/openapi.json">OpenAPI</a> · <a href="/changelog">${escapeHtml(w.changelog)}</a> · <a href="/feed.xml">${escapeHtml(w.feed)}</a></p></footer>`}
</body>
</html>
`;
}

/** The page's blocks, each chart with its embed snippets (they name the page's address). */
function withEmbeds(page: Page, site: SiteInfo): Block[] {
  const host = { pageUrl: site.baseUrl + page.path, baseUrl: site.baseUrl, siteName: site.name };
  const walk = (blocks: readonly Block[]): Block[] =>
    blocks.map((b): Block => {
      if (b.kind === 'chart') return { ...b, embed: embedSnippets(b, host) };
      if (b.kind === 'row' || b.kind === 'details') return { ...b, blocks: walk(b.blocks) };
      return b;
    });
  return walk(page.blocks);
}

/** The headline over five years, as PNG: the image social sites show for a link to any page. */
const OG_IMAGE = '/charts/headline.png?days=1826';

function bannerHtml(banner: ReturnType<typeof localBanner>): string {
  const moreLang = banner.moreLang ? ` lang="${banner.moreLang}"` : '';
  const more = banner.more
    ? `${banner.gap}<details><summary>${escapeHtml(banner.more.summary)}</summary><span${moreLang}>${escapeHtml(banner.more.text)}</span></details>`
    : '';
  return `<div class="banner tone-${banner.tone}" role="status"${banner.lang ? ` lang="${banner.lang}"` : ''}><strong>${escapeHtml(banner.title)}</strong>${banner.gap}${escapeHtml(banner.text)}${more}</div>\n`;
}
