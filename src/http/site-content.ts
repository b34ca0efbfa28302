import { readFileSync } from 'node:fs';
import { DEFAULT_PARTNER_SITES, type PartnerSite, type SiteContent } from '../publish/site-publication.ts';
import { loadBlogPosts, loadMethodology } from '../site/blog.ts';
import { buildDirectory } from './directory.ts';
import { ERROR_CODES } from './error-codes.ts';
import { ROUTES } from './routes.ts';

const PACKAGE_VERSION: string = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
).version;

/**
 * The site's fixed content, read once at start: blog posts and the methodology from the repository, the endpoint
 * and error documentation from the route table, and the partner sites (PARTNER_SITES, a JSON array of
 * {name, url, relation}; by default the official data providers).
 */
export function loadSiteContent(opts: { baseUrl: string; partnerSitesJson?: string | undefined }): SiteContent {
  const directory = buildDirectory(ROUTES, opts.baseUrl);
  return {
    name: 'usd-liquidity',
    serviceVersion: PACKAGE_VERSION,
    blog: loadBlogPosts(),
    methodologyMarkdown: loadMethodology(),
    endpoints: ROUTES.map((r) => ({
      method: r.method,
      path: r.path,
      summary: r.summary,
      description: r.description,
      cacheControl: r.cacheControl,
      errors: [...r.errors],
      parameters: r.parameters.map((p) => ({
        name: p.name,
        in: p.in,
        required: p.required,
        type: p.type,
        description: p.description,
      })),
    })),
    errors: Object.entries(ERROR_CODES).map(([code, spec]) => ({
      code,
      status: spec.status,
      description: spec.description,
    })),
    directory,
    partnerSites: parsePartnerSites(opts.partnerSitesJson),
  };
}

export function parsePartnerSites(json: string | undefined): PartnerSite[] {
  if (!json) return DEFAULT_PARTNER_SITES;
  const parsed: unknown = JSON.parse(json);
  if (
    !Array.isArray(parsed) ||
    !parsed.every((p) => p && typeof p.name === 'string' && typeof p.url === 'string' && typeof p.relation === 'string')
  ) {
    throw new Error('PARTNER_SITES must be a JSON array of {"name","url","relation"} objects');
  }
  return parsed as PartnerSite[];
}
