import type { GroupId, GroupSpec, ModelSpec, ScoredIndicator } from '../spec.ts';

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
  'fed-balance-sheet': {
    id: 'fed-balance-sheet',
    group: 'policy',
    transform: { kind: 'change', days: 91 },
    risingIsTighter: false,
    minScale: 25,
    maxAgeDays: 17,
  },
  tga: {
    id: 'tga',
    group: 'policy',
    transform: { kind: 'change', days: 91 },
    risingIsTighter: true,
    minScale: 25,
    maxAgeDays: 17,
  },
  // Cash parked at the Fed's reverse-repo facility is cash not held as reserves: a rising balance drains them.
  onrrp: {
    id: 'onrrp',
    group: 'policy',
    transform: { kind: 'change', days: 91 },
    risingIsTighter: true,
    minScale: 25,
    maxAgeDays: 10,
  },
  'reserve-buffer': {
    id: 'reserve-buffer',
    group: 'policy',
    transform: { kind: 'level' },
    risingIsTighter: false,
    minScale: 0.1,
    maxAgeDays: 17,
  },
  'cp-tbill-spread': {
    id: 'cp-tbill-spread',
    group: 'funding',
    transform: { kind: 'level' },
    risingIsTighter: true,
    minScale: 2,
    maxAgeDays: 10,
  },
  'sofr-iorb': {
    id: 'sofr-iorb',
    group: 'funding',
    transform: { kind: 'level' },
    risingIsTighter: true,
    minScale: 1,
    maxAgeDays: 10,
  },
  srf: {
    id: 'srf',
    group: 'funding',
    transform: { kind: 'level' },
    risingIsTighter: true,
    minScale: 5,
    maxAgeDays: 10,
  },
  'bank-cash-buffer': {
    id: 'bank-cash-buffer',
    group: 'credit',
    transform: { kind: 'level' },
    risingIsTighter: false,
    minScale: 0.1,
    maxAgeDays: 24,
  },
  vix: { id: 'vix', group: 'risk', transform: { kind: 'level' }, risingIsTighter: true, minScale: 0.5, maxAgeDays: 10 },
  'dollar-index': {
    id: 'dollar-index',
    group: 'risk',
    transform: { kind: 'change', days: 364 },
    risingIsTighter: true,
    minScale: 0.5,
    maxAgeDays: 17,
  },
  'real-yield-10y': {
    id: 'real-yield-10y',
    group: 'risk',
    transform: { kind: 'change', days: 364 },
    risingIsTighter: true,
    minScale: 0.05,
    maxAgeDays: 10,
  },
  'term-premium-10y': {
    id: 'term-premium-10y',
    group: 'risk',
    transform: { kind: 'change', days: 91 },
    risingIsTighter: true,
    minScale: 0.05,
    maxAgeDays: 10,
  },
} as const satisfies Record<string, ScoredIndicator>;

type IndicatorId = keyof typeof INDICATORS;

const NAMES: Record<GroupId, string> = {
  policy: 'Policy / reserves',
  funding: 'Funding / plumbing',
  credit: 'Credit / intermediation',
  risk: 'Risk / price',
  backstops: 'Backstops',
};

const groups = (weights: Partial<Record<GroupId, number>>): GroupSpec[] =>
  (Object.keys(weights) as GroupId[]).map((id) => ({ id, name: NAMES[id], weight: weights[id]! }));
const scored = (ids: IndicatorId[]): ScoredIndicator[] => ids.map((id) => INDICATORS[id]);

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

const base = (
  id: string,
  summary: string,
): Pick<ModelSpec, 'summary' | 'aggregation' | 'fadeDays' | 'inputs'> & {
  version: string;
} => ({ version: id, summary, aggregation: 'weighted-mean', fadeDays: 20, inputs: 'as-published-today' });

/** Every variant of the protocol, in its order. */
export const DLI_2_VARIANTS: ReadonlyArray<{ id: string; spec: ModelSpec }> = [
  {
    id: 'V1',
    spec: {
      ...base('dli-2-V1', 'policy, funding, risk at .25/.25/.50'),
      groups: groups({ policy: 0.25, funding: 0.25, risk: 0.5 }),
      scored: scored(V1_INPUTS),
    },
  },
  {
    id: 'V2',
    spec: {
      ...base('dli-2-V2', 'V1 plus credit (bank cash buffer) at .20/.20/.20/.40'),
      groups: groups({ policy: 0.2, funding: 0.2, credit: 0.2, risk: 0.4 }),
      scored: scored([...V1_INPUTS, 'bank-cash-buffer']),
    },
  },
  {
    id: 'V3',
    spec: {
      ...base('dli-2-V3', 'V1 at .20/.30/.50'),
      groups: groups({ policy: 0.2, funding: 0.3, risk: 0.5 }),
      scored: scored(V1_INPUTS),
    },
  },
  {
    id: 'V4',
    spec: {
      ...base('dli-2-V4', 'V1 at .15/.15/.70 (under the 30 % policy + funding floor)'),
      groups: groups({ policy: 0.15, funding: 0.15, risk: 0.7 }),
      scored: scored(V1_INPUTS),
    },
  },
  {
    id: 'V5',
    spec: {
      ...base('dli-2-V5', 'V1 plus the 10-year term premium in risk'),
      groups: groups({ policy: 0.25, funding: 0.25, risk: 0.5 }),
      scored: scored([...V1_INPUTS, 'term-premium-10y']),
    },
  },
  {
    id: 'V6',
    spec: {
      ...base('dli-2-V6', 'V1 plus the reserve buffer in policy'),
      groups: groups({ policy: 0.25, funding: 0.25, risk: 0.5 }),
      scored: scored([...V1_INPUTS, 'reserve-buffer']),
    },
  },
  {
    id: 'V7',
    spec: {
      ...base('dli-2-V7', 'V1 with risk = VIX only'),
      groups: groups({ policy: 0.25, funding: 0.25, risk: 0.5 }),
      scored: scored(V1_INPUTS.filter((id) => id !== 'dollar-index' && id !== 'real-yield-10y')),
    },
  },
  {
    id: 'V8',
    spec: {
      ...base('dli-2-V8', 'V1 with every indicator weighted equally'),
      weighting: 'equal-indicators',
      groups: groups({ policy: 1, funding: 1, risk: 1 }),
      scored: scored(V1_INPUTS),
    },
  },
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

function variant(id: string): ModelSpec {
  const found = DLI_2_VARIANTS.find((v) => v.id === id);
  if (!found) throw new Error(`no dli-2 variant ${id}`);
  return found.spec;
}

/**
 * dli-2 is V7, the variant the protocol's rule chose on 2005–2018 alone (highest mean ρ with NFCI and STLFSI4,
 * 0.258; every other variant was negative in-sample). Its out-of-sample figures are reported, not chosen for.
 */
export const DLI_2: ModelSpec = {
  ...variant('V7'),
  version: 'dli-2',
  summary:
    'A coincident gauge of US-dollar liquidity conditions: 7 indicators in 3 groups (policy: Fed balance sheet, TGA and ON RRP as 13-week changes; funding: CP − T-bill, SOFR − IORB, standing repo; risk: VIX), each ranked against its own trailing 5 years, averaged with fixed weights (.25 / .25 / .50) so a tighter input can never lower the score, and reported as the trailing 5-year percentile of that average.',
};
