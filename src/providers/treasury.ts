import { isIsoDate, type Observation } from '../timeseries/observation.ts';
import { getJson, type RequestContext } from './http-client.ts';
import { conflictingDate } from './one-value-per-date.ts';
import { ProviderError, parseError, readDecimal } from './provider-error.ts';

/**
 * U.S. Treasury Fiscal Data client (no key). All values arrive as strings; `"null"` is missing. Pages with
 * `page[size]=10000` until `meta.total-pages`. Amounts are returned in the provider's unit (the catalog scales).
 */
export type TreasuryDataset = 'dts-tga' | 'debt-to-penny' | 'mts-deficit' | 'bills-share';

interface FiscalPage {
  data?: Array<Record<string, unknown>>;
  meta?: { 'total-pages'?: number };
}

const ENDPOINTS: Record<TreasuryDataset, { path: string; from: string; fields?: string }> = {
  'dts-tga': { path: '/v1/accounting/dts/operating_cash_balance', from: '2005-10-01' },
  'debt-to-penny': {
    path: '/v2/accounting/od/debt_to_penny',
    from: '1993-04-01',
    fields: 'record_date,tot_pub_debt_out_amt',
  },
  'mts-deficit': { path: '/v1/accounting/mts/mts_table_1', from: '2015-01-01' },
  'bills-share': {
    path: '/v1/debt/mspd/mspd_table_1',
    from: '2001-01-01',
    fields: 'record_date,security_type_desc,security_class_desc,total_mil_amt',
  },
};

export async function fetchTreasuryDataset(
  dataset: TreasuryDataset,
  baseUrl: string,
  ctx: RequestContext,
  since?: string,
): Promise<Observation[]> {
  const rows = await fetchAllRows(dataset, baseUrl, ctx, since);
  switch (dataset) {
    case 'dts-tga':
      return parseDtsTga(rows, ctx.source, ctx.seriesId, ctx.notes);
    case 'debt-to-penny':
      return parseDebtToPenny(rows, ctx.source, ctx.seriesId);
    case 'mts-deficit':
      return parseMtsDeficit(rows, ctx.source, ctx.seriesId);
    case 'bills-share':
      return parseBillsShare(rows, ctx.source, ctx.seriesId);
  }
}

/**
 * Most pages a dataset may claim: the longest history we read (DTS Table I since 2005, a few rows a day) is a
 * few pages of 10,000 rows; 50 leaves room for growth and stops a provider that claims a million.
 */
const MAX_PAGES = 50;

async function fetchAllRows(dataset: TreasuryDataset, baseUrl: string, ctx: RequestContext, since?: string) {
  const endpoint = ENDPOINTS[dataset];
  // A window moves the dataset's first date later (never earlier).
  const filter = `record_date:gte:${since && since > endpoint.from ? since : endpoint.from}`;
  const rows: Array<Record<string, unknown>> = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const params = new URLSearchParams({ filter, sort: 'record_date' });
    if (endpoint.fields) params.set('fields', endpoint.fields);
    params.set('page[number]', String(pageNumber));
    params.set('page[size]', '10000');
    const page = (await getJson(`${baseUrl}${endpoint.path}?${params}`, ctx)) as FiscalPage;
    if (!Array.isArray(page.data)) throw parseError(ctx, 'JSON has no "data" array');
    const totalPages = Number(page.meta?.['total-pages'] ?? 1);
    if (!(totalPages <= MAX_PAGES)) {
      const message = `the provider claims ${page.meta?.['total-pages']} pages of 10,000 rows; at most ${MAX_PAGES} are read (refused)`;
      throw new ProviderError({ source: ctx.source, seriesId: ctx.seriesId, kind: 'implausible', message });
    }
    rows.push(...page.data);
    if (pageNumber >= totalPages || page.data.length === 0) break;
  }
  return rows;
}

/**
 * The Daily Treasury Statement's TGA row has had three names, and the field that carries the closing balance
 * depends on the era (real Fiscal Data responses; see ../shared/reference/providers.md §b.1):
 * - to 2021-09-30, `Federal Reserve Account`: `close_today_bal`;
 * - 2021-10-01 to 2022-04-15, `Treasury General Account (TGA)`: `close_today_bal`;
 * - from 2022-04-18, `Treasury General Account (TGA) Closing Balance`: `open_today_bal` (all three opening
 *   columns carry the close on that row; `close_today_bal` is "null").
 */
export const TGA_ERAS = [
  { account: 'Federal Reserve Account', field: 'close_today_bal', from: '0000-01-01', until: '2021-10-01' },
  { account: 'Treasury General Account (TGA)', field: 'close_today_bal', from: '2021-10-01', until: '2022-04-18' },
  {
    account: 'Treasury General Account (TGA) Closing Balance',
    field: 'open_today_bal',
    from: '2022-04-18',
    until: '9999-12-31',
  },
] as const;

/**
 * Daily TGA closing balance (millions): each era's row, read from the era's own field. A row whose field is
 * "null" is rejected and reported in `notes` (never replaced by another day's balance, which is what the opening
 * balance of the older eras is); a TGA row dated outside its era's dates fails the response, as the eras are facts.
 */
export function parseDtsTga(
  rows: Array<Record<string, unknown>>,
  source = 'treasury',
  seriesId = 'tga-dts',
  notes: string[] = [],
): Observation[] {
  const label = { source, seriesId };
  const out: Observation[] = [];
  const rejected: string[] = [];
  for (const row of rows) {
    const account = String(row.account_type ?? '');
    const era = TGA_ERAS.find((e) => e.account === account);
    if (!era) continue;
    const date = requireDate(row.record_date, label);
    if (date < era.from || date >= era.until) {
      throw parseError(
        label,
        `row "${account}" dated ${date} lies outside its era (${era.from} to before ${era.until}): the account names changed again?`,
      );
    }
    const value = readField(row, era.field, date, label);
    if (value === undefined) {
      rejected.push(`${date} "${account}" has ${era.field} null`);
      continue;
    }
    out.push({ date, value });
  }
  if (rejected.length > 0) {
    notes.push(
      `rejected ${rejected.length} DTS row(s) without a closing balance in the era's field (${rejected.slice(0, 3).join('; ')}${rejected.length > 3 ? '; …' : ''})`,
    );
  }
  if (rows.length > 0 && out.length === 0 && rejected.length === 0) {
    throw parseError(label, 'no TGA account rows found (account names changed?)');
  }
  return out;
}

export function parseDebtToPenny(rows: Array<Record<string, unknown>>, source = 'treasury', seriesId = 'debt-penny') {
  const out: Observation[] = [];
  for (const row of rows) {
    const date = requireDate(row.record_date, { source, seriesId });
    const value = readField(row, 'tot_pub_debt_out_amt', date, { source, seriesId });
    if (value !== undefined) out.push({ date, value });
  }
  return out;
}

/** "January" for a date in January: the month names MTS Table 1 labels its rows with. */
function monthName(date: string): string {
  return new Date(`${date.slice(0, 7)}-01T00:00:00Z`).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
}

/**
 * Monthly deficit (dollars, deficit positive) from MTS Table 1. `current_month_dfct_sur_amt` is deficit-positive:
 * on every month row it equals `current_month_gross_outly_amt − current_month_gross_rcpt_amt` (real rows, e.g.
 * October 2019: receipts 245,520,982,120.90, outlays 379,988,361,130.71, deficit 134,467,379,009.81). That identity
 * is checked on every row carrying both amounts, so a flipped sign convention fails loudly instead of publishing
 * surpluses as deficits; gross receipts must also be a plausible month of federal receipts in dollars, which
 * catches a change of unit (a near-zero deficit cannot).
 * Each statement (record_date = end of month M) lists the months of the prior and the current fiscal year; month
 * M's own figure is the row named after M with the highest `src_line_nbr` (the current fiscal year's section
 * comes last; assumed from the published table layout, never seen in a live response here). Dated the 1st of M.
 */
export function parseMtsDeficit(
  rows: Array<Record<string, unknown>>,
  source = 'treasury',
  seriesId = 'federal-deficit',
): Observation[] {
  const label = { source, seriesId };
  const fail = (message: string) => parseError(label, message);
  const best = new Map<string, { line: number; value: number | undefined }>();
  for (const row of rows) {
    const date = requireDate(row.record_date, label);
    const month = monthName(date);
    if (String(row.classification_desc ?? '').trim() !== month) continue;
    const value = readField(row, 'current_month_dfct_sur_amt', date, label);
    const receipts = readField(row, 'current_month_gross_rcpt_amt', date, label);
    const outlays = readField(row, 'current_month_gross_outly_amt', date, label);
    if (value !== undefined && receipts !== undefined && outlays !== undefined) {
      checkDeficitIdentity({ date, month, value, receipts, outlays }, fail);
    }
    const line = Number(row.src_line_nbr ?? 0);
    const key = `${date.slice(0, 7)}-01`;
    const previous = best.get(key);
    // The same line of the same statement twice with two figures: which is the month's cannot be told.
    if (previous && line === previous.line && !sameFigure(previous.value, value))
      throw conflictingDate(label, key, previous.value ?? Number.NaN, value ?? Number.NaN);
    if (!previous || line >= previous.line) best.set(key, { line, value });
  }
  const out: Observation[] = [];
  for (const [date, { value }] of best) if (value !== undefined) out.push({ date, value });
  return out;
}

/** Monthly federal receipts in dollars, FY2015 onward, lie well inside this band (about $170 bn to $850 bn). */
const MONTHLY_RECEIPTS_USD: readonly [number, number] = [5e10, 3e12];

function checkDeficitIdentity(
  row: { date: string; month: string; value: number; receipts: number; outlays: number },
  fail: (message: string) => ProviderError,
): void {
  const where = `${row.month} row of the ${row.date} statement`;
  if (row.receipts < MONTHLY_RECEIPTS_USD[0] || row.receipts > MONTHLY_RECEIPTS_USD[1]) {
    throw fail(
      `gross receipts ${row.receipts} on the ${where} are not a month of federal receipts in dollars (unit changed?)`,
    );
  }
  const deficit = row.outlays - row.receipts;
  const tolerance = Math.max(1, 1e-9 * Math.abs(row.outlays));
  if (Math.abs(row.value - deficit) <= tolerance) return;
  if (Math.abs(row.value + deficit) <= tolerance) {
    throw fail(
      `current_month_dfct_sur_amt equals receipts − outlays on the ${where}: the sign convention flipped (expected deficit-positive)`,
    );
  }
  throw fail(`current_month_dfct_sur_amt ${row.value} is not outlays − receipts (${deficit}) on the ${where}`);
}

/**
 * Bills as a share of marketable debt (percent) from MSPD Table I, per statement date: the `Marketable` /
 * `Bills` row over the total of marketable debt, which is a row type of its own — `security_type_desc:
 * "Total Marketable"` with `security_class_desc: "_"`. Both read from `total_mil_amt` (millions; the field name is
 * assumed: it is the API name of the export's "Total Public Debt Outstanding (in Millions)" column).
 */
export function parseBillsShare(
  rows: Array<Record<string, unknown>>,
  source = 'treasury',
  seriesId = 'bills-share',
): Observation[] {
  const label = { source, seriesId };
  const byDate = new Map<string, { bills?: number; total?: number }>();
  for (const row of rows) {
    const type = String(row.security_type_desc ?? '');
    const kind = String(row.security_class_desc ?? '');
    const isBills = type === 'Marketable' && kind === 'Bills';
    const isTotal = type === 'Total Marketable';
    if (!isBills && !isTotal) continue;
    const date = requireDate(row.record_date, label);
    const value = readField(row, 'total_mil_amt', date, label);
    if (value === undefined) continue;
    const entry = byDate.get(date) ?? {};
    const previous = isBills ? entry.bills : entry.total;
    // A statement listing its bills (or its total) twice with two amounts: no share can be told from it.
    if (previous !== undefined && previous !== value) throw conflictingDate(label, date, previous, value);
    if (isBills) entry.bills = value;
    else entry.total = value;
    byDate.set(date, entry);
  }
  const out: Observation[] = [];
  for (const [date, { bills, total }] of byDate) {
    if (bills !== undefined && total !== undefined && total > 0) out.push({ date, value: (100 * bills) / total });
  }
  if (rows.length > 0 && out.length === 0) {
    throw parseError(label, 'no "Marketable"/"Bills" and "Total Marketable" rows found in MSPD Table I');
  }
  return out;
}

function sameFigure(a: number | undefined, b: number | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a)));
}

type Label = { source: string; seriesId: string };

function requireDate(raw: unknown, label: Label): string {
  const date = String(raw ?? '');
  if (!isIsoDate(date)) throw parseError(label, `impossible record_date "${date}"`);
  return date;
}

/** A row's amount; Fiscal Data writes a missing one as "null" (an absent field reads the same). */
function readField(row: Record<string, unknown>, field: string, date: string, label: Label): number | undefined {
  return readDecimal(String(row[field] ?? 'null'), date, label);
}
