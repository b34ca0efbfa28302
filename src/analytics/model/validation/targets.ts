import type { Static } from '@sinclair/typebox';
import { fromDayNumber, toDayNumber } from '../../../timeseries/dates.ts';
import type { Validation as ValidationSchema } from '../../schemas/validation.ts';
import { median } from '../../stats/median.ts';
import { pearson } from '../../stats/pearson.ts';
import { round } from '../../stats/round.ts';
import { firstAbove, firstAtLeast } from '../../stats/sorted-search.ts';
import { trailingPercentile } from '../../stats/trailing-percentile.ts';
import { groupPartsOn } from '../drivers.ts';
import { liveWeightShare, type ModelRun } from '../liquidity-model.ts';
import { type PointInTimeSeries, sampleOnGrid } from '../point-in-time.ts';
import { latestReadingIndex } from '../regime.ts';
import { type Status, THRESHOLDS, WINDOWS } from '../spec.ts';
import { benchmarkCorrelations, type CorrelationFigure } from './benchmark-correlations.ts';
import { PERIODS } from './periods.ts';

/**
 * The dli-3 targets (docs/dli-3-protocol.md), computed on the published headline: T1–T8 over the whole history,
 * and the in-sample criteria I1–I7 (2005–2018 only) by which the protocol chooses a variant. Each is reported
 * with its figure and whether it passes; none is ever used to tune a published version after the fact.
 */
export const EVENTS = [
  { date: '2007-08-09', name: 'BNP Paribas freezes funds: interbank funding seizes' },
  { date: '2008-09-15', name: 'Lehman Brothers fails' },
  { date: '2011-11-30', name: 'Euro-area dollar funding stress: coordinated swap-line action' },
  { date: '2018-12-24', name: 'December 2018 sell-off and year-end funding' },
  { date: '2019-09-17', name: 'Repo rate spike' },
  { date: '2020-03-16', name: 'Covid dash for cash' },
  { date: '2025-10-31', name: 'October 2025 month-end funding squeeze' },
] as const;

const LOOSE_QE = { from: '2009-03-18', to: '2014-10-29' };
const LOOSE_2020 = { from: '2020-06-01', to: '2021-12-31' };
const RRP_DRAIN = { from: '2023-06-01', to: '2024-08-30' };
const QT1 = { from: '2017-10-02', to: '2019-09-30' };
const DRAIN_2025 = { from: '2025-07-01', to: '2025-12-31' };
// The protocol's periods (periods.ts): the whole history, 2005–2018 and 2019 on.
const [EVER, IN_SAMPLE, OUT_OF_SAMPLE] = PERIODS;
const EVENT_DATES = EVENTS.map((e) => e.date);
const IN_SAMPLE_EVENTS = EVENTS.filter((e) => e.date <= IN_SAMPLE.to).map((e) => e.date);
const WINDOW_DAYS = 10;

export type Target = Static<typeof ValidationSchema>['targets'][number];

type Period = { from: string; to: string };

export function dli3Targets(
  run: ModelRun,
  inputs: ReadonlyMap<string, PointInTimeSeries>,
  correlations?: readonly CorrelationFigure[],
): Target[] {
  const [t1, t5] = eventTargets(run);
  return [t1, ...periodTargets(run), t5, ...independenceTargets(run, inputs, correlations)];
}

/** T1 and T5: the funding-stress events read as tight, and told apart from the loose periods. */
function eventTargets(run: ModelRun): [Target, Target] {
  const events = eventHits(run, EVENT_DATES);
  const hits = events.filter((e) => e.peak !== null && e.peak >= THRESHOLDS.riskOff);
  const auc = auroc(run, EVENT_DATES, [LOOSE_QE, LOOSE_2020, RRP_DRAIN]);
  return [
    {
      id: 'T1',
      target: `headline ≥ ${THRESHOLDS.riskOff} within ±${WINDOW_DAYS} business days of ≥ 6 of the ${EVENTS.length} funding-stress events`,
      figure: `${hits.length} of ${events.length}: ${events.map((e) => `${e.date} ${e.peak ?? 'n/a'}`).join(', ')}`,
      pass: hits.length >= 6,
    },
    {
      id: 'T5',
      target: 'AUROC ≥ 0.85: the T1 event windows against the T2 and T3 loose days',
      figure: fmt(auc),
      pass: passes(auc, (x) => x >= 0.85),
    },
  ];
}

/** T2–T4: the median headline over the loose and the tight periods. */
const PERIOD_TARGETS = [
  {
    id: 'T2',
    target: 'median headline ≤ 25 in QE (2009-03-18 → 2014-10-29) and in 2020-06-01 → 2021-12-31',
    periods: [LOOSE_QE, LOOSE_2020],
    ok: (x: number) => x <= 25,
  },
  {
    id: 'T3',
    target: 'median headline ≤ 50 in the ON RRP drain (2023-06-01 → 2024-08-30)',
    periods: [RRP_DRAIN],
    ok: (x: number) => x <= 50,
  },
  {
    id: 'T4',
    target: 'median headline ≥ 65 in QT1 (2017-10-02 → 2019-09-30) and in 2025-07-01 → 2025-12-31',
    periods: [QT1, DRAIN_2025],
    ok: (x: number) => x >= 65,
  },
];

function periodTargets(run: ModelRun): Target[] {
  return PERIOD_TARGETS.map(({ periods, ok, ...target }) => {
    const medians = periods.map((period) => medianOver(run, period));
    return { ...target, figure: medians.map(fmt).join(' / '), pass: passes(medians, ok) };
  });
}

/** T6–T8: not VIX in disguise, persistent, and in step with the Fed's own stress indices. */
function independenceTargets(
  run: ModelRun,
  inputs: ReadonlyMap<string, PointInTimeSeries>,
  correlations?: readonly CorrelationFigure[],
): Target[] {
  const vixPct = vixPercentile(run, inputs.get('vix'));
  const figures = (id: 'nfci' | 'stlfsi4') =>
    correlations?.filter((f) => f.benchmark === id) ?? benchmarkCorrelations(run, id, inputs.get(id));
  const r2 = [IN_SAMPLE, OUT_OF_SAMPLE, EVER].map((p) => rSquared(run, vixPct, p));
  const persistence = persistenceOf(run, EVER);
  const [rN, rS] = [rho2008to2015(figures('nfci')), rho2008to2015(figures('stlfsi4'))];
  return [
    {
      id: 'T6',
      target: "R² of the headline on VIX's own 5-year percentile ≤ 0.20 in 2005–2018, 2019 → and overall",
      figure: r2.map(fmt).join(' / '),
      pass: passes(r2, (x) => x <= 0.2),
    },
    {
      id: 'T7',
      target: '≤ 8 status changes a year and a median run ≥ 10 business days',
      figure: `${fmt(persistence.changesPerYear)} a year, median run ${fmt(persistence.medianRun)}`,
      pass: isPersistent(persistence),
    },
    {
      id: 'T8',
      target: 'Spearman ρ with NFCI and with STLFSI4 over 2008–2015 (Fridays, as published) ≥ 0.45 each',
      figure: `${fmt(rN)} / ${fmt(rS)}`,
      pass: passes([rN, rS], (x) => x >= 0.45),
    },
  ];
}

export const SVB = { date: '2023-03-13', name: 'Silicon Valley Bank fails: the discount window and the BTFP' } as const;

/**
 * dli-4's targets (docs/dli-4-protocol.md): T1–T8 as dli-3's, and T9 SVB; T10 the status equals the published rule
 * applied to the headline; T11 the latest reading rests on at least half of the nominal weight; T12 the group
 * contributions add up to the level within 1 point.
 */
export function dli4Targets(
  run: ModelRun,
  inputs: ReadonlyMap<string, PointInTimeSeries>,
  correlations?: readonly CorrelationFigure[],
): Target[] {
  const [svb] = eventHits(run, [SVB.date]);
  const rule = statusRuleAgreement(run);
  const latest = latestReadingIndex(run);
  const live = latest < 0 ? null : liveWeightShare(run.spec, run.readings, latest);
  const parts = contributionsAddUp(run);
  return [
    ...dli3Targets(run, inputs, correlations),
    {
      id: 'T9',
      target: `headline ≥ ${THRESHOLDS.riskOff} within ±${WINDOW_DAYS} business days of ${SVB.date} (SVB)`,
      figure: `peak ${svb?.peak ?? 'n/a'}`,
      pass: passes(svb?.peak ?? null, (x) => x >= THRESHOLDS.riskOff),
    },
    {
      id: 'T10',
      target: 'the status equals the published threshold rule applied to the headline on ≥ 99.9 % of days',
      figure: `${rule.share === null ? 'n/a' : `${round(100 * rule.share, 2)} %`} of ${rule.days} days`,
      pass: passes(rule.share, (x) => x >= 0.999),
    },
    {
      id: 'T11',
      target: `the latest reading's live weight share ≥ ${THRESHOLDS.minLiveWeight}`,
      figure: latest < 0 ? 'no reading' : `${fmt(live)} on ${fromDayNumber(run.grid[latest]!)}`,
      pass: passes(live, (x) => x >= THRESHOLDS.minLiveWeight),
    },
    {
      id: 'T12',
      target: 'the contributions add up to the level within 1 point on ≥ 99 % of days',
      figure: `${parts.share === null ? 'n/a' : `${round(100 * parts.share, 2)} %`} of ${parts.days} days (largest gap ${fmt(parts.maxGap)})`,
      pass: passes(parts.share, (x) => x >= 0.99),
    },
  ];
}

/**
 * T10: the share of the days with a headline whose status is what the published rule gives — written here from
 * the rule's text, not through statusPath: no status where the live weight share is under THRESHOLDS.minLiveWeight;
 * otherwise risk-off from riskOff until below the exit, risk-on from riskOn until above the exit, over the days with
 * a status in order.
 */
export function statusRuleAgreement(run: ModelRun): { days: number; share: number | null } {
  const exits = run.spec.hysteresis ?? { riskOffExit: THRESHOLDS.riskOff, riskOnExit: THRESHOLDS.riskOn };
  let previous: Status = 'neutral';
  let days = 0;
  let agree = 0;
  for (let g = 0; g < run.grid.length; g++) {
    const h = run.headline[g]!;
    if (Number.isNaN(h)) continue;
    days++;
    let expected: Status | null = null;
    if (liveWeightShare(run.spec, run.readings, g) >= THRESHOLDS.minLiveWeight) {
      if (h >= THRESHOLDS.riskOff) expected = 'risk-off';
      else if (h <= THRESHOLDS.riskOn) expected = 'risk-on';
      else if (previous === 'risk-off' && h >= exits.riskOffExit) expected = 'risk-off';
      else if (previous === 'risk-on' && h <= exits.riskOnExit) expected = 'risk-on';
      else expected = 'neutral';
      previous = expected;
    }
    if (run.status[g] === expected) agree++;
  }
  return { days, share: days > 0 ? agree / days : null };
}

/** T12: on how many days the group contributions, each rounded to 0.1 point, add up to the level within 1 point. */
export function contributionsAddUp(run: ModelRun): { days: number; share: number | null; maxGap: number | null } {
  if (!run.level) return { days: 0, share: null, maxGap: null };
  let days = 0;
  let within = 0;
  let maxGap = 0;
  for (let g = 0; g < run.grid.length; g++) {
    if (Number.isNaN(run.headline[g]!)) continue;
    days++;
    const parts = Object.values(groupPartsOn(run, g)).map((x) => round(100 * (x ?? 0), 1));
    const gap = Math.abs(parts.reduce((a, b) => a + b, 0) - round(100 * run.level[g]!, 1));
    maxGap = Math.max(maxGap, gap);
    if (gap <= 1) within++;
  }
  return { days, share: days > 0 ? within / days : null, maxGap: days > 0 ? round(maxGap, 2) : null };
}

/** The protocol's in-sample criteria (2005-01-01 → 2018-12-31 only): what chooses the variant. */
export function inSampleCriteria(run: ModelRun, inputs: ReadonlyMap<string, PointInTimeSeries>): Target[] {
  const events = eventHits(run, IN_SAMPLE_EVENTS);
  const hits = events.filter((e) => e.peak !== null && e.peak >= THRESHOLDS.riskOff).length;
  const qe = medianOver(run, LOOSE_QE);
  const qt1 = medianOver(run, { from: QT1.from, to: IN_SAMPLE.to });
  const auc = inSampleAuroc(run);
  const r2 = rSquared(run, vixPercentile(run, inputs.get('vix')), IN_SAMPLE);
  const persistence = persistenceOf(run, IN_SAMPLE);
  const rho = (id: 'nfci' | 'stlfsi4') => rho2008to2015(benchmarkCorrelations(run, id, inputs.get(id)));
  const [rN, rS] = [rho('nfci'), rho('stlfsi4')];
  return [
    {
      id: 'I1',
      target: '≥ 80 near ≥ 3 of 4 in-sample events',
      figure: `${hits} of ${IN_SAMPLE_EVENTS.length}`,
      pass: hits >= 3,
    },
    { id: 'I2', target: 'QE median ≤ 25', figure: fmt(qe), pass: passes(qe, (x) => x <= 25) },
    { id: 'I3', target: 'QT1 to 2018 median ≥ 65', figure: fmt(qt1), pass: passes(qt1, (x) => x >= 65) },
    { id: 'I4', target: 'in-sample AUROC ≥ 0.85', figure: fmt(auc), pass: passes(auc, (x) => x >= 0.85) },
    { id: 'I5', target: 'R² on VIX percentile ≤ 0.20', figure: fmt(r2), pass: passes(r2, (x) => x <= 0.2) },
    {
      id: 'I6',
      target: '≤ 8 changes a year, median run ≥ 10',
      figure: `${fmt(persistence.changesPerYear)}, ${fmt(persistence.medianRun)}`,
      pass: isPersistent(persistence),
    },
    {
      id: 'I7',
      target: 'ρ NFCI, STLFSI4 2008–2015 ≥ 0.45',
      figure: `${fmt(rN)} / ${fmt(rS)}`,
      pass: passes([rN, rS], (x) => x >= 0.45),
    },
  ];
}

/** In-sample AUROC (the I4 figure), for the protocol's tie-break. */
export function inSampleAuroc(run: ModelRun): number | null {
  return auroc(run, IN_SAMPLE_EVENTS, [LOOSE_QE]);
}

const fmt = (x: number | null) => (x === null ? 'n/a' : String(round(x, 3)));
/** Whether a figure (or every one of several) meets its target; null when any is missing. */
function passes(figures: number | null | ReadonlyArray<number | null>, ok: (x: number) => boolean): boolean | null {
  const all = [figures].flat();
  return all.every((x) => x !== null) ? all.every(ok) : null;
}
/** T7 and I6: ≤ 8 status changes a year and a median run ≥ 10 business days. */
const isPersistent = (p: ReturnType<typeof persistenceOf>) =>
  p.changesPerYear === null ? null : p.changesPerYear <= 8 && p.medianRun! >= 10;
/** T8 and I7: Spearman ρ with a benchmark over 2008–2015, same week. */
const rho2008to2015 = (figures: readonly CorrelationFigure[]) =>
  figures.find((f) => f.period === '2008-2015' && f.leadWeeks === 0)?.rho ?? null;

/** Grid indices of days with a headline within [from, to]. */
function daysIn(run: ModelRun, period: Period): number[] {
  const from = toDayNumber(period.from);
  const to = toDayNumber(period.to);
  const out: number[] = [];
  for (let g = 0; g < run.grid.length; g++)
    if (run.grid[g]! >= from && run.grid[g]! <= to && !Number.isNaN(run.headline[g]!)) out.push(g);
  return out;
}

/** Grid indices within ±WINDOW_DAYS business days of the first grid day on or after `date`. */
function eventWindow(run: ModelRun, date: string): number[] {
  const day = toDayNumber(date);
  const at = run.grid.findIndex((d) => d >= day);
  if (at < 0) return [];
  const out: number[] = [];
  for (let g = Math.max(0, at - WINDOW_DAYS); g <= Math.min(run.grid.length - 1, at + WINDOW_DAYS); g++)
    if (!Number.isNaN(run.headline[g]!)) out.push(g);
  return out;
}

/** Highest headline within ±10 business days of each date (null where none was scored). */
export function eventHits(run: ModelRun, dates: readonly string[]): Array<{ date: string; peak: number | null }> {
  return dates.map((date) => {
    const days = eventWindow(run, date);
    return { date, peak: days.length > 0 ? Math.max(...days.map((g) => run.headline[g]!)) : null };
  });
}

export function medianOver(run: ModelRun, period: Period): number | null {
  const days = daysIn(run, period);
  return days.length > 0 ? median(days.map((g) => run.headline[g]!)) : null;
}

/**
 * Probability that a day in an event window reads tighter than a day of a loose period (ties count half): the
 * Mann–Whitney statistic over the two sets of headlines. Example: events [90, 70], loose [20, 70] → 0.875.
 */
export function auroc(run: ModelRun, events: readonly string[], loose: readonly Period[]): number | null {
  const positives = [...new Set(events.flatMap((d) => eventWindow(run, d)))].map((g) => run.headline[g]!);
  const negatives = loose.flatMap((p) => daysIn(run, p)).map((g) => run.headline[g]!);
  return aurocOf(positives, negatives);
}

export function aurocOf(positives: readonly number[], negatives: readonly number[]): number | null {
  if (positives.length === 0 || negatives.length === 0) return null;
  const sorted = [...negatives].sort((a, b) => a - b);
  let wins = 0;
  for (const p of positives) {
    const below = firstAtLeast(sorted, p);
    wins += below + (firstAbove(sorted, p) - below) / 2;
  }
  return wins / (positives.length * negatives.length);
}

/** VIX's own trailing 5-year percentile (0–100) on the model's grid. */
function vixPercentile(run: ModelRun, vix: PointInTimeSeries | undefined): Float64Array {
  const { values } = sampleOnGrid(vix, run.grid, WINDOWS.carryForwardDays);
  return trailingPercentile(values, WINDOWS.headlineDays, WINDOWS.headlineMinHistory);
}

function rSquared(run: ModelRun, x: Float64Array, period: Period): number | null {
  const days = daysIn(run, period).filter((g) => !Number.isNaN(x[g]!));
  if (days.length < 30) return null;
  const r = pearson(
    days.map((g) => run.headline[g]!),
    days.map((g) => x[g]!),
  );
  return Number.isNaN(r) ? null : r * r;
}

/**
 * Status changes a year (per 261 business days scored) and the median length of a run of one status, in business
 * days, over the days with a headline in the period. Example: on, on, off, off, off → 1 change in 5 days, runs 2
 * and 3 (median 2.5).
 */
export function persistenceOf(
  run: ModelRun,
  period: Period,
): { changesPerYear: number | null; medianRun: number | null } {
  // Over the days with a status (dli-4: a provisional day has none and changes nothing).
  const days = daysIn(run, period).filter((g) => run.status[g] !== null);
  if (days.length < 2) return { changesPerYear: null, medianRun: null };
  let changes = 0;
  const runs: number[] = [];
  let length = 1;
  for (let k = 1; k < days.length; k++) {
    if (run.status[days[k]!] !== run.status[days[k - 1]!]) {
      changes++;
      runs.push(length);
      length = 1;
    } else length++;
  }
  runs.push(length);
  return { changesPerYear: (changes * 261) / days.length, medianRun: median(runs) };
}
