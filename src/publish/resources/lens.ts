import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Static } from '@sinclair/typebox';
import { computeLens, flowEndDate, LENS_INPUTS, type Lens } from '../../analytics/lens/lens.ts';
import { narrative, narrativeLabels } from '../../analytics/lens/narrative/narrative.ts';
import { LENS_RULES } from '../../analytics/lens/rules.ts';
import { LOCALES, type Locale } from '../../timeseries/locales.ts';
import type { Observation } from '../../timeseries/observation.ts';
import { type Resource, resource } from '../resource.ts';
import { Lens as LensSchema } from '../schemas/lens.ts';
import type { Published } from './published.ts';

/** GET /api/lens in one locale: the lens, its narrative in that locale, and the locale served. */
export type LensBody = Omit<Static<typeof LensSchema>, 'provenance' | 'asOf'>;

/** The lens once, its narrative in every locale; throws when none of its inputs has data. */
export function lensBodies(current: ReadonlyMap<string, readonly Observation[]>, now: Date): Map<Locale, LensBody> {
  const lens = withheldRestricted(computeLens(current));
  if (lens.dataAsOf === null) throw new Error('none of the lens inputs has data yet');
  const flowDate = flowEndDate(current);
  const bodies = new Map<Locale, LensBody>();
  for (const locale of LOCALES) {
    bodies.set(locale, {
      quantity: lens.quantity,
      price: lens.price,
      structure: lens.structure,
      synthesis: { ...lens.synthesis, narrative: narrative(lens, locale, flowDate) },
      dataAsOf: lens.dataAsOf,
      updatedAt: now.toISOString(),
      lang: locale,
    });
  }
  return bodies;
}

/**
 * The HY − IG tiering is computed from two ICE BofA indices whose terms prohibit reproduction in any form: its
 * numbers are withheld, its classification (state, direction) is published.
 */
function withheldRestricted(lens: Lens): Lens {
  const tier = lens.structure.hyIgTiering;
  return { ...lens, structure: { ...lens.structure, hyIgTiering: { ...tier, spreadBps: null, trendBps: null } } };
}

/** The window of the lens' tiering trends ("narrowing over 4 weeks"), for the pages that print them. */
export const LENS_TIERING_TREND_DAYS = LENS_RULES.tieringTrendDays;

/** The lens' words in a locale as its narrative writes them: pages use the same words beside the narrative. */
export function lensLabels(locale: Locale): Readonly<Record<string, string>> {
  return narrativeLabels(locale);
}

/** GET /api/lens: one resource per locale; only the narrative differs between them. */
export const lens: Published<'lens', Map<Locale, Resource<Static<typeof LensSchema>>>> = {
  key: 'lens',
  path: '/api/lens',
  cache: 'lens',
  schema: LensSchema,
  onFailure: { error: 'lens', keepPrevious: true },
  // Each locale serialized in a turn of its own.
  build: async ({ current, input, provenance }) => {
    const inputs = provenance(LENS_INPUTS);
    const out = new Map<Locale, Resource<Static<typeof LensSchema>>>();
    for (const [locale, body] of lensBodies(current, input.now)) {
      await nextTurn();
      out.set(locale, resource({ ...body, provenance: inputs }, lens.cache));
    }
    return out;
  },
  example: (byLocale) => byLocale.get('en')?.body,
};
