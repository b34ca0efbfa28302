import { describeModel, type ModelDescription } from '../../analytics/model/description.ts';
import { type DayDrivers, dailyDrivers } from '../../analytics/model/drivers.ts';
import { type History, historyOf } from '../../analytics/model/history.ts';
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

export interface ModelOutputs {
  regime: Regime;
  history: History;
  /** Each history day's strongest drivers, aligned with history.dates (for the archive's day pages). */
  dayDrivers?: DayDrivers[];
  description: ModelDescription;
  /** The model run and its point-in-time inputs, reused by the correlation statistics. */
  /** Released (undefined) once the publication is built. */
  run: ModelRun | undefined;
  inputs: ReadonlyMap<string, PointInTimeSeries> | undefined;
  ms: number;
}

const BLANK_MEANS_ZERO = new Set(CATALOG.filter((def) => def.blankMeansZero).map((def) => def.id));

/** Every stored series dated as the model version reads its inputs (see ModelSpec.inputs). */
export function modelInputs(
  vintaged: ReadonlyMap<string, VintagedSeries>,
  spec: ModelSpec,
): Map<string, PointInTimeSeries> {
  const dated = spec.inputs === 'as-published-today' ? asPublishedToday : pointInTime;
  const inputs = new Map<string, PointInTimeSeries>();
  for (const [id, series] of vintaged) {
    const def = seriesDef(id);
    if (def) inputs.set(id, dated(series, publicationLagDays(def)));
  }
  return inputs;
}

/** modelInputs of the series as the store knew them at `instant` (each cut by vintagedAsOf). */
export function modelInputsAt(
  vintaged: ReadonlyMap<string, VintagedSeries>,
  instant: string,
  spec: ModelSpec,
): Map<string, PointInTimeSeries> {
  const inputs = new Map<string, PointInTimeSeries>();
  for (const [id, series] of vintaged) {
    const def = seriesDef(id);
    if (!def) continue;
    const lag = publicationLagDays(def);
    inputs.set(
      id,
      spec.inputs === 'as-published-today'
        ? asPublishedAt(series, lag, instant)
        : pointInTime(vintagedAsOf(series, instant), lag),
    );
  }
  return inputs;
}

/** Runs the model over every stored vintage as of `now`; throws when there is nothing to score yet. */
export function computeModelOutputs(
  vintaged: ReadonlyMap<string, VintagedSeries>,
  now: Date,
  baseUrl: string,
  spec: ModelSpec = CURRENT_MODEL,
): ModelOutputs {
  const started = performance.now();
  const inputs = modelInputs(vintaged, spec);
  const run = computeModel(inputs, isoDate(now), BLANK_MEANS_ZERO, spec);
  const g = latestReadingIndex(run);
  if (g < 0)
    throw new Error('the model has no reading yet: not enough stored history, or no day with live data enough');
  const updatedAt = now.toISOString();
  const regime = regimeAt(run, g, updatedAt, inputs);
  // The drivers first: they keep each day's shares, which the history's contributions then read (drivers.ts).
  const dayDrivers = dailyDrivers(run);
  const history = historyOf(run, updatedAt);
  const validation = validateModel(run, inputs);
  const description = describeModel(spec, { computedAt: updatedAt, dataAsOf: regime.dataAsOf, validation, baseUrl });
  return { regime, history, dayDrivers, description, run, inputs, ms: Math.round(performance.now() - started) };
}

/**
 * The regime, and the history when it was asked for, as a publication at `instant` would have computed them (see
 * modelAsOf).
 */
export interface ModelAsOf {
  regime: Regime;
  /** null when the run was asked for the regime alone. */
  history: History | null;
}

/**
 * The model over what the store held at `instant` (ISO date-time): each series cut to the vintages seen by then,
 * scored through `instant`'s day, stamped updatedAt = instant; null when nothing could be scored then. Used
 * for `asOf` answers; the validation statistics and the day drivers are not computed (an answer needs neither),
 * nor the history unless `withHistory`: /api/regime?asOf needs one day, and the history's ~5,600 days cost as
 * much again as the run itself (issue 41, docs/performance.md). With `known` (the history at a later instant, of
 * the same series and model), a model that reads series as published at the instant takes that history's days
 * before the first day any of its series was published differently between the two (firstDayKnownDifferently).
 */
export function modelAsOf(
  vintaged: ReadonlyMap<string, VintagedSeries>,
  instant: string,
  spec: ModelSpec = CURRENT_MODEL,
  withHistory = true,
  known?: { history: History; at: string },
): ModelAsOf | null {
  const inputs = modelInputsAt(vintaged, instant, spec);
  const run = computeModel(inputs, isoDate(new Date(instant)), BLANK_MEANS_ZERO, spec);
  const g = latestReadingIndex(run);
  if (g < 0) return null;
  const regime = regimeAt(run, g, instant, inputs);
  if (!withHistory) return { regime, history: null };
  const reuse =
    known && spec.inputs === 'as-published-today'
      ? { history: known.history, beforeDay: firstDayKnownDifferently(vintaged, instant, known.at) }
      : undefined;
  return { regime, history: historyOf(run, instant, reuse) };
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
