import { nominalWeights } from '../../analytics/model/spec.ts';
import { CURRENT_MODEL } from '../../analytics/model/versions.ts';
import { round } from '../../analytics/stats/round.ts';
import { zScore } from '../../analytics/stats/z-score.ts';
import { seriesDef } from '../../timeseries/catalog.ts';
import { type License, licenseOf } from '../../timeseries/licenses.ts';
import type { Observation } from '../../timeseries/observation.ts';
import { INDICATOR_IDS, type SeriesDef } from '../../timeseries/series.ts';
import type { SeriesFreshness, Source } from '../freshness.ts';
import type { SeriesResponses } from './series/responses.ts';

/** One of the indicators as the dashboard cards, the pages and the snapshot show it. */
export interface IndicatorSummary {
  def: SeriesDef;
  license: License;
  /** True when the upstream terms forbid reproducing the values: only statistics are shown. */
  withheld: boolean;
  /** Date of the latest stored observation (also for withheld series). */
  latestDate: string | null;
  /** The observations served (empty when withheld). */
  observations: readonly Observation[];
  latest: Observation | null;
  previous: Observation | null;
  change: number | null;
  zScore: number | null;
  percentile5y: number | null;
  source: Source | null;
  freshness: SeriesFreshness;
  scored: boolean;
  /** Effective weight in the model: group weight ÷ scored indicators in the group (0 for context series). */
  weight: number;
  group: string;
  transform: string | null;
  /**
   * Whether a rise means tighter dollar liquidity: the current model's reading for a scored series (the model is
   * what the headline follows), the catalog's for a context series; null when the series has no direction.
   */
  risingIsTighter: boolean | null;
}

/** Every indicator's summary, from its current observations and its built series response. */
export function indicatorSummaries(
  current: ReadonlyMap<string, readonly Observation[]>,
  series: ReadonlyMap<string, SeriesResponses>,
  freshness: ReadonlyMap<string, SeriesFreshness>,
): IndicatorSummary[] {
  const weights = nominalWeights(CURRENT_MODEL);
  return INDICATOR_IDS.map((id) => {
    const def = seriesDef(id)!;
    const license = licenseOf(def);
    const stored = current.get(id) ?? [];
    // Restricted terms: the values never leave the service, only statistics do (see licenseOf).
    const withheld = license.redistribution !== 'full';
    const observations = withheld ? [] : stored;
    const latest = observations.at(-1) ?? null;
    const previous = observations.at(-2) ?? null;
    const responses = series.get(id);
    const scored = CURRENT_MODEL.scored.find((s) => s.id === id);
    const stats = responses?.stats;
    const z = latest && stats ? zScore(latest.value, stats) : undefined;
    return {
      def,
      license,
      withheld,
      latestDate: stored.at(-1)?.date ?? null,
      observations,
      latest,
      previous,
      change: latest && previous ? round(latest.value - previous.value, 6) : null,
      zScore: z === undefined ? null : round(z, 2),
      percentile5y: stats?.percentile ?? null,
      source: responses?.meta.source ?? null,
      freshness: freshness.get(id)!,
      scored: Boolean(scored),
      weight: scored ? round(weights.get(id)!, 4) : 0,
      group: scored?.group ?? def.group,
      transform: scored ? transformWords(scored.transform) : null,
      risingIsTighter: scored ? scored.risingIsTighter : def.risingIsTighter,
    };
  });
}

/** How the model reads a scored series, in words (for the indicator pages and the snapshot). */
function transformWords(t: (typeof CURRENT_MODEL.scored)[number]['transform']): string {
  switch (t.kind) {
    case 'level':
      return 'its level';
    case 'change':
      return `its change over ${t.days} days`;
    case 'rolling-max':
      return `its highest value of the last ${t.days} business days`;
    case 'new-draw':
      return `a new draw: usage above its highest of the previous ${t.lookbackDays} days, fading over ${t.fadeDays} days`;
    case 'rrp-depletion':
      return 'a depletion signal (live only during a large drawdown toward a low balance)';
  }
}
