import { firstIndexOnOrAfter, valueAsOf } from '../../timeseries/as-of.ts';
import { addDays } from '../../timeseries/dates.ts';
import { mean } from '../stats/mean.ts';
import { percentRank } from '../stats/percent-rank.ts';
import { round } from '../stats/round.ts';
import type { BufferState, Lens, Stance } from './lens.ts';
import { AsOf, changeOver, type Get, last } from './readings.ts';
import { LENS_RULES as R } from './rules.ts';

/** Quantity: the net-liquidity flow and its dial, the reserve buffer, standing-repo use, and whether funding rates confirm the flow. */
export function quantityAxis(get: Get): Lens['quantity'] {
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
    srfShare = round(recent.filter((o) => o.value > 0).length / recent.length, 3);
  }
  const spread = get('sofr-iorb');
  const recentSpread = spread.slice(-R.realizedMeanDays);
  const meanSpread = recentSpread.length > 0 ? mean(recentSpread.map((o) => o.value)) : undefined;
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
