import type { Lens } from './lens.ts';
import { LENS_RULES as R } from './rules.ts';

/** The posture × pulse cell: posture from the structural readings, pulse from the near-term ones, each a vote sum. */
export function synthesis(q: Lens['quantity'], p: Lens['price'], s: Lens['structure']): Lens['synthesis']['cell'] {
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
