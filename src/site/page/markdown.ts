import { DATA_LICENSE } from '../../timeseries/licenses.ts';
import { frameWords, localBanner, pageLocale } from '../words/frame.ts';
import { type Block, type Inline, monthTitle, type Page, type SiteInfo } from './page.ts';

/**
 * Markdown passes raw HTML through to whatever renders it, and pages quote what a request sent (an error page
 * names the bad query value): `<`, `>` and `&` in text are written as entities, which every renderer shows as the
 * characters. Example: text('days "<b>"') = 'days "&lt;b&gt;"'.
 */
function text(value: string): string {
  return value.replace(/[<>&]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&amp;'));
}

/** The Markdown rendering of a page model: the same content as the HTML, for readers and agents that want text. */
function inlineMarkdown(inlines: Inline[]): string {
  return inlines
    .map((part) => {
      if (typeof part === 'string') return text(part).replace(/([\\`*_[\]|])/g, '\\$1');
      if ('href' in part) return `[${text(part.text)}](${part.href})`;
      if ('strong' in part) return strong(text(part.strong).replace(/([\\`*_[\]|])/g, '\\$1'));
      return `\`${part.code}\``;
    })
    .join('');
}

/**
 * Bold text whose spaces stay outside the asterisks: "**a **b" is not bold in Markdown (a closing ** may not
 * follow a space) and shows its asterisks. Example: strong('Posture tight. ') = '**Posture tight.** '.
 */
function strong(value: string): string {
  const core = value.trim();
  if (core === '') return value;
  const start = value.indexOf(core);
  return `${value.slice(0, start)}**${core}**${value.slice(start + core.length)}`;
}

/** Each kind of block's Markdown (a declarative table: one renderer a kind). */
const BLOCK_MARKDOWN: { [K in Block['kind']]: (block: Extract<Block, { kind: K }>) => string } = {
  chart: (block) => {
    const parts = [`![${block.alt}](${block.src})`];
    if (block.caption) parts.push(block.caption);
    parts.push(`Download: ${block.downloads.map((d) => `[${d.text}](${d.href})`).join(' · ')}`);
    return parts.join('\n\n');
  },
  notice: (block) =>
    [
      `> ${inlineMarkdown(block.inlines)}`,
      ...(block.more
        ? ['>', `> ${block.more.summary}:`, ...block.more.items.map((i) => `> - ${inlineMarkdown(i)}`)]
        : []),
    ].join('\n'),
  // The whole lead in bold, part by part: bold inside bold (a lead that stresses a sentence) would not nest.
  lead: (block) => inlineMarkdown(block.inlines.map((part) => (typeof part === 'string' ? { strong: part } : part))),
  row: (block) => block.blocks.map(blockMarkdown).join('\n\n'),
  links: (block) =>
    `${block.label}: ${block.items.map((i) => (i.current ? `**${i.text}**` : `[${i.text}](${i.href})`)).join(' · ')}`,
  details: (block) => `**${block.summary}**\n\n${block.blocks.map(blockMarkdown).join('\n\n')}`,
  toc: (block) => block.items.map((item, i) => `${i + 1}. [${item.text}](#${item.id})`).join('\n'),
  quote: (block) => `> ${text(block.text)}`,
  form: () => '',
  calendar: (block) =>
    block.months
      .map(
        (m) =>
          `- ${monthTitle(m.year, m.month)}: ${[...m.days].map(([day, d]) => `[${day}](${d.href} "${d.label}")`).join(' ')}`,
      )
      .join('\n'),
  heading: (block) => `${'#'.repeat(block.level)} ${text(block.text)}`,
  paragraph: (block) => inlineMarkdown(block.inlines),
  list: (block) => block.items.map((item) => `- ${inlineMarkdown(item)}`).join('\n'),
  table: (block) =>
    (block.caption ? `${block.caption}\n\n` : '') +
    pipeTable(
      block.header,
      block.rows.map((row) => row.map((cell) => inlineMarkdown(cell))),
    ),
  image: (block) => `![${block.alt}](${block.src})${block.caption ? `\n\n${block.caption}` : ''}`,
  code: (block) => `\`\`\`${block.language}\n${block.text}\n\`\`\``,
  markdown: (block) => block.source.trim(),
  stats: (block) =>
    block.items.map((item) => `- **${item.label}:** ${item.value}${item.note ? ` (${item.note})` : ''}`).join('\n'),
  cards: (block) =>
    block.items
      .map(
        (card) =>
          `- [${card.title}](${card.href}.md): ${card.value}${card.badge ? ` [${card.badge.text}]` : ''}${card.cue ? ` ${card.cue.text}` : ''} — ${[card.meta, card.note].filter(Boolean).join(' · ')}`,
      )
      .join('\n'),
  matrix: (block) => {
    const rows = block.rows.map((row) => [
      row,
      ...block.columns.map((column) =>
        block.marked?.row === row && block.marked.column === column ? block.current : '',
      ),
    ]);
    return `${block.caption}\n\n${pipeTable([block.corner, ...block.columns], rows)}\n\n${block.note}`;
  },
};

/** A pipe table: the header, the rule under it, a row a line. */
function pipeTable(header: readonly string[], rows: readonly string[][]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

function blockMarkdown(block: Block): string {
  return (BLOCK_MARKDOWN[block.kind] as (block: Block) => string)(block);
}

export function renderMarkdown(page: Page, site: SiteInfo): string {
  const locale = pageLocale(page);
  const body = page.blocks.map(blockMarkdown).join('\n\n');
  const local = site.banner && !page.ownBanner ? localBanner(site.banner, locale) : undefined;
  const more = local?.more ? `${local.gap}${text(local.more.text)}` : '';
  const banner = local ? `> **${text(local.title)}**${local.gap}${text(local.text)}${more}\n\n` : '';
  // The footer in the page's language, as the HTML's (words/frame.ts).
  const w = frameWords(locale);
  const footer =
    locale === 'en'
      ? `licence ${DATA_LICENSE.name}: ${DATA_LICENSE.scope} · information only, not investment advice.`
      : `${w.licence}${w.gap}${DATA_LICENSE.name}${w.stop}${w.gap}${w.scope ?? DATA_LICENSE.scope} · ${w.notAdvice}`;
  return `# ${text(page.title)}\n\n${banner}> ${text(page.description)}\n\n${body}\n\n---\n\n${site.name} · ${site.baseUrl}${page.path} · ${footer}\n`;
}
