import { strToU8, zipSync } from 'fflate';
import { seriesDef } from '../../timeseries/catalog.ts';
import { DATA_LICENSE, licenseOf } from '../../timeseries/licenses.ts';
import type { Observation } from '../../timeseries/observation.ts';
import { CACHE_CONTROL } from '../cache-policy.ts';
import { type PreparedResponse, prepareBody } from '../prepared-response.ts';
import { csvText, historyCsv } from './csv.ts';
import type { HistoryBody, ModelBody } from './model.ts';

/**
 * /api/bulk.zip: everything in one file, rebuilt with each publication — every series whose terms allow it as
 * one long CSV (`series_id,date,value,unit`), the history, the model description and a README with the licence
 * and provenance. Built on its first request and kept for the life of the publication (about a megabyte).
 * Load it in one line: R `read.csv(unz("bulk.zip", "observations.csv"))`; Python
 * `pd.read_csv(zipfile.ZipFile("bulk.zip").open("observations.csv"))`.
 */
export interface BulkInput {
  current: ReadonlyMap<string, readonly Observation[]>;
  history: HistoryBody | undefined;
  model: ModelBody | undefined;
  publicationVersion: number;
  builtAt: string;
  baseUrl: string;
  serviceVersion: string;
}

/** The long CSV of every reproducible series: one row per observation, the unit on every row. */
export function observationsCsv(current: ReadonlyMap<string, readonly Observation[]>): string {
  const lines = ['series_id,date,value,unit'];
  for (const id of [...current.keys()].sort()) {
    const def = seriesDef(id);
    if (!def || licenseOf(def).redistribution !== 'full') continue;
    for (const o of current.get(id)!) lines.push(`${id},${o.date},${o.value},${def.unit}`);
  }
  return csvText(lines);
}

export function bulkZip(input: BulkInput): Uint8Array {
  const withheld = [...input.current.keys()].filter((id) => {
    const def = seriesDef(id);
    return def && licenseOf(def).redistribution !== 'full';
  });
  const readme = [
    `usd-liquidity bulk download — publication ${input.publicationVersion}, built ${input.builtAt}`,
    `Source: ${input.baseUrl} (service ${input.serviceVersion}, model ${input.model?.version ?? 'n/a'}).`,
    '',
    'observations.csv  every stored series whose terms allow reproduction: series_id,date,value,unit',
    '                  (the current value of each date; revisions are in /api/series/{id}).',
    'history.csv       the daily headline (0 loosest … 100 tightest of 5 years), status, aggregate and group readings.',
    'model.json        the model description, its thresholds and its validation (GET /api/model).',
    '',
    `Licence: ${DATA_LICENSE.name} — ${DATA_LICENSE.scope}`,
    'Per-series terms and citations: GET /api/series/{id} → meta.license.',
    withheld.length ? `Not included (the provider's terms prohibit reproduction): ${withheld.join(', ')}.` : '',
  ].join('\n');
  const files: Record<string, Uint8Array> = {
    'README.txt': strToU8(`${readme}\n`),
    'observations.csv': strToU8(observationsCsv(input.current)),
  };
  if (input.history && input.history.count > 0) files['history.csv'] = strToU8(historyCsv(input.history));
  if (input.model) files['model.json'] = strToU8(JSON.stringify(input.model, null, 2));
  // A fixed timestamp in the archive: the same publication gives the same bytes (and ETag) in every process.
  const mtime = new Date(input.builtAt);
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, data]) => [name, [data, { mtime }]])), {
    level: 6,
  });
}

/** The bulk download of one publication, built once on first request. */
export class BulkDownload {
  #response: PreparedResponse | undefined;
  readonly #input: () => BulkInput;

  constructor(input: () => BulkInput) {
    this.#input = input;
  }

  get(): PreparedResponse {
    this.#response ??= prepareBody(
      Buffer.from(bulkZip(this.#input())),
      'application/zip',
      CACHE_CONTROL.csv,
      200,
      // Already deflated: compressing again gains nothing.
      'never',
    );
    return this.#response;
  }
}
