import type { Static } from '@sinclair/typebox';
import type { LensReading } from '../schemas/lens.ts';
import { priceAxis } from './price.ts';
import { quantityAxis } from './quantity.ts';
import { last, type SeriesMap } from './readings.ts';
import { structureAxis } from './structure.ts';
import { synthesis } from './synthesis.ts';

/**
 * The lens: three independent axes (Quantity, Price, Structure) and a posture × pulse cell, computed from the
 * latest stored values. Never folded into the regime score. A field whose inputs are missing is null: no
 * neutral value is substituted. Every threshold is in LENS_RULES (rules.ts) and documented in docs/methodology.md.
 * Its shape, and what each field means, is written once as a schema: analytics/schemas/lens.ts.
 */
export type Lens = Static<typeof LensReading>;
type Quantity = Lens['quantity'];
export type Stance = NonNullable<Quantity['stance']>;
export type BufferState = NonNullable<Quantity['bufferState']>;
export type Trend = NonNullable<Lens['price']['realYieldTrend']>;
export type TierState = NonNullable<Lens['structure']['cpTbillTiering']['state']>;
export type Posture = NonNullable<Lens['synthesis']['cell']['posture']>;

/** Every series the lens reads (a test checks computeLens reads exactly these): its provenance inputs. */
export const LENS_INPUTS: readonly string[] = [
  'bank-cash-buffer',
  'bills-share',
  'cp-tbill-spread',
  'effr',
  'hy-spread',
  'ig-spread',
  'net-liquidity',
  'onrrp',
  'real-yield-10y',
  'reserve-buffer',
  'sofr-iorb',
  'srf',
  'term-premium-10y',
  'tga',
  'treasury-10y',
  'treasury-2y',
];

/** The date the net-liquidity flow ends on (the narrative's "four weeks to …"), or null. */
export function flowEndDate(series: SeriesMap): string | null {
  return last(series.get('net-liquidity') ?? [])?.date ?? null;
}

export function computeLens(series: SeriesMap): Lens {
  const get = (id: string) => series.get(id) ?? [];
  const quantity = quantityAxis(get);
  const price = priceAxis(get);
  const structure = structureAxis(get);
  const cell = synthesis(quantity, price, structure);
  const axisDates = [quantity.dataAsOf, price.dataAsOf, structure.dataAsOf]
    .filter((d): d is string => d !== null)
    .sort();
  const latest = axisDates.at(-1) ?? null;
  return { quantity, price, structure, synthesis: { cell, dataAsOf: latest }, dataAsOf: latest };
}
