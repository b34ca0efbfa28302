import { isIsoDate, type Observation } from '../timeseries/observation.ts';
import { getJson, type RequestContext } from './http-client.ts';
import { parseError } from './provider-error.ts';

/**
 * New York Fed Markets API client (no key). Reference rates come newest-first under `refRates` with numeric
 * `percentRate`; repo operations come under `repo.operations` with dollar amounts. History is requested in
 * one-year date-range searches from the dataset's start date to `today`.
 */
export type NyFedDataset = 'sofr' | 'effr' | 'srf';

const DATASETS: Record<NyFedDataset, { path: string; query?: Record<string, string>; parse: typeof parseRefRates }> = {
  sofr: { path: '/api/rates/secured/sofr/search.json', parse: parseRefRates },
  effr: { path: '/api/rates/unsecured/effr/search.json', parse: parseRefRates },
  srf: { path: '/api/rp/results/search.json', query: { operationTypes: 'Repo' }, parse: parseRepoOperations },
};

export async function fetchNyFedDataset(
  dataset: NyFedDataset,
  opts: { baseUrl: string; startDate: string; today: string },
  ctx: RequestContext,
): Promise<Observation[]> {
  const { path, query, parse } = DATASETS[dataset];
  const out: Observation[] = [];
  for (const [startDate, endDate] of yearRanges(opts.startDate, opts.today)) {
    const params = new URLSearchParams({ startDate, endDate, ...query });
    out.push(...parse(await getJson(`${opts.baseUrl}${path}?${params}`, ctx), ctx.source, ctx.seriesId));
  }
  return out;
}

/** Splits [start, end] into consecutive calendar-year windows. */
export function yearRanges(startDate: string, endDate: string): Array<[string, string]> {
  const ranges: Array<[string, string]> = [];
  let from = startDate;
  while (from <= endDate) {
    const yearEnd = `${from.slice(0, 4)}-12-31`;
    const to = yearEnd < endDate ? yearEnd : endDate;
    ranges.push([from, to]);
    from = `${Number(from.slice(0, 4)) + 1}-01-01`;
  }
  return ranges;
}

export function parseRefRates(body: unknown, source = 'nyfed', seriesId = 'sofr'): Observation[] {
  const label = { source, seriesId };
  const rates = (body as { refRates?: unknown })?.refRates;
  if (!Array.isArray(rates)) throw parseError(label, 'JSON has no "refRates" array');
  const out: Observation[] = [];
  for (const rate of rates as Array<Record<string, unknown>>) {
    const date = String(rate.effectiveDate ?? '');
    if (!isIsoDate(date)) throw parseError(label, `impossible effectiveDate "${date}"`);
    const value = rate.percentRate;
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw parseError(label, `non-numeric percentRate "${String(value)}" on ${date}`);
    }
    out.push({ date, value });
  }
  return out;
}

/**
 * Standing repo usage per day (dollars): the accepted amounts of every `Repo` operation on the day summed
 * (morning and afternoon operations), small-value exercises left out.
 */
export function parseRepoOperations(body: unknown, source = 'nyfed', seriesId = 'srf'): Observation[] {
  const label = { source, seriesId };
  const operations = (body as { repo?: { operations?: unknown } })?.repo?.operations;
  if (!Array.isArray(operations)) throw parseError(label, 'JSON has no "repo.operations" array');
  const byDate = new Map<string, number>();
  // An operation listed twice is counted once; listed twice with two accepted amounts, the answer is malformed.
  // Assumed: `operationId` names one operation (it does in the recorded fixture of providers.md §c.2, e.g.
  // "RP 071026 26"; that it is unique across an answer is not documented there).
  const byOperation = new Map<string, number>();
  for (const op of operations as Array<Record<string, unknown>>) {
    if (op.operationType !== 'Repo') continue;
    if (isSmallValueExercise(op)) continue;
    const date = String(op.operationDate ?? '');
    if (!isIsoDate(date)) throw parseError(label, `impossible operationDate "${date}"`);
    const amount = op.totalAmtAccepted ?? 0;
    if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) {
      throw parseError(label, `bad totalAmtAccepted "${String(amount)}" on ${date}`);
    }
    const id = typeof op.operationId === 'string' && op.operationId !== '' ? op.operationId : undefined;
    if (id !== undefined) {
      const listed = byOperation.get(id);
      if (listed !== undefined && listed !== amount)
        throw parseError(
          label,
          `${date} is listed with two values (${listed} and ${amount}) of totalAmtAccepted for operation "${id}": the answer is malformed (refused)`,
        );
      if (listed !== undefined) continue;
      byOperation.set(id, amount);
    }
    byDate.set(date, (byDate.get(date) ?? 0) + amount);
  }
  return [...byDate.entries()].map(([date, value]) => ({ date, value }));
}

function isSmallValueExercise(op: Record<string, unknown>): boolean {
  const flag = op.isSmallValue;
  if (flag === true || flag === 'Y' || flag === 'y') return true;
  return /small value/i.test(String(op.note ?? ''));
}
