import type { ChartBlock } from './page.ts';

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

/** The name of one download: what it holds, its date (or span), the link's extension. */
export function fileName(what: string, to: string | undefined, href: string): string {
  const path = href.split('?')[0]!;
  const extension = /\.(csv|svg|png|xlsx|md)$/.exec(path)?.[1] ?? 'json';
  return `${what}${to ? `-${to}` : ''}.${extension}`;
}
