import { CURRENT_MODEL } from '../../analytics/model/versions.ts';
import { seriesDef } from '../../timeseries/catalog.ts';
import { licenseOf } from '../../timeseries/licenses.ts';
import type { Observation } from '../../timeseries/observation.ts';
import type { VintagedSeries } from '../../timeseries/vintages.ts';
import type { Provenance } from '../provenance.ts';
import { BulkDownload } from '../resources/bulk.ts';
import { CsvDownloads } from '../resources/csv.ts';
import { HistoryRanges } from '../resources/history-ranges.ts';
import type { HistoryBody, ModelBody } from '../resources/model.ts';
import { AsOfAnswers, type AsOfCompute } from '../resources/model-as-of.ts';
import { SeriesVintages } from '../resources/series/vintages.ts';
import { SpreadsheetDownloads } from '../resources/spreadsheet.ts';
import type { WorkbookSpec } from '../workbook.ts';

/** What a publication builds on first request rather than at publish time (downloads, ranges, the past). */
export interface Downloads {
  /** CSV downloads of the series (whose values may be reproduced) and of the history. */
  readonly csv: CsvDownloads;
  /** xlsx downloads of the same series (built on the worker thread). */
  readonly spreadsheets: SpreadsheetDownloads;
  /** /api/history for a date range. */
  readonly historyRanges: HistoryRanges;
  /** /api/bulk.zip: everything in one file. */
  readonly bulk: BulkDownload;
  /** Point-in-time answers (`asOf`) and revision records, rebuilt from the stored vintages on demand. */
  readonly vintages: SeriesVintages;
  /** The regime, history and lens as known at an instant (`asOf`), computed on demand off the serving thread. */
  readonly asOf: AsOfAnswers;
}

/**
 * A publication's on-demand resources. Given plain values only: what is made here is kept as long as the
 * publication, so it must never reach the publication it replaces (publication/build.ts says why).
 */
export function downloadsOnDemand(at: {
  vintaged: ReadonlyMap<string, VintagedSeries>;
  current: ReadonlyMap<string, readonly Observation[]>;
  /** The served history and model description (the CSV, the ranges and the bulk download read them). */
  history: HistoryBody | undefined;
  model: ModelBody | undefined;
  provenance: (ids: readonly string[]) => Provenance;
  version: number;
  builtAt: string;
  baseUrl: string;
  serviceVersion: string;
  asOfCompute: AsOfCompute | undefined;
  /** Builds xlsx bytes; default: on the worker thread. */
  workbookBuild?: ((spec: WorkbookSpec) => Promise<Uint8Array>) | undefined;
}): Downloads {
  const { current, history, model } = at;
  const vintages = new SeriesVintages(at.vintaged, at.provenance);
  // The series whose terms allow reproducing their values, for the CSV and xlsx downloads.
  const reproducible = (id: string) => {
    const def = seriesDef(id);
    const observations = current.get(id);
    return def && observations && licenseOf(def).redistribution === 'full' ? { def, observations } : undefined;
  };
  return {
    csv: new CsvDownloads(reproducible, () => history),
    spreadsheets: new SpreadsheetDownloads({
      series: reproducible,
      builtAt: at.builtAt,
      baseUrl: at.baseUrl,
      ...(at.workbookBuild ? { build: at.workbookBuild } : {}),
    }),
    historyRanges: new HistoryRanges(() => history),
    vintages,
    asOf: new AsOfAnswers({
      vintaged: at.vintaged,
      builtAt: at.builtAt,
      baseUrl: at.baseUrl,
      storeFirstLoadAt: () => vintages.storeFirstLoadAt(),
      provenance: at.provenance,
      modelInputs: CURRENT_MODEL.scored.map((s) => s.id),
      compute: at.asOfCompute,
    }),
    bulk: new BulkDownload(() => ({
      current,
      history,
      model,
      publicationVersion: at.version,
      builtAt: at.builtAt,
      baseUrl: at.baseUrl,
      serviceVersion: at.serviceVersion,
    })),
  };
}
