import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Data behind the replay server: rows as a provider would publish them (`raw` is the value's text in the
 * provider's own unit; null = a published-but-missing value). Keys name the provider request:
 * `fred:<ID>`, `dts`, `debt-to-penny`, `mts`, `nyfed:sofr`, `nyfed:effr`, `nyfed:srf`, `prices:<SYMBOL>`.
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
}

export const REAL_DATA_DIR = new URL('../../../shared/data/real/', import.meta.url).pathname;

export function hasRealData(dir = REAL_DATA_DIR): boolean {
  return existsSync(join(dir, 'WALCL.csv'));
}

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
        // MTSDS133FMS is in millions, surplus positive; the MTS API carries dollars.
        return load('MTSDS133FMS')?.map((r) => ({
          date: r.date,
          raw: r.raw === null ? null : String(Number(r.raw) * 1e6),
        }));
      }
      return undefined;
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
 * close_today_bal equals the next business day's opening balance, which is how it is reconstructed here
 * (rows whose next day is unknown are left out rather than guessed).
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
      const dates = [...(opening.get(account)?.keys() ?? [])].sort();
      const next = dates.find((d) => d > date);
      if (!next) continue;
      close = opening.get(account)!.get(next)!;
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
