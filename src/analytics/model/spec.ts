/**
 * What a model version is, as data: its groups and weights, its scored indicators and their transforms, and how
 * they are combined. Every number the methodology quotes is defined once, in the version's file under specs/; a
 * change to any of them is a new version with a changelog entry (docs/methodology.md).
 */
export interface ModelSpec {
  version: string;
  /** One sentence: what this version is. */
  summary: string;
  /**
   * How group sub-indices combine: `ciss` (dli-1: √((w∘s)ᵀ C (w∘s)) with C an EWMA correlation matrix, which can
   * go negative) or `weighted-mean` (dli-2: Σ w s / Σ w with weights that never depend on the values).
   */
  aggregation: 'ciss' | 'weighted-mean';
  groups: readonly GroupSpec[];
  scored: readonly ScoredIndicator[];
  /** weighted-mean: business days over which an input's weight fades in (data starts) or out (data stops). */
  fadeDays?: number;
  /** weighted-mean: `groups` (default) uses the group weights; `equal-indicators` weighs every indicator alike. */
  weighting?: 'groups' | 'equal-indicators';
  /**
   * How inputs are dated. `first-seen` (dli-1): strictly point-in-time — each observation and revision from the day
   * the store first saw it (or its publication lag) — so a fresh install rebuilds a different history than a
   * long-running one. `as-published-today` (dli-2): every observation at its current value from its date plus its
   * lag, which any install rebuilds alike.
   */
  inputs: 'first-seen' | 'as-published-today';
  /**
   * How the headline ranks the aggregate. `pooled` (dli-1, dli-2): against the trailing 5 years of the aggregate as
   * published, whatever inputs made it. `like-for-like` (dli-3): against the trailing 5 years recomputed with
   * today's composition (the inputs live today, at today's weights; a past day without one of them is computed
   * without it), so an input that stops or starts changes both sides of the comparison alike (like-for-like.ts).
   */
  headline?: 'pooled' | 'like-for-like';
  /**
   * weighted-mean: an input whose data stops. `fade` (dli-2, the default): after the 45-day hold its weight fades
   * out over `fadeDays`. `hold` (dli-3): it keeps its weight at its last reading, named missing in the coverage, so
   * that its leaving never moves the headline by itself.
   */
  missing?: 'fade' | 'hold';
  /** like-for-like: business days of the trailing mean the aggregate is smoothed by before it is ranked. */
  smoothingDays?: number;
  /**
   * Status hysteresis (dli-3): risk-off from THRESHOLDS.riskOff until below `riskOffExit`, risk-on from
   * THRESHOLDS.riskOn until above `riskOnExit`. Absent: the status is the day's headline's alone.
   */
  hysteresis?: { riskOffExit: number; riskOnExit: number };
  /**
   * dli-4: a group that is not in the weighted mean but puts a floor under it — level = max(smoothed aggregate,
   * the group's reading that day). The backstops: a fresh draw on a Fed facility is stress whatever else reads.
   */
  floor?: GroupId;
  /**
   * What a day needs to carry a status. `hold` (dli-3): every scored day has one, held on days under half of the
   * nominal weight live. `provisional` (dli-4): only a day whose inputs carrying half of the nominal weight have
   * fresh data (within their staleness age) has a reading and a status, the rule running over those days alone.
   */
  readingRule?: 'hold' | 'provisional';
}

/** A reading's status, and how confident it is (the rules: regime.ts, liquidity-model.ts). */
export const STATUSES = ['risk-on', 'neutral', 'risk-off'] as const;
export const CONFIDENCES = ['high', 'medium', 'low'] as const;
export type Status = (typeof STATUSES)[number];

export const GROUP_IDS = ['policy', 'funding', 'credit', 'risk', 'backstops'] as const;
export type GroupId = (typeof GROUP_IDS)[number];

export interface GroupSpec {
  id: GroupId;
  name: string;
  weight: number;
  /**
   * How the members make the group's reading: `mean` (default: presence-weighted mean) or `max` (the tightest
   * member: dli-3's backstops, where one facility in use is the signal however many others sit idle).
   */
  combine?: 'mean' | 'max';
}

export type Transform =
  | { kind: 'level' }
  /** Change over `days` calendar days, in the series' unit. */
  | { kind: 'change'; days: number }
  /**
   * ON RRP as a depletion signal: the change over `days`, counted only while the balance is at most
   * `maxBalanceB` and has fallen by at least `minDrawdownB` and by `minDrawdownShare` of its earlier level;
   * otherwise dormant (out of the group average).
   */
  | { kind: 'rrp-depletion'; days: number; maxBalanceB: number; minDrawdownB: number; minDrawdownShare: number }
  /** The highest value of the last `days` business days (SOFR − IORB: catches month-end spikes). */
  | { kind: 'rolling-max'; days: number }
  /**
   * dli-4's backstops: a new draw on a facility, read at once and fading. On each grid day t with usage u (USD bn),
   * draw(t) = max(0, u(t) − the highest u of the grid days in the previous `lookbackDays` calendar days); the value
   * is the largest usage-map reading m(draw(s)) × (1 − (t − s) / fadeDays) over the grid days s of the last
   * `fadeDays` calendar days, m(x) = min(1, ln(1 + x) / ln(1 + fullB)). Already a reading in [0, 1].
   */
  | { kind: 'new-draw'; lookbackDays: number; fadeDays: number; fullB: number };

/**
 * How a transformed value becomes a tightness reading in [0, 1]:
 * - `percentile` (default): its rank in its own trailing 5 years (a relative reading);
 * - `fixed`: a documented map from the value itself — linear from `loose` (reads 0) to `tight` (reads 1), clamped;
 *   `tight` below `loose` means falling is tighter (reserves / bank assets: 13 % → 0, 8 % → 1);
 * - `usage`: a backstop's usage in $bn, log(1 + usage) / log(1 + fullB), capped at 1 (nothing used reads 0).
 */
export type Reading =
  | { kind: 'percentile' }
  /** The transformed value is already a reading in [0, 1] (the `new-draw` transform). */
  | { kind: 'as-is' }
  | { kind: 'fixed'; loose: number; tight: number }
  | { kind: 'usage'; fullB: number };

export interface ScoredIndicator {
  id: string;
  /** The input as the methodology and the pages name it (dli-4; otherwise the catalog's name). */
  label?: string;
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
  /** Default `percentile`. */
  reading?: Reading;
  /**
   * Framework date: before it the indicator has no reading, whatever its value (IOER and the floor system began
   * on 2008-10-09; the dollar swap lines on 2007-12-12). The date decides, never the value.
   */
  startsOn?: string;
}

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
  /** dli-1: a driver is tightening at z ≥ +0.5, easing at z ≤ −0.5, otherwise neutral. */
  driverZ: 0.5,
  /**
   * dli-2: a driver is tightening when its contribution to the aggregate's change over the momentum window is at
   * least +0.005 (half a percentile point of the aggregate), easing at −0.005 or less, otherwise neutral.
   */
  driverContribution: 0.005,
  /** How many drivers the regime lists. */
  drivers: 5,
  /** dli-3: under this share of the nominal weight with live data, confidence is low and the reading says so. */
  minLiveWeight: 0.5,
} as const;

/**
 * dli-4's words for the level, its fixed 0–100 scale (not ranked against anything): each band from its lower bound.
 * The satiation band of reserves (12–13 % of bank assets) is the NY Fed staff's, cited in docs/dli-3-protocol.md.
 */
export const LEVEL_BANDS = [
  { id: 'abundant', from: 0, words: 'abundant' },
  { id: 'ample', from: 20, words: 'ample' },
  { id: 'moderately-tight', from: 40, words: 'moderately tight' },
  { id: 'tight', from: 60, words: 'tight' },
  { id: 'stressed', from: 80, words: 'stressed' },
] as const;

export function levelBandOf(level: number): (typeof LEVEL_BANDS)[number] {
  return LEVEL_BANDS.findLast((band) => level >= band.from) ?? LEVEL_BANDS[0];
}

/** Reserves / commercial-bank assets: the band where NY Fed staff research puts the turn from abundant to ample. */
export const RESERVE_SATIATION_PERCENT = { low: 12, high: 13 } as const;

/** The model's first day: normalization needs history, so readings begin a year later. */
export const MODEL_START = '2003-01-01';

/**
 * Each scored indicator's weight when every input reports: its group's share of the weights divided by the
 * group's indicators (or 1/n when every indicator weighs the same).
 */
export function nominalWeights(spec: ModelSpec): Map<string, number> {
  const total = spec.groups.reduce((sum, g) => sum + g.weight, 0);
  return new Map(
    spec.scored.map((s) => {
      if (spec.weighting === 'equal-indicators') return [s.id, 1 / spec.scored.length];
      const members = spec.scored.filter((o) => o.group === s.group).length;
      return [s.id, (spec.groups.find((g) => g.id === s.group)?.weight ?? 0) / total / members];
    }),
  );
}
