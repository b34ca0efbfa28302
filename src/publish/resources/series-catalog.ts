import { isIndicatorId, nextExpectedRelease, providerSeriesId } from '../../timeseries/catalog.ts';
import { licenseOf } from '../../timeseries/licenses.ts';
import type { Observation } from '../../timeseries/observation.ts';
import { CATALOG } from '../../timeseries/series.ts';
import type { VintagedSeries } from '../../timeseries/vintages.ts';
import { newestSeen } from '../provenance.ts';

/** One series in GET /api/series: what it is, where it comes from, its terms, and how current it is. */
export interface CatalogEntry {
  id: string;
  name: string;
  description: string;
  unit: string;
  frequency: string;
  /** fred, treasury, nyfed, prices, or derived (computed here). */
  provider: string;
  providerSeriesId: string | null;
  license: { terms: string; attribution: string; redistribution: 'full' | 'statistics-only' };
  firstDate: string | null;
  lastDate: string | null;
  /** When this service last saw a new value of it (its newest vintage). */
  lastUpdatedAt: string | null;
  /** An estimate from its frequency and publication lag (timeseries/catalog.ts nextExpectedRelease). */
  nextExpectedRelease: string | null;
  /** One of the indicators (with /api/series/{id}); the others are in /api/bulk.zip (when their terms allow). */
  indicator: boolean;
  url: string | null;
  csvUrl: string | null;
}

export interface CatalogBody {
  count: number;
  series: CatalogEntry[];
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
      url: indicator ? `${baseUrl}/api/series/${def.id}` : null,
      csvUrl: indicator && values ? `${baseUrl}/api/series/${def.id}.csv` : null,
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
