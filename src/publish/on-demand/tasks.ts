import type { TransformSpec } from '../../analytics/transform/fred-transform.ts';
import { seriesDef } from '../../timeseries/catalog.ts';
import type { DateWindow } from '../../timeseries/date-window.ts';
import type { VintageView } from '../../timeseries/vintages.ts';
import { CACHE_CONTROL } from '../cache-policy.ts';
import { CORS_HEADERS, JSON_CONTENT_TYPE, type PreparedResponse, prepared, strongEtag } from '../prepared-response.ts';
import type { Provenance } from '../provenance.ts';
import { CsvDownloads } from '../resources/csv.ts';
import { type SeriesMeta, seriesResponse, transformedBody } from '../resources/series/responses.ts';
import type { Selection } from '../resources/series/selection.ts';
import { type AsOfRefusal, SeriesVintages } from '../resources/series/vintages.ts';
import {
  decodeObservations,
  decodeVintaged,
  type ObservationColumns,
  type VintagedColumns,
} from '../series-columns.ts';

/**
 * The answers computed on demand for one client, as tasks of the worker thread (on-demand/worker-pool.ts): each carries the
 * few columns it reads (series-columns.ts) and runs the very code the publication would (its resources' classes),
 * so an answer is the same whether computed here or there. What comes back is the response's bytes and headers.
 */
export type OnDemandTask =
  | {
      kind: 'transformed';
      observations: ObservationColumns;
      meta: SeriesMeta;
      provenance: Provenance | undefined;
      selection: Selection & { transform: TransformSpec };
    }
  | { kind: 'series-csv'; id: string; observations: ObservationColumns; selection: Selection }
  | {
      kind: 'set-csv' | 'set-json';
      ids: string[];
      series: ObservationColumns[];
      window: DateWindow | null;
      transform: TransformSpec | null;
      provenance?: Provenance;
    }
  | {
      kind: 'vintages';
      id: string;
      vintaged: VintagedColumns;
      window: DateWindow | null;
      view: VintageView;
      format: 'json' | 'csv';
      provenance: Provenance;
      storeFirstLoadAt: string | null;
    }
  | {
      kind: 'series-as-of' | 'csv-as-of';
      id: string;
      vintaged: VintagedColumns;
      instant: string;
      selection: Selection;
      plain: boolean;
      provenance: Provenance;
      storeFirstLoadAt: string | null;
    };

/** A response as it crosses between threads: the bytes (transferred, not copied) and what is sent with them. */
export interface WireResponse {
  status: number;
  body: Uint8Array;
  etag: string;
  headers: Record<string, string>;
}

/** What a task answers: a response, a refusal of an as-of answer, or nothing (no data for it). */
export type OnDemandResult = { response: WireResponse } | { refusal: AsOfRefusal } | { none: true };

export function runOnDemandTask(task: OnDemandTask): OnDemandResult {
  switch (task.kind) {
    case 'transformed': {
      const body = Buffer.from(
        transformedBody(decodeObservations(task.observations), task.meta, task.provenance, task.selection),
      );
      return wire(seriesResponse(body, strongEtag(body), 'never'));
    }
    case 'series-csv':
      return wire(downloads([task.id], [task.observations]).forSeries(task.id, task.selection));
    case 'set-csv':
      return wire(downloads(task.ids, task.series).forSeriesSet(task.ids, task.window, task.transform));
    case 'set-json': {
      const set = downloads(task.ids, task.series).setJson(task.ids, task.window, task.transform);
      const body = set && Buffer.from(JSON.stringify({ ...set, provenance: task.provenance }));
      return wire(body && prepared(body, strongEtag(body), JSON_CONTENT_TYPE, CACHE_CONTROL.series, 200, {}, 'never'));
    }
    case 'vintages':
      return wire(vintagesOf(task).vintages(task.id, task.window, task.view, task.format));
    case 'series-as-of':
      return wire(vintagesOf(task).seriesAsOf(task.id, task.instant, task.selection, task.plain));
    case 'csv-as-of':
      return wire(vintagesOf(task).csvAsOf(task.id, task.instant, task.selection));
  }
}

function downloads(ids: readonly string[], series: readonly ObservationColumns[]): CsvDownloads {
  const byId = new Map(ids.map((id, i) => [id, decodeObservations(series[i]!)]));
  return new CsvDownloads(
    (id) => {
      const def = seriesDef(id);
      const observations = byId.get(id);
      return def && observations ? { def, observations } : undefined;
    },
    () => undefined,
  );
}

function vintagesOf(task: Extract<OnDemandTask, { vintaged: VintagedColumns }>): SeriesVintages {
  return new SeriesVintages(
    new Map([[task.id, decodeVintaged(task.vintaged)]]),
    () => task.provenance,
    task.storeFirstLoadAt,
  );
}

/** Headers `prepared` sets itself: the rest are the answer's own (its Vary, its Content-Disposition). */
const OWN_HEADERS = new Set([
  'content-type',
  'cache-control',
  'content-length',
  'etag',
  'x-content-type-options',
  ...Object.keys(CORS_HEADERS),
]);

function wire(response: PreparedResponse | AsOfRefusal | undefined): OnDemandResult {
  if (response === undefined) return { none: true };
  if ('refused' in response) return { refusal: response };
  const body = response.body;
  // An exact copy (not a view of Node's shared pool): only these bytes cross, by transfer.
  const bytes = new Uint8Array(body.length);
  bytes.set(body);
  return { response: { status: response.status, body: bytes, etag: response.etag, headers: { ...response.headers } } };
}

/**
 * The response on the serving thread: the same bytes and headers, its encodings made when a client asks for them
 * (as any answer built on demand: prepared-response.ts `if-idle`).
 */
export function reviveResponse(wired: WireResponse): PreparedResponse {
  const { headers } = wired;
  const extra: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (OWN_HEADERS.has(name)) continue;
    if (name === 'vary') {
      const rest = value
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v.toLowerCase() !== 'accept-encoding');
      if (rest.length > 0) extra.vary = rest.join(', ');
      continue;
    }
    extra[name] = value;
  }
  const body = Buffer.from(wired.body.buffer, wired.body.byteOffset, wired.body.byteLength);
  return prepared(
    body,
    wired.etag,
    headers['content-type'] ?? JSON_CONTENT_TYPE,
    headers['cache-control'] ?? CACHE_CONTROL.series,
    wired.status,
    extra,
    'if-idle',
  );
}
