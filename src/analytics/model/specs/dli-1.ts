import type { GroupSpec, ModelSpec, ScoredIndicator } from '../spec.ts';

/**
 * dli-1 (2026-11-20 → 2026-11-23): 10 indicators in 4 groups, combined CISS-style. Retired: it rested on the ICE
 * BofA high-yield spread (which FRED now serves for 3 years only, so a fresh install could not rebuild its
 * history), its CISS correlation matrix could go negative (a tighter input could lower the aggregate), and its ON
 * RRP gate switched an input in and out by its own value. Kept for the record and for the variants bench.
 */
const GROUPS: readonly GroupSpec[] = [
  { id: 'policy', name: 'Policy / reserves', weight: 0.2 },
  { id: 'funding', name: 'Funding / plumbing', weight: 0.2 },
  { id: 'credit', name: 'Credit / intermediation', weight: 0.3 },
  { id: 'risk', name: 'Risk / price', weight: 0.3 },
];

const SCORED: readonly ScoredIndicator[] = [
  {
    id: 'fed-balance-sheet',
    group: 'policy',
    transform: { kind: 'change', days: 91 },
    risingIsTighter: false,
    minScale: 25,
    maxAgeDays: 17,
  },
  {
    id: 'tga',
    group: 'policy',
    transform: { kind: 'change', days: 91 },
    risingIsTighter: true,
    minScale: 25,
    maxAgeDays: 17,
  },
  {
    id: 'onrrp',
    group: 'policy',
    transform: { kind: 'rrp-depletion', days: 91, maxBalanceB: 500, minDrawdownB: 100, minDrawdownShare: 0.3 },
    risingIsTighter: false,
    minScale: 25,
    maxAgeDays: 10,
  },
  {
    id: 'sofr-iorb',
    group: 'funding',
    transform: { kind: 'level' },
    risingIsTighter: true,
    minScale: 1,
    maxAgeDays: 10,
  },
  { id: 'srf', group: 'funding', transform: { kind: 'level' }, risingIsTighter: true, minScale: 5, maxAgeDays: 10 },
  {
    id: 'hy-spread',
    group: 'credit',
    transform: { kind: 'level' },
    risingIsTighter: true,
    minScale: 10,
    maxAgeDays: 10,
  },
  {
    id: 'bank-cash-buffer',
    group: 'credit',
    transform: { kind: 'level' },
    risingIsTighter: false,
    minScale: 0.1,
    maxAgeDays: 24,
  },
  { id: 'vix', group: 'risk', transform: { kind: 'level' }, risingIsTighter: true, minScale: 0.5, maxAgeDays: 10 },
  {
    id: 'dollar-index',
    group: 'risk',
    transform: { kind: 'change', days: 364 },
    risingIsTighter: true,
    minScale: 0.5,
    maxAgeDays: 17,
  },
  {
    id: 'real-yield-10y',
    group: 'risk',
    transform: { kind: 'change', days: 364 },
    risingIsTighter: true,
    minScale: 0.05,
    maxAgeDays: 10,
  },
];

export const DLI_1: ModelSpec = {
  version: 'dli-1',
  summary:
    'A coincident gauge of US-dollar liquidity conditions: 10 indicators in 4 groups, each normalized against its own trailing 5 years, combined CISS-style so that co-moving stress amplifies, reported as the trailing 5-year percentile of the aggregate.',
  aggregation: 'ciss',
  inputs: 'first-seen',
  groups: GROUPS,
  scored: SCORED,
};
