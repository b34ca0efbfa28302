import type { IndicatorSummary } from '../publish/resources/indicators.ts';
import { type Block, heading, paragraph } from './page/page.ts';
import { formatDate, type SiteData } from './site-data.ts';

/**
 * The suggested citation of a page, as FRED prints one under every graph: what the figure is, who published the
 * data, where it was read and when, the date the data runs to, and its terms. Example (tga): "U.S. Treasury, Fiscal
 * Data; …, Treasury General Account [tga], data to Aug 26, 2026, retrieved from usd-liquidity;
 * https://host/indicators/tga, Nov 26, 2026. Terms: …".
 */
export function seriesCitation(item: IndicatorSummary, data: SiteData): string {
  const def = item.def;
  const to = item.latestDate ? `, data to ${formatDate(item.latestDate)}` : '';
  return `${def.publisher}, ${def.name} [${def.id}]${to}, retrieved from usd-liquidity; ${data.baseUrl}/indicators/${def.id}, ${formatDate(data.generatedAt)}. Terms: ${item.license.name}.`;
}

/** The headline's citation: the model, its version, the reading's date, our URL and the licence (CC0). */
export function headlineCitation(data: SiteData): string | undefined {
  const regime = data.regime;
  if (!regime) return undefined;
  return `usd-liquidity, US-dollar liquidity headline (model ${regime.modelVersion}), reading for ${formatDate(regime.date)}; ${data.baseUrl}/, retrieved ${formatDate(data.generatedAt)}. Licence: CC0-1.0 (inputs keep their own terms: ${data.baseUrl}/api/series).`;
}

/** The "How to cite" section of a page. */
export function citationBlocks(citation: string | undefined): Block[] {
  if (!citation) return [];
  return [heading(2, 'How to cite', 'cite'), paragraph({ code: citation })];
}
