import type { GroupId, GroupSpec, ModelSpec, ScoredIndicator } from '../spec.ts';
import { DLI_1_INDICATORS } from './dli-1.ts';
import { change, type InputFields, LEVEL, namedGroups, scoredInputs, type Variant, variantSpec } from './parts.ts';

/**
 * dli-3 and the variants fixed in docs/dli-3-protocol.md before any of them was run after 2018: a regime of the
 * quantity and the price of US-dollar funding. The published version is the variant the protocol's in-sample
 * rule chose (DLI_3 below; every variant's figures: docs/methodology.md and `npm run bench:model`).
 *
 * Framework dates (`startsOn`): IOER, and with it the floor system, began on 2008-10-09; the Fed's dollar swap
 * lines on 2007-12-12; the standing repo facility on 2021-07-28. Before 2008-10-09 the Fed's repos were routine
 * open-market operations, not a backstop, so they are not read as one.
 */
export const FLOOR_SYSTEM = '2008-10-09';

/** The backstops' reading: usage in $bn on a log scale, full at 100 (dli-4's V5 reads them on it too). */
export const USAGE = { kind: 'usage', fullB: 100 } as const;
/** A backstop read as its usage, from its framework date. */
const usage = (maxAgeDays: number, startsOn: string): InputFields => ({
  group: 'backstops',
  transform: LEVEL,
  risingIsTighter: true,
  minScale: 1,
  maxAgeDays,
  reading: USAGE,
  startsOn,
});

/** dli-3's inputs; dli-4 kept most of them, named. */
export const DLI_3_INDICATORS = scoredInputs({
  // Reserve ampleness in the Fed's own terms (see the protocol for the source of 13 % and 8 %).
  'reserve-ratio': {
    group: 'policy',
    transform: LEVEL,
    risingIsTighter: false,
    minScale: 0.1,
    maxAgeDays: 24,
    reading: { kind: 'fixed', loose: 13, tight: 8 },
    startsOn: FLOOR_SYSTEM,
  },
  'net-liquidity': { group: 'policy', transform: change(182), risingIsTighter: false, minScale: 25, maxAgeDays: 10 },
  'effr-iorb': {
    group: 'funding',
    transform: LEVEL,
    risingIsTighter: true,
    minScale: 1,
    maxAgeDays: 10,
    startsOn: FLOOR_SYSTEM,
  },
  // dli-1's SOFR − IORB, read as its highest of the last 5 business days (month-end spikes).
  'sofr-iorb': { ...DLI_1_INDICATORS['sofr-iorb'], transform: { kind: 'rolling-max', days: 5 } },
  'cp-tbill-spread': { group: 'funding', transform: LEVEL, risingIsTighter: true, minScale: 2, maxAgeDays: 10 },
  'fed-swap-lines': usage(17, '2007-12-12'),
  'fed-repo': usage(17, FLOOR_SYSTEM),
  srf: usage(10, '2021-07-28'),
  vix: DLI_1_INDICATORS.vix,
});

type IndicatorId = keyof typeof DLI_3_INDICATORS;

/** dli-3's names of the groups; dli-4 renamed the backstops. */
export const DLI_3_GROUP_NAMES: Record<GroupId, string> = {
  policy: 'Quantity: reserves and net liquidity',
  funding: "Price: overnight funding against the Fed's floor",
  backstops: "Backstops: use of the Fed's dollar facilities",
  risk: 'Market stress (confirming)',
  credit: 'Credit',
};

const groups = (weights: Partial<Record<GroupId, number>>, backstops: 'max' | 'mean' = 'max') =>
  namedGroups(DLI_3_GROUP_NAMES, weights, backstops);
const scored = (ids: IndicatorId[]): ScoredIndicator[] => ids.map((id) => DLI_3_INDICATORS[id]);

const QUANTITY: IndicatorId[] = ['reserve-ratio', 'net-liquidity'];
const PRICE: IndicatorId[] = ['effr-iorb', 'sofr-iorb', 'cp-tbill-spread'];
const BACKSTOPS: IndicatorId[] = ['fed-swap-lines', 'fed-repo', 'srf'];
const V2_WEIGHTS = { policy: 0.35, funding: 0.45, backstops: 0.2 };

/** How dli-3 combines and ranks its inputs, which dli-4 kept. */
export const DLI_3_SETTINGS = {
  aggregation: 'weighted-mean',
  // An input whose data stops keeps its last reading (flagged missing): its leaving never moves the headline.
  fadeDays: 1,
  missing: 'hold',
  inputs: 'as-published-today',
  headline: 'like-for-like',
  smoothingDays: 10,
  hysteresis: { riskOffExit: 70, riskOnExit: 30 },
} as const;

const variant = (id: string, summary: string, groups: GroupSpec[], scored: ScoredIndicator[]): Variant => ({
  id,
  spec: { version: `dli-3-${id}`, summary, ...DLI_3_SETTINGS, groups, scored },
});

/** Every variant of the protocol, in its order. */
export const DLI_3_VARIANTS: readonly Variant[] = [
  variant(
    'V1',
    'quantity .45 / price .55, no backstops',
    groups({ policy: 0.45, funding: 0.55 }),
    scored([...QUANTITY, ...PRICE]),
  ),
  variant(
    'V2',
    'quantity .35 / price .45 / backstops .20',
    groups(V2_WEIGHTS),
    scored([...QUANTITY, ...PRICE, ...BACKSTOPS]),
  ),
  variant(
    'V3',
    'V2 with VIX at .10 (.30 / .40 / .20 / .10)',
    groups({ policy: 0.3, funding: 0.4, backstops: 0.2, risk: 0.1 }),
    scored([...QUANTITY, ...PRICE, ...BACKSTOPS, 'vix']),
  ),
  variant(
    'V4',
    'V2 with reserve ampleness as a 5-year percentile',
    groups(V2_WEIGHTS),
    scored([...QUANTITY, ...PRICE, ...BACKSTOPS]).map((s) =>
      s.id === 'reserve-ratio' ? { ...s, reading: { kind: 'percentile' } } : s,
    ),
  ),
  variant(
    'V5',
    'V2 with the backstops averaged, not their maximum',
    groups(V2_WEIGHTS, 'mean'),
    scored([...QUANTITY, ...PRICE, ...BACKSTOPS]),
  ),
];

/**
 * dli-3 is V3, the variant the protocol's rule chose on 2005–2018 alone: 5 of the 7 in-sample criteria (every
 * other variant 4), no monotonicity violation. Its figures after 2018 are reported, not chosen for.
 */
export const DLI_3: ModelSpec = {
  ...variantSpec(DLI_3_VARIANTS, 'dli-3', 'V3'),
  version: 'dli-3',
  summary:
    "A gauge of the quantity and the price of US-dollar funding: reserve ampleness (reserves / bank assets, read on the Fed's own scale), the 26-week flow of net liquidity, overnight funding against the Fed's floor (EFFR − IORB, SOFR − IORB, CP − T-bill) and the use of the Fed's dollar backstops (swap lines, repo), with VIX as a small confirming input (10 %); weighted .30 / .40 / .20 / .10, smoothed over 10 business days and ranked against its own trailing 5 years computed with the same inputs (an input whose data stops keeps its last reading, named missing), so no input's leaving moves the headline by itself. Status changes need confirmation (risk-off from 80 until below 70; risk-on from 20 until above 30).",
};
