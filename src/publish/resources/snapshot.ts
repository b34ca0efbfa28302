import type { Static } from '@sinclair/typebox';
import { DATA_LICENSE } from '../../timeseries/licenses.ts';
import { LOCALES } from '../../timeseries/locales.ts';
import { INDICATOR_IDS } from '../../timeseries/series.ts';
import type { PublicationContent } from '../content.ts';
import { type Resource, resource } from '../resource.ts';
import { Snapshot } from '../schemas/snapshot.ts';
import type { RegimeBody } from './model.ts';
import type { Published, PublishParts } from './published.ts';

/** GET /api/snapshot without its provenance (publish/schemas/snapshot.ts says what each field means). */
export type SnapshotBody = Omit<Static<typeof Snapshot>, 'provenance'>;

/** GET /api/snapshot: everything an agent needs in one call (the contract's aggregate snapshot, 2.6). */
function snapshotBody(
  content: PublicationContent,
  { input, built, indicators }: PublishParts,
  regime: RegimeBody,
): SnapshotBody {
  const b = input.baseUrl;
  return {
    $schema: `${b}/openapi.json#/components/schemas/Snapshot`,
    generatedAt: input.now.toISOString(),
    site: {
      name: content.name,
      baseUrl: b,
      description:
        'Free, read-only JSON API and website of US-dollar liquidity indicators, a validated liquidity regime, a three-axis lens and market correlations.',
      license: { ...DATA_LICENSE },
      dataSources: content.partnerSites
        .filter((p) => p.relation === 'data-source')
        .map((p) => ({ name: p.name, url: p.url })),
      refreshIntervalHours: content.refreshIntervalHours,
      locales: [...LOCALES],
      serviceVersion: content.serviceVersion,
    },
    regime,
    indicators: indicators.map((i) => ({
      id: i.def.id,
      name: i.def.name,
      group: i.group,
      unit: i.def.unit,
      frequency: i.def.frequency,
      latestDate: i.latestDate,
      latestValue: i.latest?.value ?? null,
      license: { terms: i.license.terms, redistribution: i.license.redistribution },
      previousDate: i.previous?.date ?? null,
      change: i.change,
      zScore: i.zScore,
      percentile5y: i.percentile5y,
      source: i.source,
      freshness: i.freshness,
      scored: i.scored,
      weight: i.weight,
      seriesUrl: `${b}/api/series/${i.def.id}`,
      pageUrl: `${b}/indicators/${i.def.id}`,
    })),
    dliModel: built.model?.body ?? null,
    recentBlog: content.blog.slice(0, 5).map((p) => ({
      title: p.title,
      date: p.date,
      summary: p.summary,
      url: `${b}/blog/${p.slug}`,
      markdownUrl: `${b}/blog/${p.slug}.md`,
    })),
    keyPages: [
      ['Dashboard', '/', '/index.md'],
      ['Today', '/today', '/today.md'],
      ['Methodology', '/methodology', '/methodology.md'],
      ['API documentation', '/docs', '/docs.md'],
      ['About', '/about', '/about.md'],
    ].map(([title, path, md]) => ({ title: title!, url: `${b}${path}`, markdownUrl: `${b}${md}` })),
    machineReadable: [
      { name: 'OpenAPI 3.1', url: `${b}/openapi.json`, type: 'application/vnd.oai.openapi+json;version=3.1' },
      { name: 'API catalog (RFC 9727)', url: `${b}/.well-known/api-catalog`, type: 'application/linkset+json' },
      { name: 'llms.txt', url: `${b}/llms.txt`, type: 'text/plain' },
      { name: 'Endpoint directory', url: `${b}/api`, type: 'application/json' },
      { name: 'Health', url: `${b}/api/health`, type: 'application/json' },
    ],
    apis: content.directory.endpoints.map((e) => ({ method: e.method, path: e.path, url: e.url, summary: e.summary })),
    partnerSites: content.partnerSites,
  };
}

/**
 * GET /api/snapshot: needs the site content and the regime. Without the regime it fails (reported, not kept: a
 * snapshot of an old reading beside a new catalog would disagree with itself).
 */
export const snapshot: Published<'snapshot', Resource<Static<typeof Snapshot>>> = {
  key: 'snapshot',
  path: '/api/snapshot',
  cache: 'snapshot',
  schema: Snapshot,
  onFailure: { error: 'snapshot', keepPrevious: false },
  build: (parts) => {
    if (!parts.input.content) return undefined;
    const regime = parts.built.regime?.body;
    if (!regime) throw new Error('the regime is not available, so the snapshot cannot be assembled');
    const body = snapshotBody(parts.input.content, parts, regime);
    return resource({ ...body, provenance: parts.provenance(INDICATOR_IDS) }, snapshot.cache);
  },
  example: (r) => ({ ...r.body, indicators: r.body.indicators.slice(0, 3), apis: r.body.apis.slice(0, 3) }),
};
