import { DATA_LICENSE } from '../../timeseries/licenses.ts';
import { frameWords, localBanner, pageLocale } from '../words/frame.ts';
import { type Block, type Inline, monthTitle, type Page, type SiteInfo } from './page.ts';

/**
 * Markdown passes raw HTML through to whatever renders it, and pages quote what a request sent (an error page
 * names the bad query value): `<`, `>` and `&` in text are written as entities, which every renderer shows as the
 * characters. Example: text('days "<b>"') = 'days "&lt;b&gt;"'.
 */
export function text(value: string): string {
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

function blockMarkdown(block: Block): string {
  switch (block.kind) {
    case 'chart': {
      const parts = [`![${block.alt}](${block.src})`];
      if (block.caption) parts.push(block.caption);
      parts.push(`Download: ${block.downloads.map((d) => `[${d.text}](${d.href})`).join(' · ')}`);
      return parts.join('\n\n');
    }
    case 'notice':
      return [
        `> ${inlineMarkdown(block.inlines)}`,
        ...(block.more
          ? ['>', `> ${block.more.summary}:`, ...block.more.items.map((i) => `> - ${inlineMarkdown(i)}`)]
          : []),
      ].join('\n');
    case 'lead':
      // The whole lead in bold, part by part: bold inside bold (a lead that stresses a sentence) would not nest.
      return inlineMarkdown(block.inlines.map((part) => (typeof part === 'string' ? { strong: part } : part)));
    case 'row':
      return block.blocks.map(blockMarkdown).join('\n\n');
    case 'links':
      return `${block.label}: ${block.items.map((i) => (i.current ? `**${i.text}**` : `[${i.text}](${i.href})`)).join(' · ')}`;
    case 'details':
      return `**${block.summary}**\n\n${block.blocks.map(blockMarkdown).join('\n\n')}`;
    case 'toc':
      return block.items.map((item, i) => `${i + 1}. [${item.text}](#${item.id})`).join('\n');
    case 'quote':
      return `> ${text(block.text)}`;
    case 'form':
      return '';
    case 'calendar':
      return block.months
        .map(
          (m) =>
            `- ${monthTitle(m.year, m.month)}: ${[...m.days].map(([day, d]) => `[${day}](${d.href} "${d.label}")`).join(' ')}`,
        )
        .join('\n');
    case 'heading':
      return `${'#'.repeat(block.level)} ${text(block.text)}`;
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
        `| ${block.corner ?? 'posture \\ pulse'} | ${block.columns.join(' | ')} |`,
        `|---|${block.columns.map(() => '---').join('|')}|`,
      ];
      for (const row of block.rows) {
        lines.push(
          `| ${row} | ${block.columns.map((c) => (block.marked?.row === row && block.marked.column === c ? (block.current ?? '● current') : '')).join(' | ')} |`,
        );
      }
      return `${block.caption}\n\n${lines.join('\n')}\n\n${block.note}`;
    }
  }
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
