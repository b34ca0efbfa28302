/** Every threshold of the lens, in one place: documented in docs/methodology.md and anchored to the real distributions. */
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
