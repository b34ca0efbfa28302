import type { TransformSpec } from '../../analytics/transform/fred-transform.ts';
import { providerSeriesId } from '../../timeseries/catalog.ts';
import { type DateWindow, windowKey } from '../../timeseries/date-window.ts';
import { licenseOf } from '../../timeseries/licenses.ts';
import { CACHE_CONTROL } from '../cache-policy.ts';
import type { Busy } from '../on-demand/gate.ts';
import { workbookOffThread } from '../on-demand/worker-pool.ts';
import { type PreparedResponse, prepareBody, withHeaders } from '../prepared-response.ts';
import { type WorkbookSpec, XLSX_CONTENT_TYPE } from '../workbook.ts';
import { alignSeries, type SeriesEntry, setColumn, storedSet, valueColumn } from './csv.ts';
import { seriesUrl } from './series/catalog.ts';
import { type Selection, selectionKey, selectPoints, transformMeta, transformSuffix } from './series/selection.ts';
import { frequencyLabel, unitLabel } from './transform-labels.ts';

/** What the workbooks are made of: the series, and the publication's instant and address. */
type WorkbookSources = { series: (id: string) => SeriesEntry | undefined; builtAt: string; baseUrl: string };

/**
 * How a workbook is answered: kept under `key`, or built by `work` within the bound of on-demand work, shared fairly
 * between clients (publish/on-demand/gate.ts: the caller names the client and the publication), or busy past it.
 */
export type WorkbookAnswer = (
  key: string,
  work: () => Promise<PreparedResponse>,
) => PreparedResponse | Promise<PreparedResponse | Busy>;

/**
 * xlsx downloads of one series or several (as FRED and the NY Fed offer them), built on the worker thread on first
 * request, within the bound of on-demand work and kept with its answers. The values are the CSV's: the same
 * selection.
 */
export class SpreadsheetDownloads {
  readonly #opts: WorkbookSources;
  readonly #build: (spec: WorkbookSpec) => Promise<Uint8Array>;

  constructor(opts: WorkbookSources & { build?: (spec: WorkbookSpec) => Promise<Uint8Array> }) {
    this.#opts = opts;
    this.#build = opts.build ?? workbookOffThread;
  }

  /** One series as its selection asks; undefined when none is stored. */
  forSeries(
    id: string,
    selection: Selection,
    answer: WorkbookAnswer,
  ): PreparedResponse | Promise<PreparedResponse | Busy> | undefined {
    const entry = this.#opts.series(id);
    if (!entry || entry.observations.length === 0) return undefined;
    return this.#built(answer, `xlsx|${id}|${selectionKey(selection)}`, id, () => {
      const points = selectPoints(entry.observations, entry.def.frequency, selection);
      return {
        headers: [valueColumn(entry.def.unit, selection.transform)],
        dates: points.map((p) => p.date),
        columns: [points.map((p) => p.value)],
        notes: this.#notes([entry], selection.transform),
        createdAt: this.#opts.builtAt,
      };
    });
  }

  /** Several series aligned on their dates, a column each, as /api/series.csv?ids= selects them. */
  forSeriesSet(
    ids: readonly string[],
    window: DateWindow | null,
    transform: TransformSpec | null,
    answer: WorkbookAnswer,
  ): PreparedResponse | Promise<PreparedResponse | Busy> | undefined {
    const entries = storedSet(this.#opts.series, ids);
    if (!entries) return undefined;
    const key = `xlsx|set|${ids.join(',')}|${window === null ? 'all' : windowKey(window)}|${transformSuffix(transform)}`;
    return this.#built(answer, key, 'usd-liquidity-series', () => {
      const set = alignSeries(entries, window, transform);
      return {
        headers: entries.map((e) => setColumn(e.def, transform)),
        dates: set.dates,
        columns: set.ids.map((id) => set.values[id]!),
        notes: this.#notes(entries, transform),
        createdAt: this.#opts.builtAt,
      };
    });
  }

  /** What each series is, where it comes from, its licence and how it was transformed: the Notes sheet. */
  #notes(entries: readonly SeriesEntry[], transform: TransformSpec | null): Array<[string, string]> {
    const rows: Array<[string, string]> = [
      ['Published by', `usd-liquidity, ${this.#opts.baseUrl}`],
      ['Published at', this.#opts.builtAt],
      ['Dates', 'Observation dates (Data!A). An empty cell: no value on that date.'],
    ];
    for (const { def, observations } of entries) {
      const license = licenseOf(def);
      const described = transform ? transformMeta(transform, def.unit, def.frequency, observations) : undefined;
      rows.push(
        ['', ''],
        ['Series', `${def.id}: ${def.name}`],
        // The unit and frequency of the values in this workbook: after the transform when there is one.
        ['Unit', `${described?.valueUnit ?? def.unit} (${unitLabel(def.unit, transform)})`],
        ['Frequency', frequencyLabel(def.frequency, transform)],
        ...(described
          ? ([
              ['Transform', `${described.description} (${transformParameters(transform!)})`],
              ['Series unit and frequency', `${def.unit}, ${def.frequency} (before the transform)`],
            ] as Array<[string, string]>)
          : []),
        [
          'Source',
          `${def.source?.provider ?? 'derived here'}${providerSeriesId(def) ? ` ${providerSeriesId(def)}` : ''}`,
        ],
        ['Last observation', observations.at(-1)!.date],
        ['Licence', `${license.name} (${license.url})`],
        ['Cite as', license.attribution],
        ['API', seriesUrl(this.#opts.baseUrl, def.id)],
      );
    }
    return rows;
  }

  #built(answer: WorkbookAnswer, key: string, name: string, spec: () => WorkbookSpec) {
    return answer(key, async () => {
      const bytes = await this.#build(spec());
      return withHeaders(
        prepareBody(
          Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          XLSX_CONTENT_TYPE,
          CACHE_CONTROL.csv,
          200,
          'never',
        ),
        { 'content-disposition': `attachment; filename="${name}.xlsx"` },
      );
    });
  }
}

/** FRED's parameters of a transform, as a URL would give them: "units=pc1&frequency=m&aggregation=avg". */
function transformParameters(spec: TransformSpec): string {
  const frequency = spec.frequency === null ? '' : `&frequency=${spec.frequency}&aggregation=${spec.aggregation}`;
  return `units=${spec.units}${frequency}`;
}
