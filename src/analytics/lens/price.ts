import { valueAsOf } from '../../timeseries/as-of.ts';
import { round } from '../stats/round.ts';
import type { Lens } from './lens.ts';
import { AsOf, changeOver, type Get, last, trendOf } from './readings.ts';
import { LENS_RULES as R } from './rules.ts';

/** Price: the policy path the 2-year prices, the real yield and its trend, the term premium, the curve. */
export function priceAxis(get: Get): Lens['price'] {
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
