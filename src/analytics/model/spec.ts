/**
 * The dli-1 liquidity model, as data. Every number the methodology quotes is defined here once; a change to any
 * of them is a new model version with a changelog entry (docs/methodology.md).
 */
export const MODEL_VERSION = 'dli-1';

export interface ModelSpec {
  version: string;
  groups: readonly GroupSpec[];
  scored: readonly ScoredIndicator[];
}

export type GroupId = 'policy' | 'funding' | 'credit' | 'risk';

export interface GroupSpec {
  id: GroupId;
  name: string;
  weight: number;
}

export const GROUPS: readonly GroupSpec[] = [
  { id: 'policy', name: 'Policy / reserves', weight: 0.2 },
  { id: 'funding', name: 'Funding / plumbing', weight: 0.2 },
  { id: 'credit', name: 'Credit / intermediation', weight: 0.3 },
  { id: 'risk', name: 'Risk / price', weight: 0.3 },
];

export type Transform =
  | { kind: 'level' }
  /** Change over `days` calendar days, in the series' unit. */
  | { kind: 'change'; days: number }
  /**
   * ON RRP as a depletion signal: the change over `days`, counted only while the balance is at most
   * `maxBalanceB` and has fallen by at least `minDrawdownB` and by `minDrawdownShare` of its earlier level;
   * otherwise dormant (out of the group average).
   */
  | { kind: 'rrp-depletion'; days: number; maxBalanceB: number; minDrawdownB: number; minDrawdownShare: number };

export interface ScoredIndicator {
  id: string;
  group: GroupId;
  transform: Transform;
  /** Whether a rising transformed value means tighter liquidity. */
  risingIsTighter: boolean;
  /** Floor of the robust scale (unit of the transformed value): SRF usage is zero most days, so its MAD is 0. */
  minScale: number;
  /**
   * An input older than this on a given day is stale: still used (up to WINDOWS.carryForwardDays) so the score
   * does not jump when a provider is late, but it lowers confidence.
   */
  maxAgeDays: number;
}

export const SCORED: readonly ScoredIndicator[] = [
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

export const WINDOWS = {
  /** Trailing window of each indicator's normalization: 5 years of business days. */
  normalizationDays: 1305,
  /** Readings start once an indicator has a year of history in its window. */
  minHistory: 260,
  /** Robust z-scores are clipped to ±3. */
  winsorZ: 3,
  /** Trailing window of the headline percentile: 5 years of business days. */
  headlineDays: 1305,
  /** The headline starts once the aggregate has a year of history. */
  headlineMinHistory: 260,
  /** EWMA decay of the sub-index correlation matrix per business day (half-life ≈ 47 days, CISS's 0.93 weekly). */
  ewmaLambda: 0.985,
  /** An input older than this on a given day is missing that day (and leaves its group average). */
  carryForwardDays: 45,
  /** Fewest groups that must report for a day's aggregate. */
  minGroups: 2,
} as const;

export const THRESHOLDS = {
  /** percentile5y at or above: risk-off (tight). */
  riskOff: 80,
  /** percentile5y at or below: risk-on (loose). */
  riskOn: 20,
  /** Headline change over momentumDays that counts as improving (≤ −) or deteriorating (≥ +). */
  momentumPoints: 5,
  momentumDays: 7,
  /** A driver is tightening at z ≥ +0.5, easing at z ≤ −0.5, otherwise neutral. */
  driverZ: 0.5,
  /** How many drivers the regime lists. */
  drivers: 5,
} as const;

/** The model's first day: normalization needs history, so readings begin a year later. */
export const MODEL_START = '2003-01-01';

export const DLI_1: ModelSpec = { version: MODEL_VERSION, groups: GROUPS, scored: SCORED };
