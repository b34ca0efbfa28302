import { firstIndexOnOrAfter, valueAsOf } from '../timeseries/as-of.ts';
import { addDays } from '../timeseries/dates.ts';
import type { Observation } from '../timeseries/observation.ts';
import { round } from './round.ts';
import { percentRank } from './window-stats.ts';

/**
 * The lens: three independent axes (Quantity, Price, Structure) and a posture × pulse cell, computed from the
 * latest stored values. Never folded into the regime score. A field whose inputs are missing is null: no
 * neutral value is substituted. Every threshold is in LENS_RULES and documented in docs/methodology.md.
 */
export const LENS_RULES = {
  flowWindowDays: 28,
  dialWindowDays: 1826,
  /** stance: expanding when the flow is positive and its dial ≥ 60; draining when negative and ≤ 40. */
  stanceDialHigh: 60,
  stanceDialLow: 40,
  /** bufferState by reserve buffer (reserves + ON RRP as % of bank assets): ample ≥ 13, scarce < 10. */
  bufferAmplePct: 13,
  bufferScarcePct: 10,
  srfWindowDays: 90,
  /** realized: SOFR − IORB 20-business-day mean ≥ −2 bps confirms draining; ≤ −5 confirms expanding; −10…+2 neutral. */
  realizedDrainingBps: -2,
  realizedExpandingBps: -5,
  realizedNeutralBps: [-10, 2] as const,
  realizedMeanDays: 20,
  /** pathPricing: 2y − EFFR ≤ −25 bps cuts, ≥ +25 hikes. */
  pathCutsBps: -25,
  pathHikesBps: 25,
  trendWindowDays: 91,
  /** realYieldTrend / termPremiumTrend: change over 91 days ≥ +0.15 pp rising, ≤ −0.15 falling. */
  trendPp: 0.15,
  /** termPremiumLevel: < 0 negative, < 0.5 low, < 1.5 normal, else elevated (percent). */
  termPremiumLowPct: 0.5,
  termPremiumElevatedPct: 1.5,
  /** fiscalPulse: 4-week TGA change ≥ +50 bn draining, ≤ −50 bn adding. */
  fiscalBn: 50,
  /** rrpBufferState: ≥ 500 bn ample, ≥ 50 bn low, else depleted. */
  rrpAmpleBn: 500,
  rrpLowBn: 50,
  billsWindowDays: 182,
  /** billsShareContext.direction6m: ≥ +1 pp rising, ≤ −1 pp falling. */
  billsTrendPp: 1,
  /** fundingOverride = max(SOFR − IORB 5-day max / 15 bps, SRF 5-day max / 25 bn), clipped to [0, 1]. */
  overrideSofrBps: 15,
  overrideSrfBn: 25,
  overrideWindowDays: 7,
  /** dominantFundingLeg is set when fundingOverride ≥ 0.2. */
  overrideStress: 0.2,
  tieringTrendDays: 28,
  cpTbill: { elevated: 30, stressed: 85, trend: 5 },
  hyIg: { elevated: 450, stressed: 700, trend: 25 },
  /** bankCashTiering: gap = bank cash buffer − its 5-year median (pp); elevated ≤ −1, stressed ≤ −2.5; trend ±0.25. */
  bankCash: { elevated: -1, stressed: -2.5, trend: 0.25 },
  /** posture: sum of buffer (+1 ample, −1 scarce), ON RRP (+1 ample, −1 depleted), path (+1 cuts, −1 hikes): ≥ +1 supportive, ≤ −1 restrictive. */
  /** pulse: sum of stance (±1), fiscal pulse (±1), real-yield trend (falling +1, rising −1), funding override ≥ 0.5 (−1): ≥ +1 easing, ≤ −1 tightening. */
  pulseOverride: 0.5,
} as const;

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

type SeriesMap = ReadonlyMap<string, readonly Observation[]>;

/** Tracks the latest observation date used by an axis. */
class AsOf {
  date: string | null = null;
  use(date: string | undefined): void {
    if (date && (this.date === null || date > this.date)) this.date = date;
  }
}

const R = LENS_RULES;

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

function last(series: readonly Observation[]): Observation | undefined {
  return series[series.length - 1];
}

/** Change of a series over `days` to its latest observation (the earlier value within a week of the target). */
function changeOver(
  series: readonly Observation[],
  days: number,
  tolerance = 7,
): { change: number; date: string } | undefined {
  const end = last(series);
  if (!end) return undefined;
  const start = valueAsOf(series, addDays(end.date, -days), tolerance);
  return start === undefined ? undefined : { change: end.value - start, date: end.date };
}

function trendOf(change: number | undefined, threshold: number): Trend | null {
  if (change === undefined) return null;
  return change >= threshold ? 'rising' : change <= -threshold ? 'falling' : 'flat';
}

function quantityAxis(get: (id: string) => readonly Observation[]): Lens['quantity'] {
  const asOf = new AsOf();
  const net = get('net-liquidity');
  const flow = changeOver(net, R.flowWindowDays);
  let dial: number | null = null;
  if (flow) {
    asOf.use(flow.date);
    const from = firstIndexOnOrAfter(net, addDays(flow.date, -R.dialWindowDays));
    const history: number[] = [];
    for (let i = from; i < net.length; i++) {
      const before = valueAsOf(net, addDays(net[i]!.date, -R.flowWindowDays), 7);
      if (before !== undefined) history.push(net[i]!.value - before);
    }
    dial = history.length >= 52 ? percentRank(history, flow.change) : null;
  }
  const stance: Stance | null =
    flow && dial !== null
      ? flow.change > 0 && dial >= R.stanceDialHigh
        ? 'expanding'
        : flow.change < 0 && dial <= R.stanceDialLow
          ? 'draining'
          : 'neutral'
      : null;
  const buffer = last(get('reserve-buffer'));
  asOf.use(buffer?.date);
  const bufferState: BufferState | null = buffer
    ? buffer.value >= R.bufferAmplePct
      ? 'ample'
      : buffer.value < R.bufferScarcePct
        ? 'scarce'
        : 'adequate'
    : null;
  const srf = get('srf');
  const srfLast = last(srf);
  let srfShare: number | null = null;
  if (srfLast) {
    asOf.use(srfLast.date);
    const recent = srf.slice(firstIndexOnOrAfter(srf, addDays(srfLast.date, -(R.srfWindowDays - 1))));
    srfShare = recent.length > 0 ? round(recent.filter((o) => o.value > 0).length / recent.length, 3) : null;
  }
  const spread = get('sofr-iorb');
  const recentSpread = spread.slice(-R.realizedMeanDays);
  const meanSpread =
    recentSpread.length > 0 ? recentSpread.reduce((s, o) => s + o.value, 0) / recentSpread.length : undefined;
  asOf.use(last(spread)?.date);
  let realized: boolean | null = null;
  if (stance && meanSpread !== undefined) {
    if (stance === 'draining') realized = meanSpread >= R.realizedDrainingBps;
    else if (stance === 'expanding') realized = meanSpread <= R.realizedExpandingBps;
    else realized = meanSpread >= R.realizedNeutralBps[0] && meanSpread <= R.realizedNeutralBps[1];
  }
  return {
    stance,
    flow: flow ? round(flow.change, 1) : null,
    dial,
    bufferPct: buffer ? round(buffer.value, 2) : null,
    bufferState,
    srfNonZeroShare90d: srfShare,
    realized,
    dataAsOf: asOf.date,
  };
}

function priceAxis(get: (id: string) => readonly Observation[]): Lens['price'] {
  const asOf = new AsOf();
  const twoYear = last(get('treasury-2y'));
  const tenYear = last(get('treasury-10y'));
  const effrSeries = get('effr');
  const effr = twoYear ? valueAsOf(effrSeries, twoYear.date, 7) : undefined;
  const pathSpread = twoYear && effr !== undefined ? (twoYear.value - effr) * 100 : undefined;
  asOf.use(twoYear?.date);
  const curve =
    twoYear && tenYear
      ? (tenYear.value - (valueAsOf(get('treasury-2y'), tenYear.date, 7) ?? Number.NaN)) * 100
      : undefined;
  asOf.use(tenYear?.date);
  const real = last(get('real-yield-10y'));
  const realTrend = changeOver(get('real-yield-10y'), R.trendWindowDays);
  asOf.use(real?.date);
  const term = last(get('term-premium-10y'));
  const termTrend = changeOver(get('term-premium-10y'), R.trendWindowDays);
  asOf.use(term?.date);
  return {
    pathSpreadBps: pathSpread === undefined ? null : round(pathSpread, 1),
    pathPricing:
      pathSpread === undefined
        ? null
        : pathSpread <= R.pathCutsBps
          ? 'cuts'
          : pathSpread >= R.pathHikesBps
            ? 'hikes'
            : 'on-hold',
    realYieldPct: real ? real.value : null,
    realYieldTrendPp: realTrend ? round(realTrend.change, 2) : null,
    realYieldTrend: trendOf(realTrend?.change, R.trendPp),
    termPremiumPct: term ? round(term.value, 3) : null,
    termPremiumLevel: term
      ? term.value < 0
        ? 'negative'
        : term.value < R.termPremiumLowPct
          ? 'low'
          : term.value < R.termPremiumElevatedPct
            ? 'normal'
            : 'elevated'
      : null,
    termPremiumTrendPp: termTrend ? round(termTrend.change, 2) : null,
    termPremiumTrend: trendOf(termTrend?.change, R.trendPp),
    curveContextBps: curve === undefined || Number.isNaN(curve) ? null : round(curve, 1),
    dataAsOf: asOf.date,
  };
}

function tiering(series: readonly Observation[], rules: { elevated: number; stressed: number; trend: number }) {
  const latest = last(series);
  const trend = changeOver(series, R.tieringTrendDays);
  return {
    value: latest ? round(latest.value, 2) : null,
    state: latest ? tierState(latest.value, rules) : null,
    trend: trend ? round(trend.change, 2) : null,
    direction: trend
      ? trend.change >= rules.trend
        ? 'widening'
        : trend.change <= -rules.trend
          ? 'narrowing'
          : 'stable'
      : null,
    date: latest?.date,
  } as const;
}

function tierState(value: number, rules: { elevated: number; stressed: number }): TierState {
  // Rules with negative thresholds (bank cash gap) are stressed when the value falls below them.
  if (rules.stressed < 0) return value <= rules.stressed ? 'stressed' : value <= rules.elevated ? 'elevated' : 'calm';
  return value >= rules.stressed ? 'stressed' : value >= rules.elevated ? 'elevated' : 'calm';
}

function structureAxis(get: (id: string) => readonly Observation[]): Lens['structure'] {
  const asOf = new AsOf();
  const tga = changeOver(get('tga'), R.flowWindowDays);
  asOf.use(tga?.date);
  const rrp = last(get('onrrp'));
  asOf.use(rrp?.date);
  const bills = last(get('bills-share'));
  const billsTrend = changeOver(get('bills-share'), R.billsWindowDays, 40);
  asOf.use(bills?.date);

  const spread = get('sofr-iorb');
  const srf = get('srf');
  const windowMax = (s: readonly Observation[]) => {
    const end = last(s);
    if (!end) return undefined;
    const recent = s.slice(firstIndexOnOrAfter(s, addDays(end.date, -R.overrideWindowDays)));
    return Math.max(...recent.map((o) => o.value));
  };
  const sofrMax = windowMax(spread);
  const srfMax = windowMax(srf);
  const sofrLeg = sofrMax === undefined ? undefined : clamp01(sofrMax / R.overrideSofrBps);
  const srfLeg = srfMax === undefined ? undefined : clamp01(srfMax / R.overrideSrfBn);
  const override = sofrLeg === undefined && srfLeg === undefined ? undefined : Math.max(sofrLeg ?? 0, srfLeg ?? 0);
  asOf.use(last(spread)?.date);
  asOf.use(last(srf)?.date);
  let dominant: 'sofr-iorb' | 'srf' | null = null;
  if (override !== undefined && override >= R.overrideStress)
    dominant = (sofrLeg ?? 0) >= (srfLeg ?? 0) ? 'sofr-iorb' : 'srf';

  const cp = tiering(get('cp-tbill-spread'), R.cpTbill);
  const hyIgSeries = spreadBetween(get('hy-spread'), get('ig-spread'));
  const hyIg = tiering(hyIgSeries, R.hyIg);
  const cashGapSeries = gapFromTrailingMedian(get('bank-cash-buffer'));
  const cash = tiering(cashGapSeries, R.bankCash);
  // For the cash gap, "widening" means banks hold less cash than usual: the gap grows more negative.
  const cashDirection =
    cash.direction === 'widening' ? 'narrowing' : cash.direction === 'narrowing' ? 'widening' : cash.direction;
  for (const t of [cp, hyIg, cash]) asOf.use(t.date);

  return {
    tgaFlow: tga ? round(tga.change, 1) : null,
    fiscalPulse: tga
      ? tga.change >= R.fiscalBn
        ? 'draining'
        : tga.change <= -R.fiscalBn
          ? 'adding'
          : 'neutral'
      : null,
    rrpBalanceB: rrp ? round(rrp.value, 3) : null,
    rrpBufferState: rrp ? (rrp.value >= R.rrpAmpleBn ? 'ample' : rrp.value >= R.rrpLowBn ? 'low' : 'depleted') : null,
    billsShareContext: {
      levelPct: bills ? round(bills.value, 2) : null,
      direction6m: trendOf(billsTrend?.change, R.billsTrendPp),
    },
    fundingOverride: override === undefined ? null : round(override, 3),
    dominantFundingLeg: dominant,
    cpTbillTiering: { spreadBps: cp.value, state: cp.state, trendBps: cp.trend, direction: cp.direction },
    hyIgTiering: { spreadBps: hyIg.value, state: hyIg.state, trendBps: hyIg.trend, direction: hyIg.direction },
    bankCashTiering: { gapPp: cash.value, state: cash.state, trendPp: cash.trend, direction: cashDirection },
    dataAsOf: asOf.date,
  };
}

/** a − b on the dates both print (both in bps). */
function spreadBetween(a: readonly Observation[], b: readonly Observation[]): Observation[] {
  const other = new Map(b.map((o) => [o.date, o.value]));
  const out: Observation[] = [];
  for (const o of a) {
    const v = other.get(o.date);
    if (v !== undefined) out.push({ date: o.date, value: o.value - v });
  }
  return out;
}

/** Each value minus the median of the trailing 5 years up to it (needs a year of history). */
function gapFromTrailingMedian(series: readonly Observation[]): Observation[] {
  const out: Observation[] = [];
  // Only the last quarter matters for the lens (latest value and its 4-week trend): compute those points.
  const start = Math.max(0, firstIndexOnOrAfter(series, addDays(last(series)?.date ?? '1900-01-01', -120)));
  for (let i = start; i < series.length; i++) {
    const from = firstIndexOnOrAfter(series, addDays(series[i]!.date, -1826));
    const window = series.slice(from, i + 1).map((o) => o.value);
    if (window.length < 52) continue;
    const sorted = [...window].sort((x, y) => x - y);
    const mid = sorted.length >> 1;
    const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    out.push({ date: series[i]!.date, value: series[i]!.value - median });
  }
  return out;
}

function clamp01(x: number): number {
  return Math.max(0, Math.min(1, x));
}

function synthesis(q: Lens['quantity'], p: Lens['price'], s: Lens['structure']): Lens['synthesis']['cell'] {
  const postureParts = [
    q.bufferState === null ? null : q.bufferState === 'ample' ? 1 : q.bufferState === 'scarce' ? -1 : 0,
    s.rrpBufferState === null ? null : s.rrpBufferState === 'ample' ? 1 : s.rrpBufferState === 'depleted' ? -1 : 0,
    p.pathPricing === null ? null : p.pathPricing === 'cuts' ? 1 : p.pathPricing === 'hikes' ? -1 : 0,
  ];
  const pulseParts = [
    q.stance === null ? null : q.stance === 'expanding' ? 1 : q.stance === 'draining' ? -1 : 0,
    s.fiscalPulse === null ? null : s.fiscalPulse === 'adding' ? 1 : s.fiscalPulse === 'draining' ? -1 : 0,
    p.realYieldTrend === null ? null : p.realYieldTrend === 'falling' ? 1 : p.realYieldTrend === 'rising' ? -1 : 0,
    s.fundingOverride === null ? null : s.fundingOverride >= R.pulseOverride ? -1 : 0,
  ];
  const score = (parts: Array<number | null>) => {
    const known = parts.filter((x): x is number => x !== null);
    return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
  };
  const posture = score(postureParts);
  const pulse = score(pulseParts);
  return {
    posture: posture === null ? null : posture >= 1 ? 'supportive' : posture <= -1 ? 'restrictive' : 'neutral',
    pulse: pulse === null ? null : pulse >= 1 ? 'easing' : pulse <= -1 ? 'tightening' : 'steady',
  };
}
