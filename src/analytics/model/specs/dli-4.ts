import { type GroupId, type ModelSpec, type ScoredIndicator, THRESHOLDS } from '../spec.ts';
import { DLI_3_GROUP_NAMES, DLI_3_INDICATORS, DLI_3_SETTINGS, FLOOR_SYSTEM, USAGE } from './dli-3.ts';
import { type InputFields, namedGroups, scoredInputs, type Variant, variantSpec } from './parts.ts';

/**
 * dli-4 and the variants fixed in docs/dli-4-protocol.md before any of them was run after 2018. dli-3's quantity and
 * price of US-dollar funding, with three changes: a fresh draw on a Fed facility reads as stress (the backstops read
 * as new draws, with the Fed's lending to banks among them, and in V3–V5 put a floor under the level); the Fed's
 * emergency lending no longer reads as easing (the net-liquidity flow is measured less the backstops); and a status
 * is given only on a day with live data enough (readingRule `provisional`).
 *
 * Framework dates as dli-3 (docs/dli-3-protocol.md), and SOFR's first publication (2018-04-02): before it SOFR − IORB
 * does not exist, so it is no part of the nominal weight rather than missing.
 */
/** The status's exits, dli-3's (entries: THRESHOLDS in spec.ts): DLI_4's summary states them from here. */
const HYSTERESIS = DLI_3_SETTINGS.hysteresis;

const NEW_DRAW = { kind: 'new-draw', lookbackDays: 364, fadeDays: 91, fullB: 100 } as const;
const backstop = (label: string, maxAgeDays: number, startsOn?: string): InputFields => ({
  group: 'backstops',
  transform: NEW_DRAW,
  risingIsTighter: true,
  minScale: 0.01,
  maxAgeDays,
  label,
  reading: { kind: 'as-is' },
  ...(startsOn ? { startsOn } : {}),
});
/** The net-liquidity flow, of net liquidity (`net-liquidity`) or of it less the backstops (`core-net-liquidity`). */
const FLOW = { ...DLI_3_INDICATORS['net-liquidity'], label: 'net liquidity flow' };

/** dli-3's inputs, named, with SOFR − IORB from its first publication; the backstops read as new draws. */
const INDICATORS = scoredInputs({
  // Reserve ampleness in the Fed's own terms (dli-3's map and source).
  'reserve-ratio': { ...DLI_3_INDICATORS['reserve-ratio'], label: 'reserves / bank assets' },
  'net-liquidity': FLOW,
  // Net liquidity less the swap lines, the Fed's repo and its lending: crisis lending is not easing.
  'core-net-liquidity': FLOW,
  'effr-iorb': { ...DLI_3_INDICATORS['effr-iorb'], label: 'EFFR − IORB' },
  'sofr-iorb': { ...DLI_3_INDICATORS['sofr-iorb'], label: 'SOFR − IORB', startsOn: '2018-04-02' },
  'cp-tbill-spread': { ...DLI_3_INDICATORS['cp-tbill-spread'], label: 'CP − T-bill' },
  'fed-swap-lines': backstop('swap lines', 17, '2007-12-12'),
  'fed-repo': backstop('Fed repo', 17, FLOOR_SYSTEM),
  srf: backstop('standing repo', 10, '2021-07-28'),
  'fed-lending': backstop('Fed lending to banks', 17),
  vix: { ...DLI_3_INDICATORS.vix, label: 'VIX' },
});

type IndicatorId = keyof typeof INDICATORS;

const NAMES = { ...DLI_3_GROUP_NAMES, backstops: "Backstops: new draws on the Fed's facilities" };

const groups = (weights: Partial<Record<GroupId, number>>) => namedGroups(NAMES, weights, 'max');
const scored = (ids: IndicatorId[]): ScoredIndicator[] => ids.map((id) => INDICATORS[id]);

const PRICE: IndicatorId[] = ['effr-iorb', 'sofr-iorb', 'cp-tbill-spread'];
const BACKSTOPS: IndicatorId[] = ['fed-swap-lines', 'fed-repo', 'srf', 'fed-lending'];
const CORE: IndicatorId[] = ['reserve-ratio', 'core-net-liquidity', ...PRICE, ...BACKSTOPS, 'vix'];
const IN_THE_MEAN = { policy: 0.3, funding: 0.4, backstops: 0.2, risk: 0.1 };
// V1's weights without the backstops, rescaled to 1; the backstops carry no weight: they are the floor.
const WITH_A_FLOOR = { policy: 0.375, funding: 0.5, backstops: 0, risk: 0.125 };

/** V4's fixed maps (docs/dli-4-protocol.md): bp against IORB, the lens's CP − bill marks, VIX's calm and crisis. */
const FIXED: Partial<Record<IndicatorId, ScoredIndicator['reading']>> = {
  'effr-iorb': { kind: 'fixed', loose: -10, tight: 10 },
  'sofr-iorb': { kind: 'fixed', loose: -10, tight: 10 },
  'cp-tbill-spread': { kind: 'fixed', loose: 10, tight: 100 },
  vix: { kind: 'fixed', loose: 12, tight: 40 },
};

/** Variant `id`: dli-3's settings with the `provisional` reading rule; V3–V5 put the backstops under the level. */
const variant = (id: string, summary: string, scored: ScoredIndicator[], floored = true): Variant => ({
  id,
  spec: {
    version: `dli-4-${id}`,
    summary,
    ...DLI_3_SETTINGS,
    readingRule: 'provisional',
    groups: groups(floored ? WITH_A_FLOOR : IN_THE_MEAN),
    ...(floored ? { floor: 'backstops' } : {}),
    scored,
  },
});

/** Every variant of the protocol, in its order. */
export const DLI_4_VARIANTS: readonly Variant[] = [
  variant(
    'V1',
    'dli-3 with the backstops read as new draws, Fed lending among them, in the mean',
    scored(CORE.map((id) => (id === 'core-net-liquidity' ? 'net-liquidity' : id))),
    false,
  ),
  variant('V2', 'V1 with the net-liquidity flow less the backstops', scored(CORE), false),
  variant('V3', 'V2 with the backstops as a floor under the level instead of in the mean', scored(CORE)),
  variant(
    'V4',
    'V3 with the price inputs and VIX read on fixed maps',
    scored(CORE).map((s) => {
      const reading = FIXED[s.id as IndicatorId];
      return reading ? { ...s, reading } : s;
    }),
  ),
  variant(
    'V5',
    'V3 with the backstops read as outstanding usage (dli-3’s map)',
    scored(CORE).map((s) =>
      s.group === 'backstops' ? { ...s, transform: { kind: 'level' }, reading: USAGE, minScale: 1 } : s,
    ),
  ),
];

/**
 * dli-4 is V3, the variant the protocol's rule chose on 2005–2018 alone: 6 of the 7 in-sample criteria among the
 * variants that keep the guarantees (V4 met 7 but its composition changes moved the headline by up to 37 points in
 * 2004, over the protocol's 5). Its figures after 2018 are reported, not chosen for (docs/methodology.md).
 */
export const DLI_4: ModelSpec = {
  ...variantSpec(DLI_4_VARIANTS, 'dli-4', 'V3'),
  version: 'dli-4',
  summary: `A gauge of the quantity and the price of US-dollar funding, read against the Fed's own terms: reserve ampleness (reserves / bank assets on the Fed's scale), the 26-week flow of net liquidity less the Fed's backstop lending (so that crisis lending never reads as easing), overnight funding against the Fed's floor (EFFR − IORB, SOFR − IORB, CP − T-bill) and VIX as a small confirming input, weighted .375 / .50 / .125 and smoothed over 10 business days; a fresh draw on a Fed backstop (swap lines, Fed repo, standing repo, the Fed's lending to banks: primary credit, BTFP, other credit) puts a floor under it. The result is the level, on its own fixed 0–100 scale; the headline is its rank against its trailing 5 years computed with the same inputs. A day has a status only when inputs carrying at least half of the weight have fresh data (risk-off from ${THRESHOLDS.riskOff} until below ${HYSTERESIS.riskOffExit}, risk-on from ${THRESHOLDS.riskOn} until above ${HYSTERESIS.riskOnExit}); newer days are provisional.`,
};
