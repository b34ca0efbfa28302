import { priceAxis } from './price.ts';
import { quantityAxis } from './quantity.ts';
import { last, type SeriesMap } from './readings.ts';
import { structureAxis } from './structure.ts';
import { synthesis } from './synthesis.ts';

/**
 * The lens: three independent axes (Quantity, Price, Structure) and a posture × pulse cell, computed from the
 * latest stored values. Never folded into the regime score. A field whose inputs are missing is null: no
 * neutral value is substituted. Every threshold is in LENS_RULES (rules.ts) and documented in docs/methodology.md.
 */
export type Stance = 'expanding' | 'neutral' | 'draining';
export type BufferState = 'ample' | 'adequate' | 'scarce';
export type PathPricing = 'cuts' | 'on-hold' | 'hikes';
export type Trend = 'rising' | 'flat' | 'falling';
export type TermPremiumLevel = 'negative' | 'low' | 'normal' | 'elevated';
export type FiscalPulse = 'adding' | 'neutral' | 'draining';
export type RrpBufferState = 'ample' | 'low' | 'depleted';
export type TierState = 'calm' | 'elevated' | 'stressed';
export type TierDirection = 'widening' | 'stable' | 'narrowing';
export type Posture = 'supportive' | 'neutral' | 'restrictive';
export type Pulse = 'easing' | 'steady' | 'tightening';

export interface Lens {
  quantity: {
    stance: Stance | null;
    flow: number | null;
    dial: number | null;
    bufferPct: number | null;
    bufferState: BufferState | null;
    srfNonZeroShare90d: number | null;
    realized: boolean | null;
    dataAsOf: string | null;
  };
  price: {
    pathSpreadBps: number | null;
    pathPricing: PathPricing | null;
    realYieldPct: number | null;
    realYieldTrendPp: number | null;
    realYieldTrend: Trend | null;
    termPremiumPct: number | null;
    termPremiumLevel: TermPremiumLevel | null;
    termPremiumTrendPp: number | null;
    termPremiumTrend: Trend | null;
    curveContextBps: number | null;
    dataAsOf: string | null;
  };
  structure: {
    tgaFlow: number | null;
    fiscalPulse: FiscalPulse | null;
    rrpBalanceB: number | null;
    rrpBufferState: RrpBufferState | null;
    billsShareContext: { levelPct: number | null; direction6m: Trend | null };
    fundingOverride: number | null;
    dominantFundingLeg: 'sofr-iorb' | 'srf' | null;
    cpTbillTiering: {
      spreadBps: number | null;
      state: TierState | null;
      trendBps: number | null;
      direction: TierDirection | null;
    };
    hyIgTiering: {
      spreadBps: number | null;
      state: TierState | null;
      trendBps: number | null;
      direction: TierDirection | null;
    };
    bankCashTiering: {
      gapPp: number | null;
      state: TierState | null;
      trendPp: number | null;
      direction: TierDirection | null;
    };
    dataAsOf: string | null;
  };
  synthesis: { cell: { posture: Posture | null; pulse: Pulse | null }; dataAsOf: string | null };
  dataAsOf: string | null;
}

/** The date the net-liquidity flow ends on (the narrative's "four weeks to …"), or null. */
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
