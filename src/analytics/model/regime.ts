import type { Static } from '@sinclair/typebox';
import { fromDayNumber } from '../../timeseries/dates.ts';
import type { Provisional, RegimeReading } from '../schemas/regime.ts';
import { round } from '../stats/round.ts';
import { type Driver, driversOn, groupPartsOn, momentumBase } from './drivers.ts';
import { fedTermsOn } from './fed-terms.ts';
import { liveWeightShare, type ModelRun, type SeriesInputs } from './liquidity-model.ts';
import { provisionalSummary, readingSummary } from './reading-summary.ts';
import { GROUP_IDS, type GroupId, levelBandOf, THRESHOLDS } from './spec.ts';

/**
 * The reading of one day (GET /api/regime without the publication's stamps). Its shape, and what every field
 * means, is written once as a schema: analytics/schemas/regime.ts.
 */
export type Regime = Omit<Static<typeof RegimeReading>, 'drivers'> & { drivers: Driver[] };
/** The latest day without live data enough for a reading: published as such, never with a status. */
export type ProvisionalReading = Static<typeof Provisional>;
export type Momentum = Regime['momentum'];
export type Confidence = Regime['confidence'];
export type { Direction, Driver } from './drivers.ts';

/** compositeScore: the headline mapped to [-1, +1] with positive = easy: (50 − percentile5y) / 50. */
export function compositeScore(percentile: number): number {
  return round((50 - percentile) / 50, 2);
}

/** Index of the last grid day with a headline, or -1. */
export function latestIndex(run: ModelRun): number {
  return run.headline.findLastIndex((v) => !Number.isNaN(v));
}

/** Index of the last grid day with a reading (a status), or -1: the day /api/regime describes. */
export function latestReadingIndex(run: ModelRun): number {
  return run.reading.findLastIndex((reading) => reading !== 0);
}

/**
 * The regime on grid day `g`:
 * - momentum from the headline's change since the last grid day at least 7 days earlier: ≤ −5 improving,
 *   ≥ +5 deteriorating, else stable;
 * - confidence: high when ≥ 80 % of scored indicators report (dli-1's dormant ON RRP counts as reporting), all
 *   groups report, no input is stale (older than its expected lag) and ≥ 75 % of groups sit on the same side of
 *   ½ as the headline; low when fewer than 3 groups (dli-2: 2 of 3) report, under 50 % of indicators report, or
 *   more than half of the reporting inputs are stale; medium otherwise;
 * - drivers: see drivers.ts (dli-2: each indicator's change of share in the aggregate over the momentum window).
 */
export function regimeAt(run: ModelRun, g: number, updatedAt: string, inputs?: SeriesInputs): Regime {
  const percentile = run.headline[g]!;
  const readings = readingsOn(run, g);
  const groups = groupsOn(run, g);
  const previous = g > 0 && !Number.isNaN(run.headline[g - 1]!) ? compositeScore(run.headline[g - 1]!) : null;
  const { fed, dormant, fading, missing, stale } = readings;
  const status = run.status[g] ?? 'neutral';
  const level = levelOn(run, g);
  const fedTerms = inputs ? fedTermsOn(run, inputs, g) : null;
  const date = fromDayNumber(run.grid[g]!);
  const band = level === null ? null : levelBandOf(level);
  return {
    status,
    momentum: momentumAt(run, g),
    confidence: confidenceOn(run, g),
    compositeScore: compositeScore(percentile),
    previousScore: previous,
    percentile5y: percentile,
    drivers: driversOn(run, g).slice(0, THRESHOLDS.drivers),
    coverage: {
      groups: groups.reporting,
      totalGroups: run.spec.groups.length,
      indicators: fed.length,
      totalIndicators: run.spec.scored.length,
      fed,
      dormant,
      fading,
      missing,
      stale,
      ...(run.spec.headline === 'like-for-like'
        ? { liveWeightShare: round(liveWeightShare(run.spec, run.readings, g), 3) }
        : {}),
    },
    subIndices: groups.subIndices,
    date,
    dataAsOf: fromDayNumber(readings.dataAsOfDay >= 0 ? readings.dataAsOfDay : run.grid[g]!),
    updatedAt,
    modelVersion: run.spec.version,
    level,
    levelBand: band?.id ?? null,
    contributions: contributionsAt(run, g),
    fedTerms,
    summary: readingSummary({
      spec: run.spec,
      date,
      percentile5y: percentile,
      status,
      level,
      levelWords: band?.words ?? null,
      fedTerms,
    }),
    provisional: provisionalAfter(run, g),
  };
}

/** The level on day g, 0–100 with one decimal (null for models without one). */
export function levelOn(run: ModelRun, g: number): number | null {
  const value = run.level?.[g];
  return value === undefined || Number.isNaN(value) ? null : round(100 * value, 1);
}

/** Each group's part of the level on day g, in level points, one decimal (null for models without a level). */
export function contributionsAt(run: ModelRun, g: number): Partial<Record<GroupId, number>> | null {
  if (!run.level || Number.isNaN(run.level[g]!)) return null;
  const parts = groupPartsOn(run, g);
  const out: Partial<Record<GroupId, number>> = {};
  for (const group of run.spec.groups) out[group.id] = round(100 * (parts[group.id] ?? 0), 1);
  return out;
}

/** The newest day with a headline after the reading day g, when it has no reading: the provisional one. */
function provisionalAfter(run: ModelRun, g: number): ProvisionalReading | null {
  const last = latestIndex(run);
  if (last <= g || run.reading[last]) return null;
  const readings = readingsOn(run, last);
  const share = round(liveWeightShare(run.spec, run.readings, last), 3);
  const missing = run.readings.filter((r) => r.begun[last] && !r.fresh[last] && r.spec.group !== run.spec.floor);
  const base = {
    date: fromDayNumber(run.grid[last]!),
    dataAsOf: fromDayNumber(readings.dataAsOfDay >= 0 ? readings.dataAsOfDay : run.grid[last]!),
    percentile5y: run.headline[last]!,
    level: levelOn(run, last),
    liveWeightShare: share,
    missing: missing.map((r) => r.spec.id),
  };
  return { ...base, summary: provisionalSummary(base) };
}

/** The confidence of the reading on grid day `g` (see regimeAt): what the history records for every day. */
export function confidenceOn(run: ModelRun, g: number): Confidence {
  // dli-4 reads neither the day's readings nor its groups: the history asks every day, and building them was waste.
  if (run.spec.readingRule === 'provisional') return meanConfidence(run, g);
  // dli-3: a reading on under half of the nominal weight is low, whatever else holds.
  if (run.spec.headline === 'like-for-like' && liveWeightShare(run.spec, run.readings, g) < THRESHOLDS.minLiveWeight)
    return 'low';
  const readings = readingsOn(run, g);
  const groups = groupsOn(run, g);
  const reporting = readings.fed.length + readings.dormant.length;
  const stale = readings.stale.length;
  const coverage = reporting / run.spec.scored.length;
  const fewestGroups = Math.min(3, run.spec.groups.length - 1);
  if (groups.reporting < fewestGroups || coverage < 0.5 || stale > reporting / 2) return 'low';
  if (
    coverage >= 0.8 &&
    groups.reporting === run.spec.groups.length &&
    groups.agreeing / groups.reporting >= 0.75 &&
    stale === 0
  )
    return 'high';
  return 'medium';
}

interface ReadingsOn {
  fed: string[];
  dormant: string[];
  fading: string[];
  missing: string[];
  stale: string[];
  /** The newest observation day among the reporting inputs, or -1. */
  dataAsOfDay: number;
}

/** Which scored inputs report on day g, which are fading, missing or stale. */
function readingsOn(run: ModelRun, g: number): ReadingsOn {
  const out: ReadingsOn = { fed: [], dormant: [], fading: [], missing: [], stale: [], dataAsOfDay: -1 };
  run.readings.forEach((r, i) => {
    const id = r.spec.id;
    if ((r.live[g] || r.dormant[g]) && run.grid[g]! - r.observed[g]! > r.spec.maxAgeDays) out.stale.push(id);
    const e = run.effective[i]?.[g];
    if (e !== undefined && e > 0 && e < 1) out.fading.push(id);
    if (r.live[g]) out.fed.push(id);
    else if (r.dormant[g]) out.dormant.push(id);
    else out.missing.push(id);
    if (r.live[g] || r.dormant[g]) out.dataAsOfDay = Math.max(out.dataAsOfDay, r.observed[g]!);
  });
  return out;
}

/** The group sub-indices on day g, how many groups report and how many sit on the headline's side of ½. */
function groupsOn(run: ModelRun, g: number) {
  const subIndices = Object.fromEntries(GROUP_IDS.map((id) => [id, null])) as Record<GroupId, number | null>;
  let reporting = 0;
  let agreeing = 0;
  const tight = run.headline[g]! >= 50;
  for (const group of run.spec.groups) {
    const value = run.groups[group.id][g]!;
    if (Number.isNaN(value)) continue;
    subIndices[group.id] = round(100 * value, 1);
    // The floor reads 0 when none of its inputs has a reading: a value, but not a group reporting.
    if (group.id === run.spec.floor && !run.readings.some((r) => r.spec.group === group.id && r.live[g])) continue;
    reporting++;
    if (value >= 0.5 === tight) agreeing++;
  }
  return { subIndices, reporting, agreeing };
}

export function momentumAt(run: ModelRun, g: number): Momentum {
  const back = momentumBase(run, g);
  const before = run.headline[back]!;
  if (back === g || Number.isNaN(before)) return 'stable';
  const change = run.headline[g]! - before;
  if (change <= -THRESHOLDS.momentumPoints) return 'improving';
  if (change >= THRESHOLDS.momentumPoints) return 'deteriorating';
  return 'stable';
}

/**
 * dli-4's confidence, over the inputs of the weighted mean whose framework date has passed (a floor group's are not
 * among them) and the mean's groups that have such an input: an input reports when it has a reading that day
 * (data at most 45 days old), and is stale when it reports from data older than its staleness age; a group reports
 * when one of its inputs does. low: under half of the inputs report, fewer than 2 groups report, or more than half
 * of the reporting inputs are stale. high: at least 80 % of the inputs report, every group reports, none is stale,
 * and at least 75 % of the reporting groups' sub-indices sit on the headline's side of ½ (≥ ½ when the headline is
 * ≥ 50). medium otherwise.
 */
function meanConfidence(run: ModelRun, g: number): Confidence {
  const tight = run.headline[g]! >= 50;
  let inputs = 0;
  let reporting = 0;
  let stale = 0;
  let groups = 0;
  let reportingGroups = 0;
  let agreeing = 0;
  // Counted in loops, without a list per day: the history asks this of every day of a run.
  for (const group of run.spec.groups) {
    if (group.id === run.spec.floor) continue;
    let hasInput = false;
    let hasReport = false;
    for (const r of run.readings) {
      if (r.spec.group !== group.id || !r.begun[g]) continue;
      hasInput = true;
      inputs++;
      if (!r.live[g]) continue;
      hasReport = true;
      reporting++;
      if (!r.fresh[g]) stale++;
    }
    if (hasInput) groups++;
    if (!hasReport) continue;
    reportingGroups++;
    if (run.groups[group.id][g]! >= 0.5 === tight) agreeing++;
  }
  const coverage = inputs > 0 ? reporting / inputs : 0;
  if (coverage < 0.5 || reportingGroups < 2 || stale > reporting / 2) return 'low';
  if (coverage >= 0.8 && reportingGroups === groups && stale === 0 && agreeing / reportingGroups >= 0.75) return 'high';
  return 'medium';
}
