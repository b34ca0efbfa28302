import { CURRENT_MODEL } from '../../analytics/model/versions.ts';
import { seriesDef } from '../../timeseries/catalog.ts';
import { licenseOf } from '../../timeseries/licenses.ts';
import { BulkDownload } from '../resources/bulk.ts';
import { CsvDownloads } from '../resources/csv.ts';
import { HistoryRanges } from '../resources/history-ranges.ts';
import { AsOfAnswers } from '../resources/model-as-of.ts';
import type { PublishedResources, PublishParts } from '../resources/published.ts';
import { SeriesVintages } from '../resources/series/vintages.ts';
import { SpreadsheetDownloads } from '../resources/spreadsheet.ts';
import { SERVICE_VERSION } from '../service-version.ts';

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
 * A publication's on-demand resources, from its parts and its published resources. What is made here is kept as
 * long as the publication, so its closures capture plain values only, never `parts` or `input`: they must never
 * reach the publication it replaces (publication/build.ts says why).
 */
export function downloadsOnDemand(
  { input, current, provenance, stamp }: PublishParts,
  built: PublishedResources,
): Downloads {
  const { vintaged, version, baseUrl } = input;
  const serviceVersion = input.content?.serviceVersion ?? SERVICE_VERSION;
  // The served history and model description (the CSV, the ranges and the bulk download read them).
  const history = built.history?.body;
  const model = built.model?.body;
  const vintages = new SeriesVintages(vintaged, provenance);
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
      builtAt: stamp,
      baseUrl,
      ...(input.workbookBuild ? { build: input.workbookBuild } : {}),
    }),
    historyRanges: new HistoryRanges(() => history),
    vintages,
    asOf: new AsOfAnswers({
      vintaged,
      builtAt: stamp,
      baseUrl,
      storeFirstLoadAt: () => vintages.storeFirstLoadAt(),
      provenance,
      modelInputs: CURRENT_MODEL.scored.map((s) => s.id),
      compute: input.asOfCompute,
    }),
    bulk: new BulkDownload(() => ({
      current,
      history,
      model,
      publicationVersion: version,
      builtAt: stamp,
      baseUrl,
      serviceVersion,
    })),
  };
}
