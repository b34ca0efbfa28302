import type { GroupId, ModelSpec, ScoredIndicator } from '../spec.ts';
import { DLI_1_GROUP_NAMES, DLI_1_INDICATORS } from './dli-1.ts';
import { change, LEVEL, namedGroups, scoredInputs, type Variant, variantSpec } from './parts.ts';

/**
 * dli-2 and the variants fixed in docs/dli-2-protocol.md before any of them was run. The published version is
 * the variant the protocol's in-sample rule chose (see DLI_2 below and docs/methodology.md for the figures of
 * every variant); the others stay here so the bench can re-run the whole comparison.
 *
 * Robust-scale floors (`minScale`) are in the transformed value's unit and only matter where an input sits still
 * for long stretches (SRF usage is zero most days, so its MAD is 0); staleness ages follow each release's cadence
 * plus its lag.
 */
const INDICATORS = {
  ...DLI_1_INDICATORS,
  ...scoredInputs({
    // Cash parked at the Fed's reverse-repo facility is cash not held as reserves: a rising balance drains them.
    onrrp: { group: 'policy', transform: change(91), risingIsTighter: true, minScale: 25, maxAgeDays: 10 },
    'reserve-buffer': { group: 'policy', transform: LEVEL, risingIsTighter: false, minScale: 0.1, maxAgeDays: 17 },
    'cp-tbill-spread': { group: 'funding', transform: LEVEL, risingIsTighter: true, minScale: 2, maxAgeDays: 10 },
    'term-premium-10y': { group: 'risk', transform: change(91), risingIsTighter: true, minScale: 0.05, maxAgeDays: 10 },
  }),
};

type IndicatorId = keyof typeof INDICATORS;

const scored = (ids: IndicatorId[]): ScoredIndicator[] => ids.map((id) => INDICATORS[id]);
const groups = (weights: Partial<Record<GroupId, number>>) => namedGroups(DLI_1_GROUP_NAMES, weights);

const V1_INPUTS: IndicatorId[] = [
  'fed-balance-sheet',
  'tga',
  'onrrp',
  'cp-tbill-spread',
  'sofr-iorb',
  'srf',
  'vix',
  'dollar-index',
  'real-yield-10y',
];

/** Variant `id` of the protocol: its summary, group weights and inputs. */
const variant = (
  id: string,
  summary: string,
  weights: Partial<Record<GroupId, number>>,
  ids: IndicatorId[],
  more: Pick<ModelSpec, 'weighting'> = {},
): Variant => ({
  id,
  spec: {
    version: `dli-2-${id}`,
    summary,
    aggregation: 'weighted-mean',
    fadeDays: 20,
    inputs: 'as-published-today',
    ...more,
    groups: groups(weights),
    scored: scored(ids),
  },
});
const V1_WEIGHTS = { policy: 0.25, funding: 0.25, risk: 0.5 };

/** Every variant of the protocol, in its order. */
export const DLI_2_VARIANTS: readonly Variant[] = [
  variant('V1', 'policy, funding, risk at .25/.25/.50', V1_WEIGHTS, V1_INPUTS),
  variant(
    'V2',
    'V1 plus credit (bank cash buffer) at .20/.20/.20/.40',
    { policy: 0.2, funding: 0.2, credit: 0.2, risk: 0.4 },
    [...V1_INPUTS, 'bank-cash-buffer'],
  ),
  variant('V3', 'V1 at .20/.30/.50', { policy: 0.2, funding: 0.3, risk: 0.5 }, V1_INPUTS),
  variant(
    'V4',
    'V1 at .15/.15/.70 (under the 30 % policy + funding floor)',
    { policy: 0.15, funding: 0.15, risk: 0.7 },
    V1_INPUTS,
  ),
  variant('V5', 'V1 plus the 10-year term premium in risk', V1_WEIGHTS, [...V1_INPUTS, 'term-premium-10y']),
  variant('V6', 'V1 plus the reserve buffer in policy', V1_WEIGHTS, [...V1_INPUTS, 'reserve-buffer']),
  variant(
    'V7',
    'V1 with risk = VIX only',
    V1_WEIGHTS,
    V1_INPUTS.filter((id) => id !== 'dollar-index' && id !== 'real-yield-10y'),
  ),
  variant('V8', 'V1 with every indicator weighted equally', { policy: 1, funding: 1, risk: 1 }, V1_INPUTS, {
    weighting: 'equal-indicators',
  }),
];

/** Share of the weight policy and funding keep together (the protocol's 30 % floor). */
export function policyFundingShare(spec: ModelSpec): number {
  if (spec.weighting === 'equal-indicators') {
    return spec.scored.filter((s) => s.group === 'policy' || s.group === 'funding').length / spec.scored.length;
  }
  const total = spec.groups.reduce((sum, g) => sum + g.weight, 0);
  const kept = spec.groups.filter((g) => g.id === 'policy' || g.id === 'funding').reduce((s, g) => s + g.weight, 0);
  return kept / total;
}

/**
 * dli-2 is V7, the variant the protocol's rule chose on 2005–2018 alone (highest mean ρ with NFCI and STLFSI4,
 * 0.258; every other variant was negative in-sample). Its out-of-sample figures are reported, not chosen for.
 */
export const DLI_2: ModelSpec = {
  ...variantSpec(DLI_2_VARIANTS, 'dli-2', 'V7'),
  version: 'dli-2',
  summary:
    'A coincident gauge of US-dollar liquidity conditions: 7 indicators in 3 groups (policy: Fed balance sheet, TGA and ON RRP as 13-week changes; funding: CP − T-bill, SOFR − IORB, standing repo; risk: VIX), each ranked against its own trailing 5 years, averaged with fixed weights (.25 / .25 / .50) so a tighter input can never lower the score, and reported as the trailing 5-year percentile of that average.',
};
