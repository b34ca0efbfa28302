import type { Static } from '@sinclair/typebox';
import { type TransformSpec, transformKey } from '../../analytics/transform/fred-transform.ts';
import { type DateWindow, windowKey } from '../../timeseries/date-window.ts';
import type { Observation } from '../../timeseries/observation.ts';
import type { SeriesDef, Unit } from '../../timeseries/series.ts';
import { CACHE_CONTROL } from '../cache-policy.ts';
import { keptAnswers, MIB, responseBytes } from '../kept.ts';
import { type PreparedResponse, prepareBody, withHeaders } from '../prepared-response.ts';
import type { SeriesSetResponse } from '../schemas/series.ts';
import type { HistoryBody } from './model.ts';
import { COMMON_DAYS } from './series/responses.ts';
import { type Selection, selectionKey, selectPoints, transformMeta, transformSuffix } from './series/selection.ts';
import { unitToken } from './transform-labels.ts';

/**
 * CSV downloads (RFC 4180): a header row, CRLF line ends, the unit in the value column's name, one row per date.
 * Researchers load them in one line (`pandas.read_csv(url, parse_dates=['date'])`, `read.csv(url)`); the site
 * links them under every chart.
 */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8; header=present';

/** CSV rows as a file's text: CRLF after every row, the last one too. */
export function csvText(rows: readonly string[]): string {
  return `${rows.join('\r\n')}\r\n`;
}

/** A CSV built for one client (encoded only once one asks: prepared-response.ts), with any extra headers. */
export function csvResponse(text: string, headers?: Record<string, string>): PreparedResponse {
  const response = prepareBody(Buffer.from(text), CSV_CONTENT_TYPE, CACHE_CONTROL.csv, 200, 'if-idle');
  return headers ? withHeaders(response, headers) : response;
}

/**
 * The value column's name: `value_`, the unit of the values as served and the transform as FRED names its columns
 * (WALCL_PC1), so a file read on its own still says what it holds. Examples: `value_usd_bn`; units=pc1 →
 * `value_percent_pc1` (percent, not the series' USD bn); frequency=m → `value_usd_bn_m_avg`.
 */
export function valueColumn(unit: Unit, transform: TransformSpec | null = null): string {
  return `value_${unitToken(unit, transform)}${transformSuffix(transform)}`;
}

/**
 * One series as CSV. Example: tga, two days →
 * `date,value_usd_bn\r\n2026-08-24,812.4\r\n2026-08-25,798.1\r\n`.
 */
export function seriesCsv(
  def: SeriesDef,
  observations: readonly Observation[],
  transform: TransformSpec | null = null,
): string {
  return csvText([`date,${valueColumn(def.unit, transform)}`, ...observations.map((o) => `${o.date},${o.value}`)]);
}

/** Several series aligned on their dates (/api/series.json?ids=, without its provenance: publish/schemas/series.ts). */
export type SeriesSet = Omit<Static<typeof SeriesSetResponse>, 'provenance'>;

/** A stored series: its definition and its observations. */
export type SeriesEntry = { def: SeriesDef; observations: readonly Observation[] };

/** The series of a set, in order; undefined when one of them has nothing stored. */
export function storedSet(
  series: (id: string) => SeriesEntry | undefined,
  ids: readonly string[],
): SeriesEntry[] | undefined {
  const entries = ids.map((id) => series(id));
  return entries.some((e) => !e || e.observations.length === 0) ? undefined : (entries as SeriesEntry[]);
}

/**
 * Series aligned on the union of their dates, each selected as its own CSV would be (transformed first, then the
 * window). Example: a on 01-02, 01-03; b on 01-03 → dates 01-02, 01-03; b [null, v].
 */
export function alignSeries(
  entries: readonly SeriesEntry[],
  window: DateWindow | null,
  transform: TransformSpec | null,
): SeriesSet {
  const selection = { window, order: 'asc' as const, limit: undefined, transform };
  const selected = entries.map(({ def, observations }) => selectPoints(observations, def.frequency, selection));
  const dates = [...new Set(selected.flatMap((points) => points.map((o) => o.date)))].sort();
  const values: Record<string, Array<number | null>> = {};
  entries.forEach(({ def }, i) => {
    const byDate = new Map(selected[i]!.map((o) => [o.date, o.value]));
    values[def.id] = dates.map((date) => byDate.get(date) ?? null);
  });
  const units = transform && entries.map((e) => transformMeta(transform, e.def.unit, e.def.frequency, e.observations));
  return {
    ids: entries.map((e) => e.def.id),
    units: entries.map((e, i) => units?.[i]?.valueUnit ?? e.def.unit),
    dates,
    values,
    ...(units ? { transform: units } : {}),
  };
}

/** A series' column in a many-series download: its id, the unit of its values and any transform (`tga_percent_pc1`). */
export function setColumn(def: SeriesDef, transform: TransformSpec | null): string {
  return `${def.id}_${valueColumn(def.unit, transform).replace(/^value_/, '')}`;
}

/**
 * Several series as one wide CSV (as FRED's fredgraph.csv?id=A,B): `date`, then one column per series named by its
 * id and unit (`tga_usd_bn`); an empty cell where a series has no value on that date.
 */
export function seriesSetCsv(set: SeriesSet, defs: readonly SeriesDef[], transform: TransformSpec | null): string {
  const rows = set.dates.map((date, i) => [date, ...set.ids.map((id) => set.values[id]![i] ?? '')].join(','));
  return csvText([['date', ...defs.map((def) => setColumn(def, transform))].join(','), ...rows]);
}

/**
 * The model history as CSV: date, headline (0 loosest … 100 tightest of 5 years), status, confidence, the aggregate
 * (0–1) and each group's sub-index (0–100, empty when the group did not report that day).
 */
export function historyCsv(history: HistoryBody): string {
  const columns: Array<[string, ArrayLike<unknown> | undefined]> = [
    ['date', history.dates],
    ['headline_percentile_5y', history.headline],
    ['status', history.status],
    ['confidence', history.confidence],
    ['aggregate_0_1', history.aggregate],
    ...Object.entries(history.subIndices).map(([g, column]): [string, unknown[]] => [`${g}_0_100`, column]),
    // After the columns of earlier versions, so that a reader by position still reads them.
    ['provisional', history.provisional],
    ['live_weight_share', history.liveWeightShare],
    ['level_0_100', history.level],
    ...Object.entries(history.contributions ?? {}).map(([g, column]): [string, unknown[]] => [
      `${g}_part_points`,
      column,
    ]),
  ];
  // join writes null and undefined as an empty cell (a group that did not report, a column an older day lacks).
  const rows = Array.from({ length: history.count }, (_, i) => columns.map(([, column]) => column?.[i]).join(','));
  return csvText([columns.map(([name]) => name).join(','), ...rows]);
}

/** A plain common window (`days` of COMMON_DAYS, ascending, whole): its CSV is kept for the publication's life. */
export function isKeptSelection({ window, order, limit, transform, offset }: Selection): boolean {
  const plain = order === 'asc' && limit === undefined && transform === null && !offset;
  return plain && window !== null && 'days' in window && COMMON_DAYS.includes(window.days);
}

/**
 * The CSV answers of one publication, built on first request. Only the common windows are kept (an LRU bounded
 * in bytes): any other `days` is built for its request (a few thousand rows) and not kept, so unique windows
 * cannot grow memory.
 */
export class CsvDownloads {
  readonly #cache = keptAnswers<PreparedResponse>('CSV downloads', { bytes: 24 * MIB, sizeOf: responseBytes });

  readonly #series: (id: string) => SeriesEntry | undefined;
  readonly #history: () => HistoryBody | undefined;

  constructor(series: (id: string) => SeriesEntry | undefined, history: () => HistoryBody | undefined) {
    this.#series = series;
    this.#history = history;
  }

  /**
   * A series as its selection asks (series/selection.ts): the window, order and limit of the JSON, transformed as
   * FRED's units and frequency when asked; undefined when none is stored.
   */
  forSeries(id: string, selection: Selection): PreparedResponse | undefined {
    return this.#cached(`${id}|${selectionKey(selection)}`, isKeptSelection(selection), id, () => {
      const entry = this.#series(id);
      if (!entry || entry.observations.length === 0) return undefined;
      const points = selectPoints(entry.observations, entry.def.frequency, selection);
      return seriesCsv(entry.def, points, selection.transform);
    });
  }

  /** Several series in one wide CSV, each in the window its own CSV would select; undefined when one is missing. */
  forSeriesSet(
    ids: readonly string[],
    window: DateWindow | null,
    transform: TransformSpec | null,
  ): PreparedResponse | undefined {
    const entries = storedSet(this.#series, ids);
    if (!entries) return undefined;
    const key = `set|${ids.join(',')}|${window === null ? 'all' : windowKey(window)}|${transform ? transformKey(transform) : ''}`;
    const defs = entries.map((e) => e.def);
    return this.#cached(key, false, ids.join('-'), () =>
      seriesSetCsv(alignSeries(entries, window, transform), defs, transform),
    );
  }

  /** The same, as JSON columns (dates, and per id its values, null where it has none). */
  setJson(ids: readonly string[], window: DateWindow | null, transform: TransformSpec | null): SeriesSet | undefined {
    const entries = storedSet(this.#series, ids);
    return entries && alignSeries(entries, window, transform);
  }

  /** The history, whole or from start to end. */
  historyCsv(range?: { start: string; end: string | null }): PreparedResponse | undefined {
    const key = range ? `history|${range.start}..${range.end ?? ''}` : 'history';
    return this.#cached(key, range === undefined, 'liquidity-history', () => {
      const history = this.#history();
      if (!history || history.count === 0) return undefined;
      return historyCsv(range ? sliceHistory(history, range.start, range.end) : history);
    });
  }

  #cached(key: string, keep: boolean, name: string, build: () => string | undefined): PreparedResponse | undefined {
    const hit = this.#cache.get(key);
    if (hit) return hit;
    const text = build();
    if (text === undefined) return undefined;
    // /api/series/{id} and /api/history answer this CSV to `Accept: text/csv` too: caches key on Accept.
    const response = csvResponse(text, {
      vary: 'Accept',
      // Saved as what it holds and to when (tga-2026-08-27.csv), not as "tga.csv" beside last month's copy.
      'content-disposition': `attachment; filename="${csvFileName(name, text)}"`,
    });
    if (keep) this.#cache.set(key, response);
    return response;
  }
}

/**
 * A CSV's file name: what it holds and the newest date in its first column. Example: ('tga', a CSV whose rows run
 * to 2026-08-27) → "tga-2026-08-27.csv"; without a dated row, "tga.csv".
 */
function csvFileName(name: string, text: string): string {
  let newest = '';
  for (const [, date] of text.matchAll(/^(\d{4}-\d{2}-\d{2}),/gm)) if (date! > newest) newest = date!;
  return `${name}${newest ? `-${newest}` : ''}.csv`;
}

/**
 * The history's days from start to end (inclusive; null: to the last), every column sliced alike. Example: a
 * history of 2026-08-26..28 sliced to 2026-08-27.. keeps one day.
 */
export function sliceHistory(history: HistoryBody, start: string, end: string | null): HistoryBody {
  let from = 0;
  while (from < history.count && history.dates[from]! < start) from++;
  let to = from;
  while (to < history.count && (end === null || history.dates[to]! <= end)) to++;
  // Every column: an array as long as the dates, or a record of them (subIndices, contributions); found, not
  // listed by name, so that a column added to the history is sliced too.
  const cut = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.length === history.count ? value.slice(from, to) : value;
    if (value && typeof value === 'object') {
      const entries = Object.entries(value);
      if (entries.length > 0 && entries.every(([, v]) => Array.isArray(v) && v.length === history.count)) {
        return Object.fromEntries(entries.map(([key, v]) => [key, cut(v)]));
      }
    }
    return value;
  };
  const sliced = Object.fromEntries(Object.entries(history).map(([key, value]) => [key, cut(value)]));
  return {
    ...(sliced as unknown as HistoryBody),
    // A window past either end holds no day: both dates are then '' (the history's own end is not this answer's).
    from: to > from ? history.dates[from]! : '',
    to: to > from ? history.dates[to - 1]! : '',
    count: to - from,
  };
}
