import type { Static } from '@sinclair/typebox';
import type { ModelDescriptionFields } from '../schemas/model-description.ts';
import { inputName } from './reading-summary.ts';
import { type ModelSpec, type ScoredIndicator, THRESHOLDS, WINDOWS } from './spec.ts';
import type { Validation } from './validation/validation.ts';
import { MODEL_VERSIONS } from './versions.ts';

/**
 * The model as published (`dliModel` in the snapshot, GET /api/model): the current version — groups with their
 * weights and indicators, every window and threshold, the validation figures computed from the stored data —
 * and every version ever published, with what changed. Its schema: analytics/schemas/model-description.ts; the
 * validation is typed by validation/validation.ts, whose interval is a pair where the schema says "two numbers".
 */
export type ModelDescription = Omit<Static<typeof ModelDescriptionFields>, 'validation'> & {
  validation: Validation | null;
};
type GroupDescription = ModelDescription['groups'][number];

export function describeModel(
  spec: ModelSpec,
  opts: { computedAt: string; dataAsOf: string | null; validation: Validation | null; baseUrl: string },
): ModelDescription {
  return {
    version: spec.version,
    computedAt: opts.computedAt,
    dataAsOf: opts.dataAsOf,
    summary: `${spec.summary} It is not a timing signal: see the forward-return validation.`,
    groups: groupsOf(spec),
    inputs:
      spec.inputs === 'as-published-today'
        ? 'Every input at its current published value, known from its date plus its publication lag: any install rebuilds the same history from what the providers serve today. A revision therefore restates the days it touches (the history is as published today, not as first printed).'
        : 'Each observation known from its date plus its publication lag, or from the day the store first saw it; each revision from the day it was seen (strictly point-in-time, but a fresh install rebuilds a different history).',
    normalization: `Each indicator's transformed value is ranked against its trailing ${WINDOWS.normalizationDays} business days (5 years; readings start after ${WINDOWS.minHistory}): percentile (ties counted half) and robust z = (x − median) / max(1.4826 × MAD, floor), clipped to ±${WINDOWS.winsorZ}; both sign-aligned so that higher = tighter.${spec.scored.some((s) => s.reading && s.reading.kind !== 'percentile') ? ' Inputs read on a fixed scale (see each transform) take their reading from the value itself, and z = the normal quantile of that reading, clipped alike.' : ''} An input whose latest observation is more than ${WINDOWS.carryForwardDays} days old has no new reading that day; what the aggregate then does with it is under aggregation.`,
    aggregation: aggregationOf(spec),
    headline: spec.headline === 'like-for-like' ? likeForLikeHeadline(spec) : POOLED_HEADLINE,
    thresholds: {
      riskOffAtOrAbove: THRESHOLDS.riskOff,
      riskOnAtOrBelow: THRESHOLDS.riskOn,
      riskOffUntilBelow: spec.hysteresis?.riskOffExit ?? THRESHOLDS.riskOff,
      riskOnUntilAbove: spec.hysteresis?.riskOnExit ?? THRESHOLDS.riskOn,
      momentumPoints: THRESHOLDS.momentumPoints,
      momentumDays: THRESHOLDS.momentumDays,
      drivers:
        spec.aggregation === 'weighted-mean'
          ? `contribution = the change of the indicator's share (weight × ${spec.floor || spec.smoothingDays ? 'reading' : 'percentile'}) of ${sharedOf(spec)} over ${THRESHOLDS.momentumDays} days; the contributions add up to its change. tightening at ≥ +${THRESHOLDS.driverContribution}, easing at ≤ −${THRESHOLDS.driverContribution}.`
          : `contribution = weight × (percentile − ½); tightening at z ≥ +${THRESHOLDS.driverZ}, easing at z ≤ −${THRESHOLDS.driverZ}.`,
    },
    windows: windowsOf(spec),
    validation: opts.validation,
    versions: MODEL_VERSIONS.map(({ spec: version, ...entry }) => ({
      ...entry,
      groups: groupsOf(version),
      aggregation: aggregationOf(version),
    })),
    methodologyUrl: `${opts.baseUrl}/methodology`,
  };
}

/** dli-1 and dli-2's headline, in words. */
const POOLED_HEADLINE = `percentile5y = round(100 × percent rank of today's aggregate among the last ${WINDOWS.headlineDays} business days of aggregates), from ${WINDOWS.headlineMinHistory} days of history. compositeScore = (50 − percentile5y) / 50, in [-1, +1], positive = easy.`;

/** dli-3 and dli-4's headline, status and (dli-4) reading rule, in words. */
function likeForLikeHeadline(spec: ModelSpec): string {
  const level = spec.floor
    ? `level — the aggregate smoothed by its trailing mean over ${spec.smoothingDays ?? 1} business days, or the ${spec.floor} group's reading where that is higher (the floor)`
    : `the aggregate smoothed by its trailing mean over ${spec.smoothingDays ?? 1} business days`;
  const exits = `risk-off from ${THRESHOLDS.riskOff} until below ${spec.hysteresis?.riskOffExit ?? THRESHOLDS.riskOff}, risk-on from ${THRESHOLDS.riskOn} until above ${spec.hysteresis?.riskOnExit ?? THRESHOLDS.riskOn}`;
  const share = `${Math.round(100 * THRESHOLDS.minLiveWeight)} %`;
  const status =
    spec.readingRule === 'provisional'
      ? `Status (${exits}) only on a day whose fresh data covers at least ${share} of the nominal weight (of the inputs whose framework date has passed), the rule running over those days in order; any other day is provisional, with no status.`
      : `Status: ${exits}; it holds on days when inputs carrying under ${share} of the nominal weight have live data.`;
  return `percentile5y = 100 × the percent rank (ties counted half, today's own value among them) of today's ${level} among the same values of the last ${WINDOWS.headlineDays} business days, each past day computed with the inputs it had then, rounded half up; from ${WINDOWS.headlineMinHistory} days of history. ${status} compositeScore = (50 − percentile5y) / 50, in [-1, +1], positive = easy.`;
}

function groupsOf(spec: ModelSpec): GroupDescription[] {
  return spec.groups.map((group) => ({
    id: group.id,
    name: group.name,
    weight: group.weight,
    role: group.id === spec.floor ? ('floor' as const) : ('mean' as const),
    indicators: spec.scored
      .filter((s) => s.group === group.id)
      .map((s) => ({
        id: s.id,
        label: inputName(spec, s.id),
        transform: transformOf(s),
        risingIsTighter: s.risingIsTighter,
        robustScaleFloor: s.minScale,
        staleAfterDays: s.maxAgeDays,
      })),
  }));
}

function transformOf(s: ScoredIndicator): string {
  const t = s.transform;
  if (t.kind === 'change') return `change over ${t.days} days${readingOf(s)}`;
  if (t.kind === 'level') return `level${readingOf(s)}`;
  if (t.kind === 'rolling-max') return `highest of the last ${t.days} business days${readingOf(s)}`;
  if (t.kind === 'new-draw')
    return `new draw: usage above its highest of the previous ${t.lookbackDays} days, read as log(1 + $bn) / log(1 + ${t.fullB}) (capped at 1) and fading linearly over ${t.fadeDays} days unless a larger draw follows${readingOf(s)}`;
  return `ON RRP depletion: change over ${t.days} days, live only while the balance is ≤ $${t.maxBalanceB}B and has fallen by ≥ $${t.minDrawdownB}B and ≥ ${t.minDrawdownShare * 100}%; otherwise dormant`;
}

/** How the transformed value is read (dli-3 says it; the percentile of dli-1 and dli-2 is in `normalization`). */
function readingOf(s: ScoredIndicator): string {
  const parts: string[] = [];
  const r = s.reading;
  if (r?.kind === 'fixed')
    parts.push(`read by a fixed map: ${r.loose} reads 0 (loose), ${r.tight} reads 1 (tight), linear between, clamped`);
  if (r?.kind === 'usage')
    parts.push(`read as usage: log(1 + $bn) / log(1 + ${r.fullB}), capped at 1 (nothing used reads 0)`);
  if (s.startsOn) parts.push(`no reading before ${s.startsOn}`);
  return parts.length > 0 ? `; ${parts.join('; ')}` : '';
}

function aggregationOf(spec: ModelSpec): string {
  if (spec.aggregation === 'ciss') {
    return `Group sub-index = mean percentile of the group's live indicators. Aggregate = √((w∘s)ᵀ C (w∘s)) over the groups reporting that day (weights renormalized; at least ${WINDOWS.minGroups}), C the correlation matrix from an EWMA (λ = ${WINDOWS.ewmaLambda} per business day) of (s_i − ½)(s_j − ½).`;
  }
  if (spec.missing === 'hold') {
    const weights = spec.groups.map((g) =>
      g.id === spec.floor
        ? `${g.id}: no weight — the floor under the level (its highest member's reading)`
        : `${g.id} ${g.weight}${g.combine === 'max' ? ' (its most-used member)' : ''}`,
    );
    return `Weighted mean with weights that never depend on the values (group weights ${weights.join(', ')}; members share their group's weight), so a tighter input can never lower the aggregate. An input counts from its first reading; one whose data stops (${WINDOWS.carryForwardDays} days after its last observation) keeps its last reading, named in coverage.missing. Group sub-index = the mean (or the highest) reading of its members; aggregate = Σ W·s / Σ W over the groups present (at least ${WINDOWS.minGroups}).`;
  }
  const fade = spec.fadeDays ?? 20;
  const weights =
    spec.weighting === 'equal-indicators'
      ? 'every indicator weighs the same'
      : `group weights ${spec.groups.map((g) => `${g.id} ${g.weight}`).join(', ')}`;
  return `Weighted mean with weights that never depend on the values (${weights}), so a tighter input can never lower the aggregate. Each indicator's presence e rises by 1/${fade} on each business day it has a reading and falls by 1/${fade} on each day it has none (an input that stops is held at its last reading for ${WINDOWS.carryForwardDays} days, then fades out over ${fade} business days, holding its last percentile; one that starts or returns fades in). Group sub-index = Σ e·p / Σ e; a group's presence is its members' largest e; aggregate = Σ W·E·s / Σ W·E over the groups present (at least ${WINDOWS.minGroups}).`;
}

/** What the drivers' contributions are shares of: the aggregate (dli-2), smoothed (dli-3), or the level (dli-4). */
function sharedOf(spec: ModelSpec): string {
  if (spec.floor) return `the level (the ${spec.floor} input carrying the floor owns the floor's lift)`;
  if (spec.smoothingDays) return `the aggregate smoothed over ${spec.smoothingDays} business days`;
  return 'the aggregate';
}

/**
 * The windows a version uses, and only those: dli-4 was published with dli-1's EWMA decay (it has no correlation
 * matrix) and a fade of 1 day (it holds, it does not fade), and without its 10-day smoothing.
 * Example (dli-4): { normalizationDays: 1305, …, carryForwardDays: 45, minGroups: 2, smoothingDays: 10 }.
 */
function windowsOf(spec: ModelSpec): Record<string, number> {
  const { ewmaLambda, ...shared } = WINDOWS;
  return {
    ...shared,
    ...(spec.aggregation === 'ciss' ? { ewmaLambda } : {}),
    ...(spec.fadeDays && spec.missing !== 'hold' ? { fadeDays: spec.fadeDays } : {}),
    ...(spec.smoothingDays ? { smoothingDays: spec.smoothingDays } : {}),
  };
}
