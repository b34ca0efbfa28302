import type { SiteData } from './site-data.ts';

/**
 * What crawlers read: robots.txt (pages and charts may be crawled — social sites fetch the chart image; the API
 * is data, and pages with a query are variants of a page without one) and a sitemap of every page, archive days
 * included.
 */
export function robotsTxt(baseUrl: string): string {
  // The longest matching rule wins (RFC 9309 §2.2.2). The API is open to fetchers, an agent's or a user's, with its
  // bounded parameters (days, lang…); its unbounded spaces (asOf instants, start/end ranges) and every other
  // query variant (pages, charts) are left to the sitemap's one URL per page.
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /*?',
    // The pages' social images (og:image) are chart PNGs with a window: link previews must be able to fetch them.
    'Allow: /charts/*.png?days=',
    'Allow: /api/',
    'Disallow: /api/*asOf=',
    'Disallow: /api/*start=',
    'Disallow: /api/*end=',
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** Every page once (no query variants): the fixed pages and, from the history, one archive page per day. */
export function sitemapXml(data: SiteData, paths: readonly string[]): string {
  const urls = [...paths, ...(data.history?.dates.map((date) => `/today/${date}`) ?? [])];
  const lastmod = data.generatedAt.slice(0, 10);
  const entries = urls.map(
    (path) =>
      `<url><loc>${escapeXml(data.baseUrl + path)}</loc>${path.startsWith('/today/') ? '' : `<lastmod>${lastmod}</lastmod>`}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}
