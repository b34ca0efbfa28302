import type { Writer } from './writer.ts';

const ORDINAL_RULES = new Intl.PluralRules('en-US', { type: 'ordinal' });
const SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** English ordinals: 1st, 2nd, 3rd, 11th, 53rd. */
export function ordinal(k: number): string {
  return `${k}${SUFFIX[ORDINAL_RULES.select(k)] ?? 'th'}`;
}

/** The lens narrative in English, written as a native reader expects (not a word-for-word copy). */
export const en: Writer = {
  labels: {
    supportive: 'supportive',
    neutral: 'neutral',
    restrictive: 'restrictive',
    easing: 'easing',
    steady: 'steady',
    tightening: 'tightening',
    ample: 'ample',
    adequate: 'adequate',
    scarce: 'scarce',
    cuts: 'rate cuts',
    'on-hold': 'rates on hold',
    hikes: 'rate hikes',
    'fiscal-adding': 'adding liquidity',
    'fiscal-draining': 'draining liquidity',
    'fiscal-neutral': 'roughly neutral for liquidity',
    low: 'low',
    depleted: 'depleted',
    'sofr-iorb': 'repo rates above IORB',
    srf: 'standing repo borrowing',
  },
  cell: (posture, pulse) => `Dollar liquidity is structurally ${posture} and the near-term pulse is ${pulse}.`,
  quantity: (f, n) =>
    `Net liquidity ${f.flow! >= 0 ? 'rose' : 'fell'} by $${n.abs(f.flow!, 0)} billion in the four weeks to ${n.date(f.flowDate!)}, the ${ordinal(Math.round(f.dial!))} percentile of the past five years` +
    (f.bufferPct !== null
      ? `, and reserves plus ON RRP equal ${n.num(f.bufferPct, 1)}% of bank assets (${n.l(f.bufferState)}).`
      : '.'),
  price: (f, n) =>
    `The 2-year yield is ${n.abs(f.pathSpreadBps!, 0)} bp ${f.pathSpreadBps! >= 0 ? 'above' : 'below'} effective fed funds, pricing ${n.l(f.pathPricing)}` +
    (f.realYieldPct !== null && f.realYieldTrendPp !== null
      ? `, while the 10-year real yield stands at ${n.num(f.realYieldPct, 2)}% (${f.realYieldTrendPp >= 0 ? '+' : '−'}${n.abs(f.realYieldTrendPp, 2)} pp over three months).`
      : '.'),
  tga: (f, n) =>
    `The Treasury General Account ${f.tgaFlow! >= 0 ? 'grew' : 'shrank'} by $${n.abs(f.tgaFlow!, 0)} billion over four weeks (${n.l(`fiscal-${f.fiscalPulse}`)})`,
  rrp: (f, n) => `the ON RRP holds $${n.num(f.rrpBalanceB!, 1)} billion (${n.l(f.rrpBufferState)})`,
  and: ' and ',
  funding: (f, n) =>
    `; funding stress is led by ${n.l(f.dominantFundingLeg)} (intensity ${n.num(f.fundingOverride!, 2)}).`,
  fullStop: '.',
  limited: 'Other readings are not yet available.',
};
