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

export interface Page {
  /** Path without the .md suffix, e.g. /indicators/tga. */
  path: string;
  title: string;
  description: string;
  blocks: Block[];
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
  ['/methodology', 'Methodology'],
  ['/docs', 'API'],
  ['/blog', 'Blog'],
  ['/about', 'About'],
];

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
    case 'heading':
      return `<h${block.level}${block.id ? ` id="${escapeHtml(block.id)}"` : ''}>${escapeHtml(block.text)}</h${block.level}>`;
    case 'paragraph':
      return `<p>${inlineHtml(block.inlines)}</p>`;
    case 'list':
      return `<ul>${block.items.map((item) => `<li>${inlineHtml(item)}</li>`).join('')}</ul>`;
    case 'table':
      return `<div class="table-wrap"><table>${block.caption ? `<caption>${escapeHtml(block.caption)}</caption>` : ''}<thead><tr>${block.header
        .map((h) => `<th scope="col">${escapeHtml(h)}</th>`)
        .join(
          '',
        )}</tr></thead><tbody>${block.rows.map((row) => `<tr>${row.map((cell) => `<td>${inlineHtml(cell)}</td>`).join('')}</tr>`).join('')}</tbody></table></div>`;
    case 'image':
      return `<figure class="chart${block.small ? ' small' : ''}"><img src="${escapeHtml(block.src)}" alt="${escapeHtml(block.alt)}" width="${block.width}" height="${block.height}" loading="lazy">${
        block.caption ? `<figcaption>${escapeHtml(block.caption)}</figcaption>` : ''
      }</figure>`;
    case 'code':
      return `<pre><code class="language-${escapeHtml(block.language)}">${escapeHtml(block.text)}</code></pre>`;
    case 'markdown':
      return `<div class="prose">${marked.parse(block.source, { async: false })}</div>`;
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
            `<li class="card"><a href="${escapeHtml(card.href)}"><span class="card-title">${escapeHtml(card.title)}</span>${
              card.badge ? `<span class="badge tone-${card.badge.tone}">${escapeHtml(card.badge.text)}</span>` : ''
            }<span class="card-value">${escapeHtml(card.value)}</span><span class="card-note">${escapeHtml(card.note)}</span>${
              card.image
                ? `<img src="${escapeHtml(card.image.src)}" alt="${escapeHtml(card.image.alt)}" width="200" height="48" loading="lazy">`
                : ''
            }</a></li>`,
        )
        .join('')}</ul>`;
    case 'matrix':
      return `<div class="table-wrap"><table class="matrix"><caption>${escapeHtml(block.caption)}</caption><thead><tr><th scope="col">posture \\ pulse</th>${block.columns
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

function blockMarkdown(block: Block): string {
  switch (block.kind) {
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
            `- [${card.title}](${card.href}.md): ${card.value}${card.badge ? ` [${card.badge.text}]` : ''} — ${card.note}`,
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

function bannerHtml(banner: Banner): string {
  return `<div class="banner tone-${banner.tone}" role="status"><strong>${escapeHtml(banner.title)}</strong> ${escapeHtml(banner.text)}</div>\n`;
}

export function renderMarkdown(page: Page, site: SiteInfo): string {
  const body = page.blocks.map(blockMarkdown).join('\n\n');
  const banner = site.banner ? `> **${site.banner.title}** ${site.banner.text}\n\n` : '';
  return `# ${page.title}\n\n${banner}> ${page.description}\n\n${body}\n\n---\n\n${site.name} · ${site.baseUrl}${page.path} · licence ${DATA_LICENSE.name}: ${DATA_LICENSE.scope} · information only, not investment advice.\n`;
}
