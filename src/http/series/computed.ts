import type { TransformSpec } from '../../analytics/transform/fred-transform.ts';
import { transformKey } from '../../analytics/transform/fred-transform.ts';
import { isBusy } from '../../publish/on-demand/gate.ts';
import { type OnDemandTask, reviveResponse } from '../../publish/on-demand/tasks.ts';
import type { Publication } from '../../publish/publication/build.ts';
import { isKeptSelection } from '../../publish/resources/csv.ts';
import type { SeriesResponses } from '../../publish/resources/series/responses.ts';
import { type Selection, selectionKey } from '../../publish/resources/series/selection.ts';
import { encodeObservations, encodeVintaged } from '../../publish/series-columns.ts';
import { type DateWindow, windowKey } from '../../timeseries/date-window.ts';
import type { VintageView } from '../../timeseries/vintages.ts';
import { asOfAnswer } from '../answers/as-of.ts';
import { answerFor, busyError } from '../answers/computed.ts';
import type { Answer, RouteContext, RouteRequest } from '../routes/route.ts';
import { seriesUnavailable } from './errors.ts';

/**
 * The series answers computed on demand, each as a task of the worker thread within the bound of on-demand work
 * (answers/computed.ts): what a handler calls instead of computing on the serving thread. A task carries only the
 * columns it reads, encoded once per publication (series-columns.ts).
 */
type Asker = Pick<RouteRequest, 'client'>;

const windowText = (window: DateWindow | null) => (window === null ? 'default' : windowKey(window));

/**
 * An answer computed off the serving thread within the bound: kept under `key` (with the publication's version),
 * or computed by the task (built only when it runs, from the publication of the moment) on the worker. A task that
 * found nothing answers series_unavailable for `id`, or the refusal of a series as of `instant`; `what` names the
 * answer in a refusal.
 */
function onWorker(
  request: Asker,
  context: RouteContext,
  publication: Publication,
  key: string,
  task: () => OnDemandTask,
  id: string,
  what: string,
  instant?: string,
): Answer | Promise<Answer> {
  const withinBound = answerFor(request, context, publication);
  const kept = withinBound(key, () =>
    context.compute(task()).then((result): Answer => {
      if ('response' in result) return reviveResponse(result.response);
      if ('refusal' in result && instant !== undefined)
        return asOfAnswer(result.refusal, instant, what, 'series_unavailable');
      return seriesUnavailable(id, publication);
    }),
  );
  if (!(kept instanceof Promise)) return kept;
  return kept.then((result) => (isBusy(result) ? busyError(result, what) : result));
}

/** /api/series/{id} with units, frequency or aggregation (FRED's transforms). */
export function transformedSeries(
  request: Asker,
  context: RouteContext,
  publication: Publication,
  series: SeriesResponses,
  selection: Selection & { transform: TransformSpec },
): Answer | Promise<Answer> {
  const id = series.meta.id;
  const observations = publication.current.get(id) ?? [];
  return onWorker(
    request,
    context,
    publication,
    `transformed|${id}|${selectionKey(selection)}`,
    () => ({
      kind: 'transformed',
      observations: encodeObservations(observations),
      meta: series.meta,
      provenance: series.provenance,
      selection,
    }),
    id,
    `series "${id}" transformed`,
  );
}

/** /api/series/{id}.csv (and Accept: text/csv): a kept common window at once, any other on the worker. */
export function seriesCsv(
  request: Asker,
  context: RouteContext,
  publication: Publication,
  id: string,
  selection: Selection,
): Answer | Promise<Answer> {
  if (isKeptSelection(selection)) return publication.csv.forSeries(id, selection) ?? seriesUnavailable(id, publication);
  const observations = publication.current.get(id);
  if (!observations?.length) return seriesUnavailable(id, publication);
  return onWorker(
    request,
    context,
    publication,
    `csv|${id}|${selectionKey(selection)}`,
    () => ({ kind: 'series-csv', id, observations: encodeObservations(observations), selection }),
    id,
    `CSV of series "${id}"`,
  );
}

/** /api/series.csv and /api/series.json?ids=…: several series aligned on their dates. */
export function seriesSet(
  request: Asker,
  context: RouteContext,
  publication: Publication,
  ids: string[],
  window: DateWindow | null,
  transform: TransformSpec | null,
  format: 'csv' | 'json',
): Answer | Promise<Answer> {
  const key = `set-${format}|${ids.join(',')}|${windowText(window)}|${transform ? transformKey(transform) : ''}`;
  return onWorker(
    request,
    context,
    publication,
    key,
    () => ({
      kind: format === 'csv' ? 'set-csv' : 'set-json',
      ids,
      series: ids.map((id) => encodeObservations(publication.current.get(id) ?? [])),
      window,
      transform,
      ...(format === 'json' ? { provenance: publication.provenance(ids) } : {}),
    }),
    ids[0]!,
    `${ids.length} series together`,
  );
}

/** /api/series/{id}/vintages (and .csv): the revision record of a window. */
export function seriesVintages(
  request: Asker,
  context: RouteContext,
  publication: Publication,
  id: string,
  window: DateWindow | null,
  view: VintageView,
  format: 'json' | 'csv',
): Answer | Promise<Answer> {
  const vintaged = publication.vintaged.get(id);
  if (!vintaged || vintaged.dates.length === 0) return seriesUnavailable(id, publication);
  return onWorker(
    request,
    context,
    publication,
    `vintages|${id}|${view}|${format}|${windowText(window)}`,
    () => ({
      kind: 'vintages',
      id,
      vintaged: encodeVintaged(vintaged),
      window,
      view,
      format,
      provenance: publication.provenance([id]),
      storeFirstLoadAt: publication.vintages.storeFirstLoadAt(),
    }),
    id,
    `vintages of series "${id}"`,
  );
}

/** /api/series/{id}?asOf=… (JSON) and its CSV: the series as known at an instant, selected as asked. */
export function seriesAsOf(
  request: Asker,
  context: RouteContext,
  publication: Publication,
  id: string,
  instant: string,
  selection: Selection,
  plain: boolean,
  format: 'json' | 'csv',
): Answer | Promise<Answer> {
  const vintaged = publication.vintaged.get(id);
  if (!vintaged) return seriesUnavailable(id, publication);
  return onWorker(
    request,
    context,
    publication,
    `as-of-${format}|${id}|${instant}|${plain ? 'plain' : ''}|${selectionKey(selection)}`,
    () => ({
      kind: format === 'csv' ? 'csv-as-of' : 'series-as-of',
      id,
      vintaged: encodeVintaged(vintaged),
      instant,
      selection,
      plain,
      provenance: publication.provenance([id], instant),
      storeFirstLoadAt: publication.vintages.storeFirstLoadAt(),
    }),
    id,
    `series "${id}"`,
    instant,
  );
}
