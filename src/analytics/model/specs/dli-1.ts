import type { GroupId, ModelSpec } from '../spec.ts';
import { change, LEVEL, namedGroups, scoredInputs } from './parts.ts';

/**
 * dli-1 (2026-11-20 → 2026-11-23): 10 indicators in 4 groups, combined CISS-style. Retired: it rested on the ICE
 * BofA high-yield spread (which FRED now serves for 3 years only, so a fresh install could not rebuild its
 * history), its CISS correlation matrix could go negative (a tighter input could lower the aggregate), and its ON
 * RRP gate switched an input in and out by its own value. Kept for the record and for the variants bench.
 */

/** dli-1's names of the groups, which dli-2 kept. */
export const DLI_1_GROUP_NAMES: Record<GroupId, string> = {
  policy: 'Policy / reserves',
  funding: 'Funding / plumbing',
  credit: 'Credit / intermediation',
  risk: 'Risk / price',
  backstops: 'Backstops',
};

/** ON RRP's depletion gate (Transform `rrp-depletion`). */
const GATE = { kind: 'rrp-depletion', days: 91, maxBalanceB: 500, minDrawdownB: 100, minDrawdownShare: 0.3 } as const;

/** dli-1's inputs, in its order; dli-2 kept most of them as they were. */
export const DLI_1_INDICATORS = scoredInputs({
  'fed-balance-sheet': { group: 'policy', transform: change(91), risingIsTighter: false, minScale: 25, maxAgeDays: 17 },
  tga: { group: 'policy', transform: change(91), risingIsTighter: true, minScale: 25, maxAgeDays: 17 },
  onrrp: { group: 'policy', transform: GATE, risingIsTighter: false, minScale: 25, maxAgeDays: 10 },
  'sofr-iorb': { group: 'funding', transform: LEVEL, risingIsTighter: true, minScale: 1, maxAgeDays: 10 },
  srf: { group: 'funding', transform: LEVEL, risingIsTighter: true, minScale: 5, maxAgeDays: 10 },
  'hy-spread': { group: 'credit', transform: LEVEL, risingIsTighter: true, minScale: 10, maxAgeDays: 10 },
  'bank-cash-buffer': { group: 'credit', transform: LEVEL, risingIsTighter: false, minScale: 0.1, maxAgeDays: 24 },
  vix: { group: 'risk', transform: LEVEL, risingIsTighter: true, minScale: 0.5, maxAgeDays: 10 },
  'dollar-index': { group: 'risk', transform: change(364), risingIsTighter: true, minScale: 0.5, maxAgeDays: 17 },
  'real-yield-10y': { group: 'risk', transform: change(364), risingIsTighter: true, minScale: 0.05, maxAgeDays: 10 },
});

export const DLI_1: ModelSpec = {
  version: 'dli-1',
  summary:
    'A coincident gauge of US-dollar liquidity conditions: 10 indicators in 4 groups, each normalized against its own trailing 5 years, combined CISS-style so that co-moving stress amplifies, reported as the trailing 5-year percentile of the aggregate.',
  aggregation: 'ciss',
  inputs: 'first-seen',
  groups: namedGroups(DLI_1_GROUP_NAMES, { policy: 0.2, funding: 0.2, credit: 0.3, risk: 0.3 }),
  scored: Object.values(DLI_1_INDICATORS),
};
