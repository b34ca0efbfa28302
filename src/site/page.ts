import { marked } from 'marked';
import { DATA_LICENSE } from '../timeseries/licenses.ts';

/**
 * One page model, two renderings: every site page is built once as a list of blocks, then rendered to HTML and
 * to Markdown from the same blocks, so the Markdown form carries the same content (not a scrape of the HTML).
 */
export type Inline = string | { text: string; href: string } | { strong: string } | { code: string };

export type Block =
  | { kind: 'heading'; level: 2 | 3; text: string; id?: string }
  | { kind: 'paragraph'; inlines: Inline[] }
  | { kind: 'list'; items: Inline[][] }
  | { kind: 'table'; header: string[]; rows: Inline[][][]; caption?: string }
  | { kind: 'image'; src: string; alt: string; width: number; height: number; caption?: string; small?: boolean }
  | ChartBlock
  /** The page's one-line reading, in large type, first on the page. */
  | { kind: 'lead'; inlines: Inline[]; tone?: Tone }
  /** A row of links that look and act as buttons (range choices, prev/next, languages): 44 px tap targets. */
  | { kind: 'links'; label: string; items: Array<{ text: string; href: string; current?: boolean; lang?: string }> }
  /** Collapsed content: a summary line, the blocks shown when opened. */
  | { kind: 'details'; summary: string; blocks: Block[]; open?: boolean }
  /** A table of contents: links to the page's headings. */
  | { kind: 'toc'; items: Array<{ text: string; id: string }> }
  /** Text in another language than the page's (the lens narrative in the chosen locale). */
  | { kind: 'quote'; lang: string; text: string }
  /** A GET form (custom range, comparison): its fields are inputs or selects. */
  | {
      kind: 'form';
      action: string;
      label: string;
      submit: string;
      fields: Array<
        | { name: string; label: string; type: 'date'; value?: string; min?: string; max?: string }
        | { name: string; label: string; type: 'select'; value?: string; options: Array<[string, string]> }
      >;
    }
  /** Month grids of the archive: one table per month, days with a reading linked. */
  | {
      kind: 'calendar';
      months: Array<{ year: number; month: number; days: Map<number, CalendarDay> }>;
    }
  | { kind: 'code'; language: string; text: string }
  | { kind: 'markdown'; source: string }
  | { kind: 'stats'; items: Array<{ label: string; value: string; note?: string; tone?: Tone }> }
  | {
      kind: 'cards';
      items: Array<{
        title: string;
        href: string;
        value: string;
        note: string;
        /** A short state label shown apart from the note (fresh, late, failed, no data). */
        badge?: { text: string; tone: Tone };
        /** Frequency, data date and age. */
        meta?: string;
        /** Whether the last move eases or tightens liquidity. */
        cue?: { text: string; tone: Tone };
        image?: { src: string; alt: string };
      }>;
    }
  | {
      kind: 'matrix';
      caption: string;
      rows: string[];
      columns: string[];
      marked: { row: string; column: string } | null;
      note: string;
    };

export type Tone = 'good' | 'bad' | 'neutral' | 'warn';

/** A day of the archive calendar: its page, and its status as colour and as words (colour alone is not enough). */
export interface CalendarDay {
  href: string;
  tone: Tone;
  label: string;
}

/**
 * A chart: the server-rendered SVG (a 720-px layout, and a 360-px one for phones) that reads without script;
 * where script runs, /assets/site.js replaces it by an interactive chart (tooltip, crosshair) drawn from `data`.
 * Below it: the download links and, collapsed, the data as a table.
 */
export interface ChartBlock {
  kind: 'chart';
  /** /charts/{id}.svg?days=N: the `line` layout; the phone layout adds &style=compact. */
  src: string;
  alt: string;
  caption?: string;
  /** JSON the interactive chart is drawn from: /api/series/{id}?days=N or /api/history; two for a comparison. */
  data: Array<{ url: string; label: string; days?: number; from?: string; to?: string }>;
  downloads: Array<{ text: string; href: string }>;
  table?: { caption: string; header: string[]; rows: string[][]; note?: string };
}

export interface Page {
  /** Path without the .md suffix, e.g. /indicators/tga. */
  path: string;
  title: string;
  description: string;
  blocks: Block[];
  /** The Open Graph / Twitter image (a PNG path); the headline chart when absent. */
  image?: string;
}

export interface SiteInfo {
  name: string;
  baseUrl: string;
  /** Shown at the top of every page when the service is degraded or its data is stale. */
  banner?: Banner | undefined;
}

export interface Banner {
  tone: 'warn' | 'bad';
  title: string;
  text: string;
}

const NAV: Array<[string, string]> = [
  ['/', 'Dashboard'],
  ['/today', 'Today'],
  ['/archive', 'Archive'],
  ['/markets', 'Markets'],
  ['/methodology', 'Methodology'],
  ['/docs', 'API'],
  ['/blog', 'Blog'],
  ['/about', 'About'],
];

/** The id of a heading: "5. Correlations (/api/correlation)" → "5-correlations-api-correlation". */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Rendered Markdown made navigable: h2 and h3 get an id from their text (so a table of contents can link them),
 * and tables and code blocks, which may scroll sideways, become focusable regions a keyboard can scroll.
 */
function accessibleMarkdown(html: string): string {
  return withHeadingIds(html)
    .replace(/<table>/g, '<div class="table-wrap" tabindex="0" role="region" aria-label="Table"><table>')
    .replace(/<\/table>/g, '</table></div>')
    .replace(/<pre>/g, '<pre tabindex="0">');
}

function withHeadingIds(html: string): string {
  return html.replace(/<h([23])>(.*?)<\/h\1>/g, (_, level: string, inner: string) => {
    const text = inner
      .replace(/<[^>]+>/g, '')
      .replace(
        /&(amp|lt|gt|quot|#39);/g,
        (entity: string) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" })[entity]!,
      );
    return `<h${level} id="${headingId(text)}">${inner}</h${level}>`;
  });
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
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

function inlineMarkdown(inlines: Inline[]): string {
  return inlines
    .map((part) => {
      if (typeof part === 'string') return part.replace(/([\\`*_[\]|])/g, '\\$1');
      if ('href' in part) return `[${part.text}](${part.href})`;
      if ('strong' in part) return `**${part.strong}**`;
      return `\`${part.code}\``;
    })
    .join('');
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'chart':
      return chartHtml(block);
    case 'lead':
      return `<p class="lead${block.tone ? ` tone-${block.tone}` : ''}">${inlineHtml(block.inlines)}</p>`;
    case 'links':
      return `<nav class="pills" aria-label="${escapeHtml(block.label)}"><ul>${block.items
        .map(
          (item) =>
            `<li><a href="${escapeHtml(item.href)}"${item.current ? ' aria-current="page"' : ''}${item.lang ? ` lang="${escapeHtml(item.lang)}" hreflang="${escapeHtml(item.lang)}"` : ''}>${escapeHtml(item.text)}</a></li>`,
        )
        .join('')}</ul></nav>`;
    case 'details':
      return `<details${block.open ? ' open' : ''}><summary>${escapeHtml(block.summary)}</summary>${block.blocks.map(blockHtml).join('\n')}</details>`;
    case 'toc':
      return `<nav class="toc" aria-label="On this page"><h2 class="toc-title">On this page</h2><ol>${block.items
        .map((item) => `<li><a href="#${escapeHtml(item.id)}">${escapeHtml(item.text)}</a></li>`)
        .join('')}</ol></nav>`;
    case 'quote':
      return `<blockquote lang="${escapeHtml(block.lang)}">${escapeHtml(block.text)}</blockquote>`;
    case 'form':
      return formHtml(block);
    case 'calendar':
      return block.months.map(monthHtml).join('\n');
    case 'heading':
      return `<h${block.level}${block.id ? ` id="${escapeHtml(block.id)}"` : ''}>${escapeHtml(block.text)}</h${block.level}>`;
    case 'paragraph':
      return `<p>${inlineHtml(block.inlines)}</p>`;
    case 'list':
      return `<ul>${block.items.map((item) => `<li>${inlineHtml(item)}</li>`).join('')}</ul>`;
    case 'table':
      return `<div class="table-wrap" tabindex="0" role="region" aria-label="${escapeHtml(block.caption ?? block.header.join(', '))}"><table>${block.caption ? `<caption>${escapeHtml(block.caption)}</caption>` : ''}<thead><tr>${block.header
        .map((h) => `<th scope="col">${escapeHtml(h)}</th>`)
        .join(
          '',
        )}</tr></thead><tbody>${block.rows.map((row) => `<tr>${row.map((cell) => `<td>${inlineHtml(cell)}</td>`).join('')}</tr>`).join('')}</tbody></table></div>`;
    case 'image':
      return `<figure class="chart${block.small ? ' small' : ''}"><img src="${escapeHtml(block.src)}" alt="${escapeHtml(block.alt)}" width="${block.width}" height="${block.height}" loading="lazy">${
        block.caption ? `<figcaption>${escapeHtml(block.caption)}</figcaption>` : ''
      }</figure>`;
    case 'code':
      return `<pre tabindex="0" aria-label="${escapeHtml(block.language)} example"><code class="language-${escapeHtml(block.language)}">${escapeHtml(block.text)}</code></pre>`;
    case 'markdown':
      return `<div class="prose">${accessibleMarkdown(marked.parse(block.source, { async: false }))}</div>`;
    case 'stats':
      return `<dl class="stats">${block.items
        .map(
          (item) =>
            `<div class="stat${item.tone ? ` tone-${item.tone}` : ''}"><dt>${escapeHtml(item.label)}</dt><dd>${escapeHtml(item.value)}${
              item.note ? `<span class="note">${escapeHtml(item.note)}</span>` : ''
            }</dd></div>`,
        )
        .join('')}</dl>`;
    case 'cards':
      return `<ul class="cards">${block.items
        .map(
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
        )
        .join('')}</ul>`;
    case 'matrix':
      return `<div class="table-wrap" tabindex="0" role="region" aria-label="${escapeHtml(block.caption)}"><table class="matrix"><caption>${escapeHtml(block.caption)}</caption><thead><tr><th scope="col">posture \\ pulse</th>${block.columns
        .map((c) => `<th scope="col">${escapeHtml(c)}</th>`)
        .join('')}</tr></thead><tbody>${block.rows
        .map(
          (row) =>
            `<tr><th scope="row">${escapeHtml(row)}</th>${block.columns
              .map((column) => {
                const current = block.marked?.row === row && block.marked.column === column;
                return current ? `<td class="current" aria-current="true">● current</td>` : '<td></td>';
              })
              .join('')}</tr>`,
        )
        .join('')}</tbody></table></div><p class="note">${escapeHtml(block.note)}</p>`;
  }
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function chartHtml(block: ChartBlock): string {
  const compact = `${block.src}${block.src.includes('?') ? '&' : '?'}style=compact`;
  const data = escapeHtml(JSON.stringify(block.data));
  const table = block.table
    ? `<details class="data"><summary>View the data (${block.table.rows.length} rows)</summary>${block.table.note ? `<p class="note">${escapeHtml(block.table.note)}</p>` : ''}<div class="table-wrap scroll" tabindex="0" role="region" aria-label="${escapeHtml(block.table.caption)}"><table><caption>${escapeHtml(block.table.caption)}</caption><thead><tr>${block.table.header
        .map((h) => `<th scope="col">${escapeHtml(h)}</th>`)
        .join('')}</tr></thead><tbody>${block.table.rows
        .map(
          (row) =>
            `<tr>${row.map((cell, i) => (i === 0 ? `<th scope="row">${escapeHtml(cell)}</th>` : `<td>${escapeHtml(cell)}</td>`)).join('')}</tr>`,
        )
        .join('')}</tbody></table></div></details>`
    : '';
  return `<figure class="chart" data-chart="${data}"><picture><source media="(max-width: 759px)" srcset="${escapeHtml(compact)}" width="360" height="260"><img src="${escapeHtml(block.src)}" alt="${escapeHtml(block.alt)}" width="720" height="300" loading="lazy"></picture>${
    block.caption ? `<figcaption>${escapeHtml(block.caption)}</figcaption>` : ''
  }<p class="downloads">Download: ${block.downloads
    .map((d) => `<a href="${escapeHtml(d.href)}" download>${escapeHtml(d.text)}</a>`)
    .join(' ')}</p>${table}</figure>`;
}

function formHtml(block: Extract<Block, { kind: 'form' }>): string {
  const fields = block.fields
    .map((f) => {
      const id = `f-${f.name}`;
      const label = `<label for="${id}">${escapeHtml(f.label)}</label>`;
      if (f.type === 'date') {
        return `<div class="field">${label}<input type="date" id="${id}" name="${escapeHtml(f.name)}"${f.value ? ` value="${escapeHtml(f.value)}"` : ''}${f.min ? ` min="${escapeHtml(f.min)}"` : ''}${f.max ? ` max="${escapeHtml(f.max)}"` : ''}></div>`;
      }
      return `<div class="field">${label}<select id="${id}" name="${escapeHtml(f.name)}">${f.options
        .map(
          ([value, text]) =>
            `<option value="${escapeHtml(value)}"${value === f.value ? ' selected' : ''}>${escapeHtml(text)}</option>`,
        )
        .join('')}</select></div>`;
    })
    .join('');
  return `<form class="query" method="get" action="${escapeHtml(block.action)}" aria-label="${escapeHtml(block.label)}">${fields}<button type="submit">${escapeHtml(block.submit)}</button></form>`;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** One month as a Monday-first grid; days with a reading link to their page, coloured by status. */
function monthHtml(m: { year: number; month: number; days: Map<number, CalendarDay> }): string {
  const first = new Date(Date.UTC(m.year, m.month - 1, 1));
  const length = new Date(Date.UTC(m.year, m.month, 0)).getUTCDate();
  const offset = (first.getUTCDay() + 6) % 7;
  const cells: string[] = Array.from({ length: offset }, () => '<td></td>');
  for (let day = 1; day <= length; day++) {
    const hit = m.days.get(day);
    cells.push(
      hit ? `<td class="tone-${hit.tone}"><a href="${escapeHtml(hit.href)}">${day}</a></td>` : `<td>${day}</td>`,
    );
  }
  while (cells.length % 7 !== 0) cells.push('<td></td>');
  const rows: string[] = [];
  for (let i = 0; i < cells.length; i += 7) rows.push(`<tr>${cells.slice(i, i + 7).join('')}</tr>`);
  const title = `${MONTHS[m.month - 1]} ${m.year}`;
  return `<table class="calendar"><caption>${title}</caption><thead><tr>${WEEKDAYS.map((d) => `<th scope="col">${d}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function blockMarkdown(block: Block): string {
  switch (block.kind) {
    case 'chart': {
      const parts = [`![${block.alt}](${block.src})`];
      if (block.caption) parts.push(block.caption);
      parts.push(`Download: ${block.downloads.map((d) => `[${d.text}](${d.href})`).join(' · ')}`);
      return parts.join('\n\n');
    }
    case 'lead':
      return `**${inlineMarkdown(block.inlines)}**`;
    case 'links':
      return `${block.label}: ${block.items.map((i) => (i.current ? `**${i.text}**` : `[${i.text}](${i.href})`)).join(' · ')}`;
    case 'details':
      return `**${block.summary}**\n\n${block.blocks.map(blockMarkdown).join('\n\n')}`;
    case 'toc':
      return block.items.map((item, i) => `${i + 1}. [${item.text}](#${item.id})`).join('\n');
    case 'quote':
      return `> ${block.text}`;
    case 'form':
      return '';
    case 'calendar':
      return block.months
        .map(
          (m) =>
            `- ${MONTHS[m.month - 1]} ${m.year}: ${[...m.days].map(([day, d]) => `[${day}](${d.href})`).join(' ')}`,
        )
        .join('\n');
    case 'heading':
      return `${'#'.repeat(block.level)} ${block.text}`;
    case 'paragraph':
      return inlineMarkdown(block.inlines);
    case 'list':
      return block.items.map((item) => `- ${inlineMarkdown(item)}`).join('\n');
    case 'table': {
      const lines = [`| ${block.header.join(' | ')} |`, `|${block.header.map(() => '---').join('|')}|`];
      for (const row of block.rows) lines.push(`| ${row.map((cell) => inlineMarkdown(cell)).join(' | ')} |`);
      return (block.caption ? `${block.caption}\n\n` : '') + lines.join('\n');
    }
    case 'image':
      return `![${block.alt}](${block.src})${block.caption ? `\n\n${block.caption}` : ''}`;
    case 'code':
      return `\`\`\`${block.language}\n${block.text}\n\`\`\``;
    case 'markdown':
      return block.source.trim();
    case 'stats':
      return block.items
        .map((item) => `- **${item.label}:** ${item.value}${item.note ? ` (${item.note})` : ''}`)
        .join('\n');
    case 'cards':
      return block.items
        .map(
          (card) =>
            `- [${card.title}](${card.href}.md): ${card.value}${card.badge ? ` [${card.badge.text}]` : ''}${card.cue ? ` ${card.cue.text}` : ''} — ${[card.meta, card.note].filter(Boolean).join(' · ')}`,
        )
        .join('\n');
    case 'matrix': {
      const lines = [
        `| posture \\ pulse | ${block.columns.join(' | ')} |`,
        `|---|${block.columns.map(() => '---').join('|')}|`,
      ];
      for (const row of block.rows) {
        lines.push(
          `| ${row} | ${block.columns.map((c) => (block.marked?.row === row && block.marked.column === c ? '● current' : '')).join(' | ')} |`,
        );
      }
      return `${block.caption}\n\n${lines.join('\n')}\n\n${block.note}`;
    }
  }
}

export function renderHtml(page: Page, site: SiteInfo): string {
  const nav = NAV.map(
    ([href, label]) =>
      `<a href="${href}"${href === page.path || (href !== '/' && page.path.startsWith(`${href}/`)) ? ' aria-current="page"' : ''}>${label}</a>`,
  ).join('');
  const markdownHref = page.path === '/' ? '/index.md' : `${page.path}.md`;
  const hasCharts = containsChart(page.blocks);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} · ${escapeHtml(site.name)}</title>
<meta name="description" content="${escapeHtml(page.description)}">
<link rel="stylesheet" href="/assets/site.css">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="alternate" type="text/markdown" href="${markdownHref}">
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
<a class="skip" href="#main">Skip to content</a>
<header class="site-header"><a class="brand" href="/">${escapeHtml(site.name)}</a><nav aria-label="Main">${nav}</nav></header>
<main id="main">
${site.banner ? bannerHtml(site.banner) : ''}<h1>${escapeHtml(page.title)}</h1>
${page.blocks.map(blockHtml).join('\n')}
</main>
<footer class="site-footer"><p>Data: FRED, U.S. Treasury Fiscal Data, New York Fed, market prices. Licence: <a href="${DATA_LICENSE.url}">${DATA_LICENSE.name}</a>. ${escapeHtml(DATA_LICENSE.scope)} Information only, not investment advice.</p><p><a href="${markdownHref}">This page as Markdown</a> · <a href="/llms.txt">llms.txt</a> · <a href="/api">JSON API</a> · <a href="/openapi.json">OpenAPI</a></p></footer>
</body>
</html>
`;
}

/** The headline over five years, as PNG: the image social sites show for a link to any page. */
const OG_IMAGE = '/charts/headline.png?days=1826';

function containsChart(blocks: readonly Block[]): boolean {
  return blocks.some((b) => b.kind === 'chart' || (b.kind === 'details' && containsChart(b.blocks)));
}

function bannerHtml(banner: Banner): string {
  return `<div class="banner tone-${banner.tone}" role="status"><strong>${escapeHtml(banner.title)}</strong> ${escapeHtml(banner.text)}</div>\n`;
}

export function renderMarkdown(page: Page, site: SiteInfo): string {
  const body = page.blocks.map(blockMarkdown).join('\n\n');
  const banner = site.banner ? `> **${site.banner.title}** ${site.banner.text}\n\n` : '';
  return `# ${page.title}\n\n${banner}> ${page.description}\n\n${body}\n\n---\n\n${site.name} · ${site.baseUrl}${page.path} · licence ${DATA_LICENSE.name}: ${DATA_LICENSE.scope} · information only, not investment advice.\n`;
}
