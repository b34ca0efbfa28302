import { firstIndexOnOrAfter } from '../../timeseries/as-of.ts';
import { addDays } from '../../timeseries/dates.ts';
import type { Observation } from '../../timeseries/observation.ts';
import { round } from '../stats/round.ts';
import { clamp01 } from '../stats/winsorize.ts';
import type { Lens, TierState } from './lens.ts';
import { AsOf, bySign, changeOver, type Get, gapFromTrailingMedian, last, spreadBetween, trendOf } from './readings.ts';
import { LENS_RULES as R } from './rules.ts';

function tiering(series: readonly Observation[], rules: { elevated: number; stressed: number; trend: number }) {
  const latest = last(series);
  const trend = changeOver(series, R.tieringTrendDays);
  return {
    value: latest ? round(latest.value, 2) : null,
    state: latest ? tierState(latest.value, rules) : null,
    trend: trend ? round(trend.change, 2) : null,
    direction: trend ? bySign(trend.change, rules.trend, ['widening', 'stable', 'narrowing'] as const) : null,
    date: latest?.date ?? null,
  } as const;
}

function tierState(value: number, rules: { elevated: number; stressed: number }): TierState {
  // Rules with negative thresholds (bank cash gap) are stressed when the value falls below them.
  if (rules.stressed < 0) return value <= rules.stressed ? 'stressed' : value <= rules.elevated ? 'elevated' : 'calm';
  return value >= rules.stressed ? 'stressed' : value >= rules.elevated ? 'elevated' : 'calm';
}

/** Structure: the fiscal pulse (TGA), the ON RRP buffer, bills supply, funding stress and three tiering spreads. */
export function structureAxis(get: Get): Lens['structure'] {
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
    fiscalPulse: tga ? bySign(tga.change, R.fiscalBn, ['draining', 'neutral', 'adding'] as const) : null,
    rrpBalanceB: rrp ? round(rrp.value, 3) : null,
    rrpBufferState: rrp ? (rrp.value >= R.rrpAmpleBn ? 'ample' : rrp.value >= R.rrpLowBn ? 'low' : 'depleted') : null,
    billsShareContext: {
      levelPct: bills ? round(bills.value, 2) : null,
      direction6m: trendOf(billsTrend?.change, R.billsTrendPp),
    },
    fundingOverride: override === undefined ? null : round(override, 3),
    dominantFundingLeg: dominant,
    cpTbillTiering: {
      spreadBps: cp.value,
      state: cp.state,
      trendBps: cp.trend,
      direction: cp.direction,
      dataAsOf: cp.date,
    },
    hyIgTiering: {
      spreadBps: hyIg.value,
      state: hyIg.state,
      trendBps: hyIg.trend,
      direction: hyIg.direction,
      dataAsOf: hyIg.date,
    },
    bankCashTiering: {
      gapPp: cash.value,
      state: cash.state,
      trendPp: cash.trend,
      direction: cashDirection,
      dataAsOf: cash.date,
    },
    dataAsOf: asOf.date,
  };
}
