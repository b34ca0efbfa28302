import type { Lens } from './lens.ts';
import { bySign } from './readings.ts';
import { LENS_RULES as R } from './rules.ts';

/** The posture × pulse cell: posture from the structural readings, pulse from the near-term ones, each a vote sum. */
export function synthesis(q: Lens['quantity'], p: Lens['price'], s: Lens['structure']): Lens['synthesis']['cell'] {
  const postureParts = [
    vote(q.bufferState, 'ample', 'scarce'),
    vote(s.rrpBufferState, 'ample', 'depleted'),
    vote(p.pathPricing, 'cuts', 'hikes'),
  ];
  const pulseParts = [
    vote(q.stance, 'expanding', 'draining'),
    vote(s.fiscalPulse, 'adding', 'draining'),
    vote(p.realYieldTrend, 'falling', 'rising'),
    s.fundingOverride === null ? null : s.fundingOverride >= R.pulseOverride ? -1 : 0,
  ];
  const score = (parts: Array<number | null>) => {
    const known = parts.filter((x): x is number => x !== null);
    return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
  };
  const posture = score(postureParts);
  const pulse = score(pulseParts);
  return {
    posture: posture === null ? null : bySign(posture, 1, ['supportive', 'neutral', 'restrictive'] as const),
    pulse: pulse === null ? null : bySign(pulse, 1, ['easing', 'steady', 'tightening'] as const),
  };
}

/** A reading's vote: +1 when it reads `up` (looser), −1 when `down` (tighter), 0 otherwise; null when unknown. */
function vote<T extends string>(value: T | null, up: T, down: T): number | null {
  return value === null ? null : value === up ? 1 : value === down ? -1 : 0;
}
