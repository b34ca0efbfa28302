import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Data behind the replay server: rows as a provider would publish them (`raw` is the value's text in the
 * provider's own unit; null = a published-but-missing value). Keys name the provider request:
 * `fred:<ID>`, `debt-to-penny` (total public debt, dollars), `mts` (monthly deficit in dollars, deficit
 * positive, dated the 1st of the month), `nyfed:sofr`, `nyfed:effr`, `prices:<SYMBOL>`. DTS, MSPD and the
 * repo operations come as whole API rows.
 */
export interface ReplayRow {
  date: string;
  raw: string | null;
}

/** DTS Table I rows in API form. */
export type DtsRow = Record<string, string>;

export interface ReplayData {
  rows(key: string): ReplayRow[] | undefined;
  dtsRows(): DtsRow[];
  /** Repo operations in NY Fed API form. */
  repoOperations(): Array<Record<string, unknown>>;
  /** MSPD Table I rows in API form (record_date, security_type_desc, security_class_desc, *_mil_amt). */
  mspdRows(): Array<Record<string, string>>;
}

export const REAL_DATA_DIR = new URL('../../../shared/data/real/', import.meta.url).pathname;

/** A real FRED file as observations: an empty field is a date without a value, left out as the store does. */
export function realFredObservations(name: string, dir = REAL_DATA_DIR): Array<{ date: string; value: number }> {
  const rows = readFileSync(`${dir}${name}.csv`, 'utf8').trim().split('\n').slice(1);
  return rows
    .map((row) => row.split(','))
    .filter(([, value]) => value !== '')
    .map(([date, value]) => ({ date: date!, value: Number(value) }));
}

export function hasRealData(dir = REAL_DATA_DIR): boolean {
  return existsSync(join(dir, 'WALCL.csv'));
}

/** Chart-source symbols with a real file: the chart form of the Yahoo closes in ../shared/data/real. */
const PRICE_FILES: Record<string, string> = { '^GSPC': 'SPX', QQQ: 'QQQ', 'BTC-USD': 'BTCUSD', GLD: 'GLD' };

/** Serves the real files in ../shared/data/real (read at run time, never copied into the project). */
export function realReplayData(dir = REAL_DATA_DIR): ReplayData {
  const cache = new Map<string, ReplayRow[] | undefined>();
  const load = (file: string) => {
    if (!cache.has(file)) {
      const path = join(dir, `${file}.csv`);
      cache.set(file, existsSync(path) ? parseCsvRows(readFileSync(path, 'utf8')) : undefined);
    }
    return cache.get(file);
  };
  return {
    rows(key) {
      const [kind, id = ''] = key.split(':');
      if (kind === 'fred') return load(id);
      if (kind === 'prices') return PRICE_FILES[id] ? load(PRICE_FILES[id]!) : undefined;
      if (key === 'nyfed:sofr') return load('SOFR');
      if (key === 'nyfed:effr') return load('EFFR');
      if (key === 'mts') {
        // FRED's MTSDS133FMS is in millions with the surplus positive; MTS Table 1 carries dollars with the
        // deficit positive (real responses: the two agree after exactly this conversion).
        return load('MTSDS133FMS')?.map((r) => ({
          date: r.date,
          raw: r.raw === null ? null : (-Number(r.raw) * 1e6).toFixed(2),
        }));
      }
      if (key === 'debt-to-penny')
        return loadColumn(join(dir, 'treasury', 'DEBT_TO_PENNY.csv'), 'tot_pub_debt_out_amt');
      return undefined;
    },
    mspdRows() {
      const path = join(dir, 'treasury', 'MSPD_SumSecty_20010131_20260531.csv');
      return existsSync(path) ? mspdExportToApiRows(readFileSync(path, 'utf8')) : [];
    },
    dtsRows() {
      const path = join(dir, 'treasury', 'DTS_OpCashBal_20210624_20260623.csv');
      return existsSync(path) ? dtsExportToApiRows(readFileSync(path, 'utf8')) : [];
    },
    repoOperations() {
      return [];
    },
  };
}

export function parseCsvRows(text: string): ReplayRow[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.length > 0);
  return lines.slice(1).map((line) => {
    const [date = '', raw = ''] = line.split(',');
    return { date, raw: raw === '' || raw === '.' ? null : raw };
  });
}

/**
 * The Fiscal Data CSV export of DTS Table I has no closing-balance column. In the API the 2022+ "Closing
 * Balance" row carries the close in open_today_bal with close_today_bal "null"; for earlier eras the API's
 * close_today_bal equals the next business day's opening balance, which is how it is reconstructed here. The last
 * day of an era takes the opening balance of the account's next name (assumed: the TGA renamed, not a new account,
 * which the file supports but no provider document states: the real 2021-10-01 `Treasury General Account (TGA)`
 * opens at 215,160, which is also FY 2022's opening balance, the close of 2021-09-30). Rows whose next day is unknown (the file's newest) are left out rather than guessed.
 */
export function dtsExportToApiRows(csv: string): DtsRow[] {
  const lines = csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.length > 0);
  const rows = lines.slice(1).map((line) => line.split(','));
  const opening = new Map<string, Map<string, string>>();
  for (const r of rows) {
    const [date = '', account = '', open = ''] = r;
    if (!opening.has(account)) opening.set(account, new Map());
    opening.get(account)!.set(date, open);
  }
  const out: DtsRow[] = [];
  for (const r of rows) {
    const [
      date = '',
      account = '',
      open = '',
      month = '',
      fy = '',
      tableNbr = '',
      tableName = '',
      sub = '',
      line = '',
    ] = r;
    let close = 'null';
    if (!account.includes('(TGA) ')) {
      const next = nextOpening(opening, account, date) ?? nextOpening(opening, RENAMED_TGA.get(account), date);
      if (next === undefined) continue;
      close = next;
    }
    out.push({
      record_date: date,
      account_type: account,
      close_today_bal: close,
      open_today_bal: open,
      open_month_bal: month,
      open_fiscal_year_bal: fy,
      table_nbr: tableNbr,
      table_nm: tableName,
      sub_table_name: sub,
      src_line_nbr: line,
    });
  }
  return out.sort((a, b) => (a.record_date! < b.record_date! ? -1 : a.record_date! > b.record_date! ? 1 : 0));
}

/** The TGA's row name in each DTS era, to the next era's (its opening balance is the previous era's last close). */
const RENAMED_TGA = new Map([
  ['Federal Reserve Account', 'Treasury General Account (TGA)'],
  ['Treasury General Account (TGA)', 'Treasury General Account (TGA) Opening Balance'],
]);

/** An account's opening balance on the first record date after `date`, if the file has one. */
function nextOpening(
  opening: ReadonlyMap<string, ReadonlyMap<string, string>>,
  account: string | undefined,
  date: string,
): string | undefined {
  const balances = account === undefined ? undefined : opening.get(account);
  const next = [...(balances?.keys() ?? [])].sort().find((d) => d > date);
  return next === undefined ? undefined : balances!.get(next);
}

/** One named column of a headed CSV file (the Fiscal Data exports in treasury/), as replay rows. */
function loadColumn(path: string, column: string): ReplayRow[] | undefined {
  if (!existsSync(path)) return undefined;
  const [header = '', ...lines] = readFileSync(path, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const index = header.split(',').indexOf(column);
  return lines.map((line) => {
    const cells = line.split(',');
    const raw = cells[index] ?? '';
    return { date: cells[0]!, raw: raw === '' ? null : raw };
  });
}

/**
 * The Fiscal Data CSV export of MSPD Table I (display labels) as API rows. Field names other than the two
 * descriptions are assumed API names of the export's columns (debt_held_public_mil_amt, intragov_hold_mil_amt,
 * total_mil_amt); the totals are their own row types with security_class_desc "_", as in real responses.
 */
export function mspdExportToApiRows(csv: string): Array<Record<string, string>> {
  const [, ...lines] = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  return lines.map((line) => {
    const [date = '', type = '', kind = '', publicAmt = '', intragov = '', total = ''] = line.split(',');
    return {
      record_date: date,
      security_type_desc: type,
      security_class_desc: kind,
      debt_held_public_mil_amt: publicAmt,
      intragov_hold_mil_amt: intragov,
      total_mil_amt: total,
    };
  });
}
