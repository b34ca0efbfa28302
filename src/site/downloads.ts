import type { ChartQuery } from '../publish/site-port.ts';
import type { ChartBlock } from './page/page.ts';

/**
 * A chart's downloads, each saved under a name that says what it holds and to when: "tga-2026-08-27.csv",
 * "headline-2026-08-27.png", "tga-2025-01-01-to-2026-08-26.svg" — not "history.csv" or "tga.svg", which a
 * downloads folder cannot tell apart. The extension is the link's own (.csv, .svg, .png, .xlsx; JSON otherwise).
 * Example: named('tga', '2026-08-27', [{ text: 'PNG', href: '/charts/tga.png?days=365' }])
 *   → [{ text: 'PNG', href: '/charts/tga.png?days=365', filename: 'tga-2026-08-27.png' }].
 */
export function named(
  what: string,
  to: string | undefined,
  links: ReadonlyArray<{ text: string; href: string }>,
): ChartBlock['downloads'] {
  return links.map((link) => ({ ...link, filename: fileName(what, to, link.href) }));
}

/** A chart's SVG and PNG (/charts/{chart}.svg and .png, with the query), named as `named` names them. */
export function chartImages(what: string, to: string | undefined, chart: string, query = ''): ChartBlock['downloads'] {
  return named(what, to, [
    { text: 'SVG', href: `/charts/${chart}.svg${query}` },
    { text: 'PNG', href: `/charts/${chart}.png${query}` },
  ]);
}

/** The name of one download: what it holds, its date (or span), the link's extension. */
export function fileName(what: string, to: string | undefined, href: string): string {
  const path = href.split('?')[0]!;
  const extension = /\.(csv|svg|png|xlsx|md)$/.exec(path)?.[1] ?? 'json';
  return `${what}${to ? `-${to}` : ''}.${extension}`;
}

/**
 * The name a chart image is saved under (its Content-Disposition): the chart, what it is compared with, and the
 * span or the date its data runs to. Example: ('tga', { days: 365 }, compare onrrp, to 2026-08-27, 'png') →
 * "tga-vs-onrrp-2026-08-27.png"; a date range → "tga-2025-01-01-to-2026-08-26.svg".
 */
export function chartFileName(id: string, query: ChartQuery, to: string | undefined, format: 'svg' | 'png'): string {
  const window = query.window;
  const what = query.compare ? `${id}-vs-${query.compare}` : id;
  if (window && 'start' in window) return `${what}-${window.start}-to-${window.end ?? to ?? 'latest'}.${format}`;
  // A day page's chart names its day already (contributions-2026-07-03).
  if (/\d{4}-\d{2}-\d{2}$/.test(id) || !to) return `${what}.${format}`;
  return `${what}-${to}.${format}`;
}
