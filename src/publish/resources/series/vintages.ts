import { seriesDef } from '../../../timeseries/catalog.ts';
import { type DateWindow, windowKey } from '../../../timeseries/date-window.ts';
import { addDays, isoDate } from '../../../timeseries/dates.ts';
import { licenseOf } from '../../../timeseries/licenses.ts';
import type { Observation } from '../../../timeseries/observation.ts';
import type { SeriesDef } from '../../../timeseries/series.ts';
import {
  firstLoadAt,
  seriesAsOf,
  type VintagedSeries,
  type VintageRow,
  type VintageView,
  vintageRows,
} from '../../../timeseries/vintages.ts';
import { CACHE_CONTROL } from '../../cache-policy.ts';
import { seriesFreshness } from '../../freshness.ts';
import { keptAnswers, keptOr, MIB, responseBytes } from '../../kept.ts';
import { type PreparedResponse, prepareBody } from '../../prepared-response.ts';
import type { Provenance } from '../../provenance.ts';
import { onDemandJson } from '../../resource.ts';
import { csvResponse, csvText, seriesCsv, valueColumn } from '../csv.ts';
import { seriesFeed } from './feed.ts';
import { buildSeriesResponses, DEFAULT_DAYS } from './responses.ts';
import { type Selection, selectionKey, selectPoints } from './selection.ts';

/** Why an as-of answer cannot be given: nothing was stored yet at that instant, or this series had no data. */
export type AsOfRefusal = { refused: 'before-first-load' | 'not-yet-seen'; storeFirstLoadAt: string | null };

/**
 * Point-in-time answers for one publication, rebuilt from the stored vintages on demand: a series as this service
 * knew it at an instant (`asOf`), and the revision record of a series (`/vintages`). An answer costs a pass over
 * the series' vintages; answers are kept in one LRU bounded in bytes, so that unique instants cannot grow memory.
 */
export class SeriesVintages {
  readonly #vintaged: ReadonlyMap<string, VintagedSeries>;
  readonly #provenance: (ids: readonly string[], asOf?: string) => Provenance;
  readonly #cache = keptAnswers<PreparedResponse>('revisions', { bytes: 16 * MIB, sizeOf: responseBytes });
  #firstLoad: string | null | undefined;

  constructor(
    vintaged: ReadonlyMap<string, VintagedSeries>,
    provenance: (ids: readonly string[], asOf?: string) => Provenance,
    /** The store's first load, when `vintaged` is not the whole store (a task on the worker thread holds one series). */
    storeFirstLoadAt?: string | null,
  ) {
    this.#vintaged = vintaged;
    this.#provenance = provenance;
    this.#firstLoad = storeFirstLoadAt;
  }

  /** When the store first saw anything (computed once). */
  storeFirstLoadAt(): string | null {
    if (this.#firstLoad === undefined) this.#firstLoad = firstLoadAt(this.#vintaged);
    return this.#firstLoad;
  }

  /**
   * /api/series/{id}?asOf=…: the series as known at `instant` (ISO 8601 date-time, normalized), selected as asked —
   * its window, or its order, limit and FRED-style transform computed over the observations known then — with its
   * statistics and freshness as of that instant; undefined when the series is unknown.
   */
  seriesAsOf(
    id: string,
    instant: string,
    selection: Selection,
    plain: boolean,
  ): PreparedResponse | AsOfRefusal | undefined {
    const key = `asof|${id}|${instant}|${plain ? 'plain' : ''}|${selectionKey(selection)}`;
    return this.#asOf(id, instant, key, (def, known, first) => {
      // Freshness as of that instant: the age of the data then (refresh outcomes of the past are not kept).
      const freshness = seriesFreshness(def, known.at(-1)!.date, new Map(), isoDate(new Date(instant)));
      const responses = buildSeriesResponses(
        def,
        known,
        freshness,
        { instant, storeFirstLoadAt: first },
        this.#provenance([id], instant),
      );
      if (!responses) return undefined;
      if (selection.transform) return responses.transformed({ ...selection, transform: selection.transform });
      if (!plain)
        return responses.forSelection(
          ...responses.indexesOf(selection.window),
          selection.order,
          selection.limit,
          selection.offset,
        );
      const selected = selection.window ?? { days: DEFAULT_DAYS };
      return 'days' in selected ? responses.forDays(selected.days) : responses.forRange(selected.start, selected.end);
    });
  }

  /**
   * /api/series/{id}.csv?asOf=…: the series as known at `instant`, as CSV, selected and transformed as the JSON is
   * (over the observations known then).
   */
  csvAsOf(id: string, instant: string, selection: Selection): PreparedResponse | AsOfRefusal | undefined {
    return this.#asOf(id, instant, `csv|${id}|${instant}|${selectionKey(selection)}`, (def, known) => {
      const text = seriesCsv(def, selectPoints(known, def.frequency, selection), selection.transform);
      // The JSON URL answers this CSV to `Accept: text/csv` too: caches key on Accept.
      return csvResponse(text, { vary: 'Accept' });
    });
  }

  /**
   * One as-of answer: undefined for an unknown series, refused before the first load or before the series was
   * seen, else `build` over the observations known then (kept in the cache under `key`).
   */
  #asOf(
    id: string,
    instant: string,
    key: string,
    build: (def: SeriesDef, known: Observation[], first: string) => PreparedResponse | undefined,
  ): PreparedResponse | AsOfRefusal | undefined {
    const def = seriesDef(id);
    const series = this.#vintaged.get(id);
    if (!def || !series) return undefined;
    const first = this.storeFirstLoadAt();
    if (first === null || instant < first) return { refused: 'before-first-load', storeFirstLoadAt: first };
    const response = keptOr(this.#cache, key, () => {
      const known = seriesAsOf(series, instant);
      return known.length === 0 ? undefined : build(def, known, first);
    });
    return response ?? { refused: 'not-yet-seen', storeFirstLoadAt: first };
  }

  /** /api/series/{id}/feed.xml: the newest observation events of a series as Atom. */
  feed(id: string, baseUrl: string, updated: string): PreparedResponse | undefined {
    const { def, series } = this.#reproducible(id) ?? {};
    if (!def || !series) return undefined;
    return keptOr(this.#cache, `feed|${id}`, () => {
      const xml = seriesFeed(def, vintageRows(series, series.dates[0]!, series.dates.at(-1)!), baseUrl, updated);
      return prepareBody(Buffer.from(xml), 'application/atom+xml; charset=utf-8', CACHE_CONTROL.series);
    });
  }

  /**
   * /api/series/{id}/vintages (and .csv): every vintage of the dates in the window (by default the last 365 days),
   * or each date's first release only.
   */
  vintages(
    id: string,
    window: DateWindow | null,
    view: VintageView,
    format: 'json' | 'csv',
  ): PreparedResponse | undefined {
    const { def, series } = this.#reproducible(id) ?? {};
    if (!def || !series) return undefined;
    const key = `vintages|${id}|${view}|${format}|${window === null ? 'default' : windowKey(window)}`;
    return keptOr(this.#cache, key, () => {
      const last = series.dates.at(-1)!;
      const selected = window ?? { days: DEFAULT_DAYS };
      const [from, to] =
        'days' in selected ? [addDays(last, -(selected.days - 1)), last] : [selected.start, selected.end ?? last];
      const rows = vintageRows(series, from, to, view);
      if (format === 'csv') {
        const name = `${id}-vintages${view === 'first-release' ? '-first-release' : ''}.csv`;
        return csvResponse(vintagesCsv(def, rows), { 'content-disposition': `attachment; filename="${name}"` });
      }
      const storeFirstLoadAt = this.storeFirstLoadAt();
      const body = { id, unit: def.unit, view, storeFirstLoadAt, vintages: rows, provenance: this.#provenance([id]) };
      return onDemandJson(JSON.stringify(body), CACHE_CONTROL.series);
    });
  }

  /** A stored series whose terms allow reproducing its values (its feed and its revisions are offered). */
  #reproducible(id: string): { def: SeriesDef; series: VintagedSeries } | undefined {
    const def = seriesDef(id);
    const series = this.#vintaged.get(id);
    if (!def || !series || series.dates.length === 0 || licenseOf(def).redistribution !== 'full') return undefined;
    return { def, series };
  }
}

/**
 * A revision record as CSV (RFC 4180): date, the value in its unit (empty: withdrawn), when it was first seen and
 * when a later vintage superseded it (empty: current). Example: `date,value_usd_bn,seen_at,superseded_at`.
 */
export function vintagesCsv(def: SeriesDef, rows: readonly VintageRow[]): string {
  const header = `date,${valueColumn(def.unit)},seen_at,superseded_at`;
  return csvText([header, ...rows.map((r) => `${r.date},${r.value ?? ''},${r.seenAt},${r.supersededAt ?? ''}`)]);
}
