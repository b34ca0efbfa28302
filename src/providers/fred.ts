import { parse } from 'csv-parse/sync';
import { errorMessage } from '../timeseries/error-message.ts';
import { isIsoDate, type Observation } from '../timeseries/observation.ts';
import { getJson, getText, type RequestContext } from './http-client.ts';
import { parseError, readDecimal } from './provider-error.ts';

/**
 * FRED client. Without a key it downloads the whole series as `fredgraph.csv` (header `observation_date,<ID>`,
 * or the pre-2024-12 `DATE,<ID>`; missing values empty or `.`). With `FRED_API_KEY` it pages through
 * `fred/series/observations` JSON (values are strings, missing is `"."`). A routine refresh asks for a window
 * (`cosd=` on the CSV, `observation_start=` on the API: ../shared/reference/providers.md §a).
 */
export interface FredOptions {
  csvBaseUrl: string;
  apiBaseUrl: string;
  apiKey: string | undefined;
  /** Only observations from this date (`cosd` on the graph CSV, `observation_start` on the API). */
  since?: string | undefined;
}

export async function fetchFredSeries(
  seriesId: string,
  opts: FredOptions,
  ctx: RequestContext,
): Promise<Observation[]> {
  return opts.apiKey ? fetchFredJson(seriesId, opts, ctx) : fetchFredCsv(seriesId, opts, ctx);
}

export async function fetchFredCsv(seriesId: string, opts: FredOptions, ctx: RequestContext): Promise<Observation[]> {
  const window = opts.since ? `&cosd=${opts.since}` : '';
  const url = `${opts.csvBaseUrl}/graph/fredgraph.csv?id=${encodeURIComponent(seriesId)}${window}`;
  const response = await getText(url, ctx);
  return parseFredCsv(response.body, seriesId, ctx.source, ctx.seriesId, opts.since !== undefined);
}

/**
 * Parses a fredgraph.csv body. `label` names the series in errors (the catalog id; the FRED id by default).
 * FRED always ends the file with a newline, so a body without one was cut off in transit: a value cut
 * mid-number would otherwise parse as a plausible wrong number.
 */
export function parseFredCsv(
  body: string,
  seriesId: string,
  source = 'fred',
  label = seriesId,
  windowed = false,
): Observation[] {
  const fail = (message: string) => parseError({ source, seriesId: label }, message);
  if (!body.endsWith('\n')) throw fail('CSV does not end with a newline: the download was truncated');
  let rows: string[][];
  try {
    rows = parse(body, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (error) {
    throw fail(`CSV could not be parsed: ${errorMessage(error)}`);
  }
  const header = rows[0];
  if (header?.length !== 2) throw fail('CSV header is not "observation_date,<ID>"');
  const [dateColumn, valueColumn] = header.map((cell) => cell.toLowerCase());
  if (dateColumn !== 'observation_date' && dateColumn !== 'date') throw fail(`unexpected date column "${header[0]}"`);
  if (valueColumn !== seriesId.toLowerCase()) throw fail(`CSV is for "${header[1]}", not ${seriesId}`);
  // A window after the last observation answers the header alone (assumed: FRED's answer to a `cosd` past the
  // series' end is not in the reference); a whole history never does.
  if (rows.length < 2 && !windowed) throw fail('CSV has a header but no rows');
  const observations: Observation[] = [];
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i]!;
    const [date = '', raw = ''] = row;
    if (row.length !== 2) throw fail(`row ${i + 1} has ${row.length} fields (truncated or malformed file?)`);
    if (!isIsoDate(date)) throw fail(`row ${i + 1} has an impossible date "${date}"`);
    const value = readDecimal(raw, date, { source, seriesId: label });
    if (value !== undefined) observations.push({ date, value });
  }
  return observations;
}

interface FredApiPage {
  count?: number;
  offset?: number;
  limit?: number;
  observations?: Array<{ date?: unknown; value?: unknown }>;
  error_code?: number;
  error_message?: string;
}

const PAGE_LIMIT = 100_000;

export async function fetchFredJson(seriesId: string, opts: FredOptions, ctx: RequestContext): Promise<Observation[]> {
  const observations: Observation[] = [];
  const requestCtx = { ...ctx, redact: opts.apiKey };
  for (let offset = 0; ; offset += PAGE_LIMIT) {
    const params = new URLSearchParams({
      series_id: seriesId,
      api_key: opts.apiKey ?? '',
      file_type: 'json',
      limit: String(PAGE_LIMIT),
      offset: String(offset),
      sort_order: 'asc',
    });
    if (opts.since) params.set('observation_start', opts.since);
    const page = (await getJson(`${opts.apiBaseUrl}/fred/series/observations?${params}`, requestCtx)) as FredApiPage;
    observations.push(...parseFredApiPage(page, ctx.seriesId, ctx.source));
    const count = typeof page.count === 'number' ? page.count : 0;
    if (offset + PAGE_LIMIT >= count) break;
  }
  return observations;
}

/** Parses one page of fred/series/observations; `seriesId` names the series in errors. */
export function parseFredApiPage(page: FredApiPage, seriesId: string, source = 'fred'): Observation[] {
  const fail = (message: string) => parseError({ source, seriesId }, message);
  if (page.error_code !== undefined) throw fail(`FRED API error ${page.error_code}: ${page.error_message ?? ''}`);
  if (!Array.isArray(page.observations)) throw fail('JSON has no "observations" array');
  const observations: Observation[] = [];
  for (const item of page.observations) {
    const date = typeof item.date === 'string' ? item.date : '';
    if (!isIsoDate(date)) throw fail(`impossible date "${String(item.date)}"`);
    const raw = typeof item.value === 'string' ? item.value : undefined;
    if (raw === undefined) throw fail(`value on ${date} is not a string`);
    const value = readDecimal(raw, date, { source, seriesId });
    if (value !== undefined) observations.push({ date, value });
  }
  return observations;
}
