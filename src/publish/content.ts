import type { Static } from '@sinclair/typebox';
import type { Changelog } from './schemas/changelog.ts';
import type { Directory } from './schemas/directory.ts';
import type { Snapshot } from './schemas/snapshot.ts';

export interface BlogPost {
  slug: string;
  title: string;
  date: string;
  summary: string;
  markdown: string;
}

/** One endpoint as the directory lists it and the docs page shows it (publish/schemas/directory.ts). */
export type EndpointDoc = Directory['endpoints'][number];

/** One error code as the directory and the docs list it (publish/schemas/directory.ts). */
export type ErrorDoc = Directory['errorEnvelope']['codes'][number];

/** A site this one links to (the snapshot's partnerSites: publish/schemas/snapshot.ts). */
export type PartnerSite = Static<typeof Snapshot>['partnerSites'][number];

/** One version of the API, for /changelog and /api/changelog (its schema: publish/schemas/changelog.ts). */
export type ApiVersionDoc = Static<typeof Changelog>['api'][number];

/** The refresh schedule as configured (REFRESH_CRON, REFRESH_RETRY_MINUTES). */
export interface RefreshSchedule {
  cron: string;
  retryMs: readonly number[];
}

/**
 * What the repository and the HTTP layer contribute to a publication, fixed for the life of the process: the
 * blog and the methodology (read from the repository), the endpoint and error documentation and the /api
 * directory (generated from the route table), and the partner sites. The composition root assembles it.
 */
export interface PublicationContent {
  name: string;
  serviceVersion: string;
  blog: BlogPost[];
  methodologyMarkdown: string;
  /**
   * The model versions' selection protocols (docs/dli-N-protocol.md), each committed before its variants were run:
   * served as /methodology/{slug}, one click from the methodology that cites them.
   */
  protocols?: Array<{ slug: string; markdown: string }>;
  /** The /api directory body: its endpoints and error codes are what the docs page, the snapshot's `apis` and the OpenAPI example show. */
  directory: Directory;
  partnerSites: PartnerSite[];
  /** How often the data is refreshed, in hours, derived from the configured schedule. */
  refreshIntervalHours: number;
  /** When refreshes run: the cron pattern, and the retries after a failed or partial one (health's next try). */
  refreshSchedule: RefreshSchedule;
  /** The API's versions and the deprecation policy (for /changelog). */
  apiChangelog: {
    versions: readonly ApiVersionDoc[];
    deprecationPolicy: string;
    deprecations: ReadonlyArray<Static<typeof Changelog>['deprecations'][number]>;
  };
}

export const DEFAULT_PARTNER_SITES: PartnerSite[] = [
  { name: 'FRED, Federal Reserve Bank of St. Louis', url: 'https://fred.stlouisfed.org/', relation: 'data-source' },
  { name: 'U.S. Treasury Fiscal Data', url: 'https://fiscaldata.treasury.gov/', relation: 'data-source' },
  {
    name: 'Federal Reserve Bank of New York, Markets Data',
    url: 'https://markets.newyorkfed.org/',
    relation: 'data-source',
  },
  {
    name: 'Chicago Fed National Financial Conditions Index',
    url: 'https://www.chicagofed.org/research/data/nfci/current-data',
    relation: 'validation-benchmark',
  },
];

/** PARTNER_SITES: a JSON array of {name, url, relation}; by default the official data providers. */
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
