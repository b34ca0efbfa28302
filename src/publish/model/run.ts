import { describeModel, type ModelDescription } from '../../analytics/model/description.ts';
import { type DayDrivers, dailyDrivers } from '../../analytics/model/drivers.ts';
import { type History, historyOf, rowsBefore } from '../../analytics/model/history.ts';
import { computeModel, type ModelRun } from '../../analytics/model/liquidity-model.ts';
import {
  asPublishedAt,
  asPublishedToday,
  firstDayPublishedDifferently,
  type PointInTimeSeries,
  pointInTime,
} from '../../analytics/model/point-in-time.ts';
import { latestReadingIndex, type Regime, regimeAt } from '../../analytics/model/regime.ts';
import type { ModelSpec } from '../../analytics/model/spec.ts';
import { validateModel } from '../../analytics/model/validation/validation.ts';
import { CURRENT_MODEL } from '../../analytics/model/versions.ts';
import { publicationLagDays, seriesDef } from '../../timeseries/catalog.ts';
import { isoDate } from '../../timeseries/dates.ts';
import { CATALOG } from '../../timeseries/series.ts';
import { type VintagedSeries, vintagedAsOf } from '../../timeseries/vintages.ts';
import { type HistoryText, historyText, joinedHistoryText, rowDate } from './history-text.ts';

export interface ModelOutputs {
  regime: Regime;
  history: History;
  /** Each history day's strongest drivers, aligned with history.dates (for the archive's day pages). */
  dayDrivers?: DayDrivers[];
  description: ModelDescription;
  /** The run and its point-in-time inputs, for the correlation statistics; released (undefined) once published. */
  run: ModelRun | undefined;
  inputs: ReadonlyMap<string, PointInTimeSeries> | undefined;
  ms: number;
}

const BLANK_MEANS_ZERO = new Set(CATALOG.filter((def) => def.blankMeansZero).map((def) => def.id));

/**
 * Every stored series dated as the model version reads its inputs (see ModelSpec.inputs); with `instant`, as the
 * store knew them then (each cut by vintagedAsOf).
 */
export function modelInputs(
  vintaged: ReadonlyMap<string, VintagedSeries>,
  spec: ModelSpec,
  instant?: string,
): Map<string, PointInTimeSeries> {
  const inputs = new Map<string, PointInTimeSeries>();
  for (const [id, series] of vintaged) {
    const def = seriesDef(id);
    if (def) inputs.set(id, datedInput(series, publicationLagDays(def), spec, instant));
  }
  return inputs;
}

/** One series as the model version reads it, today or as known at `instant`. */
function datedInput(series: VintagedSeries, lag: number, spec: ModelSpec, instant: string | undefined) {
  if (spec.inputs === 'as-published-today') {
    return instant === undefined ? asPublishedToday(series, lag) : asPublishedAt(series, lag, instant);
  }
  return pointInTime(instant === undefined ? series : vintagedAsOf(series, instant), lag);
}

/** Outputs that still hold their run and inputs (the validation and the correlations read them). */
export type RunOutputs = ModelOutputs & { run: ModelRun; inputs: ReadonlyMap<string, PointInTimeSeries> };

/**
 * Runs the model over every stored vintage as of `now`; throws when there is nothing to score yet. The outputs come
 * without their validation statistics (description.validation null; withValidation adds them): the regime, the
 * history and the drivers. The validation is most of the computation, and a first start publishes before it
 * (first-start.ts).
 */
export function unvalidatedOutputs(
  vintaged: ReadonlyMap<string, VintagedSeries>,
  now: Date,
  baseUrl: string,
  spec: ModelSpec = CURRENT_MODEL,
): RunOutputs {
  const started = performance.now();
  const ran = runOver(vintaged, isoDate(now), spec);
  if (!ran) throw new Error('the model has no reading yet: not enough stored history, or no day with live data enough');
  const { inputs, run, g } = ran;
  const updatedAt = now.toISOString();
  const regime = regimeAt(run, g, updatedAt, inputs);
  // The drivers first: they keep each day's shares, which the history's contributions then read (drivers.ts).
  const dayDrivers = dailyDrivers(run);
  const history = historyOf(run, updatedAt);
  const description = describeModel(spec, {
    computedAt: updatedAt,
    dataAsOf: regime.dataAsOf,
    validation: null,
    baseUrl,
  });
  return { regime, history, dayDrivers, description, run, inputs, ms: Math.round(performance.now() - started) };
}

/** The same outputs with the validation statistics computed from their run; `ms` counts both steps. */
export function withValidation(outputs: RunOutputs): RunOutputs {
  const started = performance.now();
  const validation = validateModel(outputs.run, outputs.inputs);
  const ms = outputs.ms + Math.round(performance.now() - started);
  return { ...outputs, description: { ...outputs.description, validation }, ms };
}

/**
 * The regime, and the history when it was asked for, as a publication at `instant` would have computed them (see
 * modelAsOf); the history as its JSON text, as it is served: as objects, the serving thread would pay to receive
 * them from the worker and again to serialize them; as text it crosses as one string, and a whole-history answer
 * is that text with its stamp appended (resources/model-as-of.ts).
 */
export interface ModelAsOf {
  regime: Regime;
  /** JSON.stringify of the History; null when the run was asked for the regime alone. */
  historyJson: string | null;
  /** The history's rows taken from a known one (0: every row computed). */
  reusedRows: number;
}

/** A history kept as text (history-text.ts) and the instant it was computed as of. */
export interface KnownHistory {
  text: HistoryText;
  at: string;
}

/**
 * The model over what the store held at `instant` (ISO date-time): each series cut to the vintages seen by then,
 * scored through `instant`'s day, stamped updatedAt = instant; null when nothing could be scored then. Used
 * for `asOf` answers; the validation statistics and the day drivers are not computed (an answer needs neither),
 * nor the history unless `withHistory`: /api/regime?asOf needs one day, and the whole history costs as much
 * again as the run itself. With `known` (the history at a later instant, of
 * the same series and model), a model that reads series as published at the instant takes that history's rows
 * before the first day any of its series was published differently between the two (firstDayKnownDifferently):
 * the model reads only the past, so it scores those days alike (test/publish/model/as-of-prefix.test.ts).
 */
export function modelAsOf(
  vintaged: ReadonlyMap<string, VintagedSeries>,
  instant: string,
  spec: ModelSpec = CURRENT_MODEL,
  withHistory = true,
  known?: KnownHistory,
): ModelAsOf | null {
  const at = runOver(vintaged, isoDate(new Date(instant)), spec, instant);
  if (!at) return null;
  const { inputs, run, g } = at;
  const regime = regimeAt(run, g, instant, inputs);
  if (!withHistory) return { regime, historyJson: null, reusedRows: 0 };
  if (known && spec.inputs === 'as-published-today') {
    const fromDay = firstDayKnownDifferently(vintaged, instant, known.at);
    const before = rowsBefore(run, fromDay);
    // The kept rows must be the run's: as many before that day, the last on the same date.
    if (before.rows <= known.text.count && rowDate(known.text, before.rows - 1) === before.lastDate) {
      const historyJson = joinedHistoryText(known.text, before.rows, historyOf(run, instant, fromDay));
      return { regime, historyJson, reusedRows: before.rows };
    }
  }
  return { regime, historyJson: JSON.stringify(historyOf(run, instant)), reusedRows: 0 };
}

/** The history as of `at`, as text to be kept (KnownHistory); null when nothing could be scored then. */
export function knownHistory(
  vintaged: ReadonlyMap<string, VintagedSeries>,
  at: string,
  spec: ModelSpec = CURRENT_MODEL,
): KnownHistory | null {
  const ran = runOver(vintaged, isoDate(new Date(at)), spec, at);
  return ran && { text: historyText(historyOf(ran.run, at)), at };
}

/** The model run scored through `day` (over what the store held at `instant`, if given); null without a reading. */
function runOver(vintaged: ReadonlyMap<string, VintagedSeries>, day: string, spec: ModelSpec, instant?: string) {
  const inputs = modelInputs(vintaged, spec, instant);
  const run = computeModel(inputs, day, BLANK_MEANS_ZERO, spec);
  const g = latestReadingIndex(run);
  return g < 0 ? null : { inputs, run, g };
}

/**
 * The first day on which any stored series, as published at `instant`, can read differently from the same series
 * as published at `later` (+Infinity when none): before it, a model reading series as published scores alike.
 */
export function firstDayKnownDifferently(
  vintaged: ReadonlyMap<string, VintagedSeries>,
  instant: string,
  later: string,
): number {
  let first = Number.POSITIVE_INFINITY;
  for (const [id, series] of vintaged) {
    const def = seriesDef(id);
    if (def) first = Math.min(first, firstDayPublishedDifferently(series, publicationLagDays(def), instant, later));
  }
  return first;
}
