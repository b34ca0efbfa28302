import type { Static } from '@sinclair/typebox';
import { isIndicatorId, nextExpectedRelease, providerSeriesId } from '../../../timeseries/catalog.ts';
import { type License, licenseOf } from '../../../timeseries/licenses.ts';
import type { Observation } from '../../../timeseries/observation.ts';
import { CATALOG } from '../../../timeseries/series.ts';
import type { VintagedSeries } from '../../../timeseries/vintages.ts';
import { newestSeen } from '../../provenance.ts';
import { type Resource, resource } from '../../resource.ts';
import { SeriesCatalog } from '../../schemas/series.ts';
import type { Published } from '../published.ts';

/** GET /api/series: every series, what it is, where it comes from, its terms and how current it is. */
export type CatalogBody = Static<typeof SeriesCatalog>;
/** One series in GET /api/series (publish/schemas/series.ts says what each field means). */
export type CatalogEntry = CatalogBody['series'][number];

/**
 * Where a series' values are served: the indicators at the contract's /api/series/{id}, every other series of
 * the catalog at /api/data/{id} (the contract keeps /api/series/{id} to the indicators).
 */
export function seriesUrl(baseUrl: string, id: string): string {
  return isIndicatorId(id) ? `${baseUrl}/api/series/${id}` : `${baseUrl}/api/data/${id}`;
}

/** Why the values of a series are not offered, in one sentence (the catalog, the values_withheld refusal, pages). */
export function withheldReason(license: License): string {
  return `Its upstream terms forbid reproducing the values (${license.name}): only statistics computed from them are published; see the values at the source, ${license.url}.`;
}

/** Every series of the catalog, stored or not, in catalog order. */
export function catalogBody(
  current: ReadonlyMap<string, readonly Observation[]>,
  vintaged: ReadonlyMap<string, VintagedSeries>,
  baseUrl: string,
): CatalogBody {
  const series = CATALOG.map((def): CatalogEntry => {
    const observations = current.get(def.id);
    const license = licenseOf(def);
    const lastDate = observations?.at(-1)?.date ?? null;
    const indicator = isIndicatorId(def.id);
    const values = license.redistribution === 'full';
    return {
      id: def.id,
      name: def.name,
      description: def.description,
      unit: def.unit,
      frequency: def.frequency,
      provider: def.source?.provider ?? 'derived',
      providerSeriesId: providerSeriesId(def),
      license: { terms: license.terms, attribution: license.attribution, redistribution: license.redistribution },
      firstDate: observations?.[0]?.date ?? null,
      lastDate,
      lastUpdatedAt: vintaged.has(def.id) ? newestSeen(vintaged.get(def.id)!) : null,
      nextExpectedRelease: lastDate ? nextExpectedRelease(def, lastDate) : null,
      indicator,
      url: seriesUrl(baseUrl, def.id),
      csvUrl: values ? `${seriesUrl(baseUrl, def.id)}.csv` : null,
      withheld: values ? null : withheldReason(license),
    };
  });
  return { count: series.length, series };
}

/** The entries whose id, name, description or provider id contain every word of `q` (case-insensitive). */
export function searchCatalog(body: CatalogBody, q: string): CatalogBody {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const series = body.series.filter((entry) => {
    const text = [entry.id, entry.name, entry.description, entry.providerSeriesId ?? '', entry.provider]
      .join(' ')
      .toLowerCase();
    return words.every((word) => text.includes(word));
  });
  return { count: series.length, series };
}

/** GET /api/series: the catalog, in every publication (stored data or not). */
export const catalog: Published<'catalog', Resource<CatalogBody>, true> = {
  key: 'catalog',
  path: '/api/series',
  cache: 'series',
  schema: SeriesCatalog,
  always: true,
  build: ({ current, input }) => resource(catalogBody(current, input.vintaged, input.baseUrl), catalog.cache),
  example: (r) => ({ count: 2, series: r.body.series.slice(0, 2) }),
};
