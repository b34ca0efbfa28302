import { getJson, type RequestContext } from './http-client.ts';
import { isIsoDate, isMissingMarker, type Observation, parseDecimal } from './observation.ts';
import { ProviderError } from './provider-error.ts';

/**
 * U.S. Treasury Fiscal Data client (no key). All values arrive as strings; `"null"` is missing. Pages with
 * `page[size]=10000` until `meta.total-pages`. Amounts are returned in the provider's unit (the catalog scales).
 */
export type TreasuryDataset = 'dts-tga' | 'debt-to-penny' | 'mts-deficit' | 'bills-share';

interface FiscalPage {
  data?: Array<Record<string, unknown>>;
  meta?: { 'total-pages'?: number };
}

const ENDPOINTS: Record<TreasuryDataset, { path: string; filter: string; fields?: string }> = {
  'dts-tga': { path: '/v1/accounting/dts/operating_cash_balance', filter: 'record_date:gte:2005-10-01' },
  'debt-to-penny': {
    path: '/v2/accounting/od/debt_to_penny',
    filter: 'record_date:gte:1993-04-01',
    fields: 'record_date,tot_pub_debt_out_amt',
  },
  'mts-deficit': { path: '/v1/accounting/mts/mts_table_1', filter: 'record_date:gte:2015-01-01' },
  'bills-share': {
    path: '/v1/debt/mspd/mspd_table_1',
    filter: 'record_date:gte:2001-01-01',
    fields: 'record_date,security_type_desc,security_class_desc,total_mil_amt',
  },
};

export async function fetchTreasuryDataset(
  dataset: TreasuryDataset,
  baseUrl: string,
  ctx: RequestContext,
): Promise<Observation[]> {
  const rows = await fetchAllRows(dataset, baseUrl, ctx);
  switch (dataset) {
    case 'dts-tga':
      return parseDtsTga(rows, ctx.source, ctx.seriesId);
    case 'debt-to-penny':
      return parseDebtToPenny(rows, ctx.source, ctx.seriesId);
    case 'mts-deficit':
      return parseMtsDeficit(rows, ctx.source, ctx.seriesId);
    case 'bills-share':
      return parseBillsShare(rows, ctx.source, ctx.seriesId);
  }
}

async function fetchAllRows(dataset: TreasuryDataset, baseUrl: string, ctx: RequestContext) {
  const endpoint = ENDPOINTS[dataset];
  const rows: Array<Record<string, unknown>> = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const params = new URLSearchParams({ filter: endpoint.filter, sort: 'record_date' });
    if (endpoint.fields) params.set('fields', endpoint.fields);
    params.set('page[number]', String(pageNumber));
    params.set('page[size]', '10000');
    const page = (await getJson(`${baseUrl}${endpoint.path}?${params}`, ctx)) as FiscalPage;
    if (!Array.isArray(page.data)) {
      throw new ProviderError({
        source: ctx.source,
        seriesId: ctx.seriesId,
        kind: 'parse',
        message: 'JSON has no "data" array',
      });
    }
    rows.push(...page.data);
    const totalPages = Number(page.meta?.['total-pages'] ?? 1);
    if (pageNumber >= totalPages || page.data.length === 0) break;
  }
  return rows;
}

/**
 * Daily TGA closing balance (millions). The account row changed name twice: `Federal Reserve Account` (to
 * 2021-09-30), `Treasury General Account (TGA)` (to 2022-04-15), then `Treasury General Account (TGA) Closing
 * Balance`, whose close sits in `open_today_bal` while `close_today_bal` is "null".
 */
const TGA_ACCOUNTS = new Set([
  'Federal Reserve Account',
  'Treasury General Account (TGA)',
  'Treasury General Account (TGA) Closing Balance',
]);

export function parseDtsTga(rows: Array<Record<string, unknown>>, source = 'treasury', seriesId = 'tga-dts') {
  const out: Observation[] = [];
  for (const row of rows) {
    if (!TGA_ACCOUNTS.has(String(row.account_type ?? ''))) continue;
    const date = requireDate(row.record_date, source, seriesId);
    const close = String(row.close_today_bal ?? 'null');
    const raw = isMissingMarker(close) ? String(row.open_today_bal ?? 'null') : close;
    const value = requireNumber(raw, date, source, seriesId);
    if (value !== undefined) out.push({ date, value });
  }
  if (rows.length > 0 && out.length === 0) {
    throw new ProviderError({
      source,
      seriesId,
      kind: 'parse',
      message: 'no TGA account rows found (account names changed?)',
    });
  }
  return out;
}

export function parseDebtToPenny(rows: Array<Record<string, unknown>>, source = 'treasury', seriesId = 'debt-penny') {
  const out: Observation[] = [];
  for (const row of rows) {
    const date = requireDate(row.record_date, source, seriesId);
    const value = requireNumber(String(row.tot_pub_debt_out_amt ?? 'null'), date, source, seriesId);
    if (value !== undefined) out.push({ date, value });
  }
  return out;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * Monthly deficit/surplus (dollars) from MTS Table 1. Each statement (record_date = end of month M) lists the
 * months of the prior and the current fiscal year; month M's own figure is the row named after M with the
 * highest `src_line_nbr` (the current fiscal year's section comes last). The value is dated the first of M.
 */
export function parseMtsDeficit(
  rows: Array<Record<string, unknown>>,
  source = 'treasury',
  seriesId = 'federal-deficit',
) {
  const best = new Map<string, { line: number; raw: string }>();
  for (const row of rows) {
    const date = requireDate(row.record_date, source, seriesId);
    const monthName = MONTHS[Number(date.slice(5, 7)) - 1];
    if (String(row.classification_desc ?? '').trim() !== monthName) continue;
    const line = Number(row.src_line_nbr ?? 0);
    const key = `${date.slice(0, 7)}-01`;
    const previous = best.get(key);
    if (!previous || line >= previous.line)
      best.set(key, { line, raw: String(row.current_month_dfct_sur_amt ?? 'null') });
  }
  const out: Observation[] = [];
  for (const [date, { raw }] of best) {
    const value = requireNumber(raw, date, source, seriesId);
    if (value !== undefined) out.push({ date, value });
  }
  return out;
}

/**
 * Bills as a share of marketable debt (percent) from MSPD Table I: per statement date, the `Bills` row's
 * `total_mil_amt` over the `Total Marketable` row's, both under security type `Marketable`.
 */
export function parseBillsShare(rows: Array<Record<string, unknown>>, source = 'treasury', seriesId = 'bills-share') {
  const byDate = new Map<string, { bills?: number; total?: number }>();
  for (const row of rows) {
    if (String(row.security_type_desc ?? '') !== 'Marketable') continue;
    const kind = String(row.security_class_desc ?? '');
    if (kind !== 'Bills' && kind !== 'Total Marketable') continue;
    const date = requireDate(row.record_date, source, seriesId);
    const value = requireNumber(String(row.total_mil_amt ?? 'null'), date, source, seriesId);
    if (value === undefined) continue;
    const entry = byDate.get(date) ?? {};
    if (kind === 'Bills') entry.bills = value;
    else entry.total = value;
    byDate.set(date, entry);
  }
  const out: Observation[] = [];
  for (const [date, { bills, total }] of byDate) {
    if (bills !== undefined && total !== undefined && total > 0) out.push({ date, value: (100 * bills) / total });
  }
  if (rows.length > 0 && out.length === 0) {
    throw new ProviderError({ source, seriesId, kind: 'parse', message: 'no Bills / Total Marketable rows found' });
  }
  return out;
}

function requireDate(raw: unknown, source: string, seriesId: string): string {
  const date = String(raw ?? '');
  if (!isIsoDate(date))
    throw new ProviderError({ source, seriesId, kind: 'parse', message: `impossible record_date "${date}"` });
  return date;
}

function requireNumber(raw: string, date: string, source: string, seriesId: string): number | undefined {
  if (isMissingMarker(raw)) return undefined;
  const value = parseDecimal(raw);
  if (value === undefined) {
    throw new ProviderError({ source, seriesId, kind: 'parse', message: `non-numeric value "${raw}" on ${date}` });
  }
  return value;
}
