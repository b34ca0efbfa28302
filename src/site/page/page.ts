/**
 * One page model, two renderings: every site page is built once as a list of blocks, then rendered to HTML and
 * to Markdown from the same blocks, so the Markdown form carries the same content (not a scrape of the HTML).
 */
export type Inline = string | { text: string; href: string } | { strong: string } | { code: string };

export type Block =
  | { kind: 'heading'; level: 2 | 3 | 4; text: string; id?: string }
  /** `aside`: supplementary text, shown small, and left out on narrow screens. */
  | { kind: 'paragraph'; inlines: Inline[]; aside?: boolean }
  | { kind: 'list'; items: Inline[][] }
  | { kind: 'table'; header: string[]; rows: Inline[][][]; caption?: string }
  | { kind: 'image'; src: string; alt: string; width: number; height: number; caption?: string; small?: boolean }
  | ChartBlock
  /** Blocks side by side on wide screens, stacked on narrow ones (the gauge beside its figures). */
  | { kind: 'row'; blocks: Block[] }
  /**
   * A compact line on the data's state (how fresh, how much of the model it covers), the details behind `more`:
   * the dashboard's, after its reading.
   */
  | {
      kind: 'notice';
      tone: 'warn' | 'neutral';
      inlines: Inline[];
      more?: { summary: string; items: Inline[][] };
    }
  /** The page's one-line reading, in large type, first on the page. */
  | { kind: 'lead'; inlines: Inline[]; tone?: Tone }
  /** A row of links that look and act as buttons (range choices, prev/next, languages): 44 px tap targets. */
  | { kind: 'links'; label: string; items: Array<{ text: string; href: string; current?: boolean; lang?: string }> }
  /**
   * Collapsed content: a summary line, the blocks shown when opened; `id` a section's anchor (a link to it opens
   * it: browsers open a <details> that holds the target, and site.js does for those that do not).
   */
  | { kind: 'details'; summary: string; blocks: Block[]; id?: string }
  /** A table of contents: links to the page's headings; collapsed under its title (a phone sees the page first). */
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
      /** The corner cell and the marked cell's text, in the page's language. */
      corner: string;
      current: string;
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
  /**
   * JSON the interactive chart is drawn from: /api/series/{id}?days=N or /api/history; two for a comparison; for a
   * stacked chart (`head.stack`) one per part, bottom up, then their total. `color` where the static chart gives the
   * line its own (the level's parts).
   */
  data: Array<{
    url: string;
    label: string;
    days?: number;
    from?: string;
    to?: string;
    field?: string;
    color?: string;
  }>;
  /**
   * What the static chart shows besides its lines, for the interactive one to show too: its title, unit and scale
   * (ChartHeadLine, ChartHeadCorrelation). Its legend (each line's label, colour and last value) is drawn from `data`.
   */
  head?: ChartHeadLine | ChartHeadCorrelation;
  /** Each download, saved under `filename` (what it holds and when: tga-2026-08-27.csv). */
  downloads: Array<{ text: string; href: string; filename: string }>;
  /**
   * The data behind the chart; `total` when the rows are only the latest of more (the summary says so), `more` the
   * page whose table has every row.
   */
  table?: {
    caption: string;
    header: string[];
    rows: string[][];
    note?: string;
    total?: number;
    more?: { text: string; href: string };
  };
  /**
   * How to embed the chart elsewhere (charts/embed.ts): the linked image with its citation, and the iframe of the
   * interactive chart; filled in when the page is rendered (it needs the page's address).
   */
  embed?: { image: string; iframe: string };
  /** Drawn on its embed page (/embed/{id}): no embed snippets of its own. */
  embedded?: boolean;
}

/**
 * A line chart's head: `scale` a fixed 0–100 axis, with the risk-off (80–100) and risk-on (0–20) bands for `bands`;
 * `mark` a day the chart marks (a day page's own); `stack` when the data are the parts of a total (stacked, the
 * total drawn over them).
 */
export interface ChartHeadLine {
  title: string;
  unit: string;
  scale?: 'bands' | 'percent';
  mark?: string;
  stack?: boolean;
}

/** A correlation chart's head: a fixed −1…1 axis with the values within chance (|ρ| < chance) shaded. */
interface ChartHeadCorrelation {
  title: string;
  unit: string;
  scale: 'correlation';
  chance: number;
}

export interface Page {
  /** Path without the .md suffix, e.g. /indicators/tga. */
  path: string;
  /** The language of the page's content when it is not English (the lens in another locale). */
  lang?: string;
  title: string;
  description: string;
  blocks: Block[];
  /** The Open Graph / Twitter image (a PNG path); the headline chart when absent. */
  image?: string;
  /**
   * The page states the data's state itself, after its reading (the dashboard's notice): the site's banner, which
   * would come before everything, is left out.
   */
  ownBanner?: boolean;
  /** A chart alone, to be shown in another site's <iframe> (/embed/{id}): no header, menu or footer. */
  bare?: boolean;
}

export interface SiteInfo {
  name: string;
  baseUrl: string;
  /** Shown at the top of every page when the service is degraded or its data is stale. */
  banner?: Banner | undefined;
}

export interface Banner {
  /** Detail a reader may open (which series failed, and why), kept out of the first screen on a phone. */
  more?: { summary: string; text: string };
  tone: 'warn' | 'bad';
  title: string;
  text: string;
  /** The facts of a stale-data banner, for writing it in another language (words/frame.ts localBanner). */
  stale?: { date: string; ageDays: number; failures: number };
}

/** A heading, with its anchor where a link points at it. */
export function heading(level: 2 | 3 | 4, text: string, id?: string): Block {
  return { kind: 'heading', level, text, id };
}

/** A table: its column headers, its rows (each cell text and links) and what it shows. */
export function table(header: string[], rows: Inline[][][], caption?: string): Block {
  return { kind: 'table', header, rows, caption };
}

/** The page's one-line reading, in large type (a tone of its own is written out as the block). */
export function lead(...inlines: Inline[]): Block {
  return { kind: 'lead', inlines };
}

/**
 * Text with its `code`, **strong** words and [links](/href) written inline, as the parts a block holds. Example:
 * inlines('See [the API](/api) or `curl`.') → ['See ', { text: 'the API', href: '/api' }, ' or ', { code: 'curl' }, '.'].
 */
export function inlines(source: string): Inline[] {
  // The odd parts are what the pattern matched: a code span or a link.
  return source.split(/(`[^`]+`|\*\*[^*]+\*\*|\[[^\]]+\]\([^)]+\))/).flatMap((part, k): Inline[] => {
    if (k % 2 === 0) return part === '' ? [] : [part];
    if (part.startsWith('`')) return [{ code: part.slice(1, -1) }];
    if (part.startsWith('**')) return [{ strong: part.slice(2, -2) }];
    const [, text, href] = /^\[(.+)\]\((.+)\)$/.exec(part)!;
    return [{ text: text!, href: href! }];
  });
}

/** A paragraph written as text with inline `code`, **strong** words and [links](/href) (see inlines). */
export function prose(source: string): Block {
  return paragraph(...inlines(source));
}

/** A paragraph of text and links. */
export function paragraph(...inlines: Inline[]): Block {
  return { kind: 'paragraph', inlines };
}

/** A bulleted list, an item a line of text and links. */
export function list(...items: Inline[][]): Block {
  return { kind: 'list', items };
}

/** The id of a heading: "5. Correlations (/api/correlation)" → "5-correlations-api-correlation". */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const MONTH_TITLE = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A calendar month's title: (2026, 8) → "August 2026". */
export function monthTitle(year: number, month: number): string {
  return MONTH_TITLE.format(new Date(Date.UTC(year, month - 1, 1)));
}
