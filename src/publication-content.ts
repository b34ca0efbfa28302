import type { Config } from './config.ts';
import { API_VERSIONS, DEPRECATION_POLICY, DEPRECATIONS } from './http/api-changelog.ts';
import { buildDirectory } from './http/directory.ts';
import { API_ROUTES } from './http/routes/table.ts';
import { DEFAULT_REFRESH_CRON, DEFAULT_RETRY_MS, refreshIntervalHours } from './ingest/scheduler.ts';
import { type PublicationContent, parsePartnerSites } from './publish/content.ts';
import { SERVICE_VERSION } from './publish/service-version.ts';
import { loadBlogPosts, loadMethodology, loadProtocols } from './site/blog.ts';

/**
 * Assembles what a publication carries besides data, from every layer that owns a piece of it: the blog and the
 * methodology (read once from the repository by the site), the directory with its endpoints and error
 * codes (from the HTTP route table), the partner sites and the refresh interval (from the configuration).
 */
export function publicationContent(
  config: Pick<Config, 'baseUrl' | 'partnerSitesJson'> & Partial<Pick<Config, 'refreshCron' | 'refreshRetryMs'>>,
): PublicationContent {
  const cron = config.refreshCron ?? DEFAULT_REFRESH_CRON;
  const refreshHours = refreshIntervalHours(cron);
  return {
    name: 'usd-liquidity',
    serviceVersion: SERVICE_VERSION,
    blog: loadBlogPosts(),
    methodologyMarkdown: loadMethodology(),
    protocols: loadProtocols(),
    directory: buildDirectory(API_ROUTES, config.baseUrl, refreshHours),
    partnerSites: parsePartnerSites(config.partnerSitesJson),
    refreshIntervalHours: refreshHours,
    refreshSchedule: {
      cron,
      retryMs: config.refreshRetryMs ?? DEFAULT_RETRY_MS,
    },
    apiChangelog: {
      versions: API_VERSIONS,
      deprecationPolicy: DEPRECATION_POLICY,
      deprecations: DEPRECATIONS.map(({ route, what, deprecatedAt, sunsetAt }) => ({
        what: `${route}: ${what}`,
        deprecatedAt,
        sunsetAt,
      })),
    },
  };
}
