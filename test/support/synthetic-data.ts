import { addDays, toDayNumber } from '../../src/timeseries/dates.ts';
import type { DtsRow, ReplayData, ReplayRow } from './replay-data.ts';

/**
 * Small deterministic fixtures generated in code, so the suite runs without ../shared/data/real. Each series
 * is a seeded random walk in the provider's own unit, on the provider's calendar (weekdays with the odd
 * blank holiday, Wednesdays, Fridays, month or quarter starts).
 */
type Grid = 'weekday' | 'daily' | 'wed' | 'fri' | 'month' | 'quarter';

interface Spec {
  grid: Grid;
  level: number;
  vol: number;
  decimals: number;
  start?: string;
  floor?: number;
}

const FRED: Record<string, Spec> = {
  WALCL: { grid: 'wed', level: 7_000_000, vol: 15_000, decimals: 0 },
  WDTGAL: { grid: 'wed', level: 700_000, vol: 40_000, decimals: 0, floor: 50_000 },
  RRPONTSYD: { grid: 'weekday', level: 500, vol: 30, decimals: 3, floor: 0 },
  WRESBAL: { grid: 'wed', level: 3_200_000, vol: 30_000, decimals: 0 },
  TLAACBW027SBOG: { grid: 'wed', level: 22_000, vol: 50, decimals: 1 },
  CASACBW027SBOG: { grid: 'wed', level: 3_300, vol: 30, decimals: 1 },
  IORB: { grid: 'daily', level: 4.4, vol: 0, decimals: 2, start: '2021-07-29' },
  IOER: { grid: 'daily', level: 0.1, vol: 0, decimals: 2 },
  SWPT: { grid: 'wed', level: 200, vol: 20, decimals: 0, floor: 0 },
  WORAL: { grid: 'wed', level: 30, vol: 10, decimals: 0, floor: 0 },
  H41RESPPALGTRFNWW: { grid: 'wed', level: 1, vol: 0.5, decimals: 0, floor: 0 },
  WLCFLPCL: { grid: 'wed', level: 3_000, vol: 400, decimals: 0, floor: 0 },
  H41RESPPALDKNWW: { grid: 'wed', level: 0, vol: 0, decimals: 0, floor: 0 },
  WLCFOCEL: { grid: 'wed', level: 0, vol: 0, decimals: 0, floor: 0 },
  WLCFLL: { grid: 'wed', level: 4_000, vol: 400, decimals: 0, floor: 0 },
  H41RESPPALDJNWW: { grid: 'wed', level: 1_000, vol: 100, decimals: 0, floor: 0 },
  WLRRAFOIAL: { grid: 'wed', level: 350_000, vol: 5_000, decimals: 0 },
  RIFSPPFAAD90NB: { grid: 'weekday', level: 4.5, vol: 0.02, decimals: 2 },
  DTB3: { grid: 'weekday', level: 4.3, vol: 0.02, decimals: 2 },
  BAMLH0A0HYM2: { grid: 'weekday', level: 3.5, vol: 0.05, decimals: 2, floor: 1 },
  BAMLC0A0CM: { grid: 'weekday', level: 1.0, vol: 0.02, decimals: 2, floor: 0.4 },
  VIXCLS: { grid: 'weekday', level: 17, vol: 0.8, decimals: 2, floor: 9 },
  DFII10: { grid: 'weekday', level: 1.8, vol: 0.03, decimals: 2 },
  DTWEXBGS: { grid: 'weekday', level: 120, vol: 0.3, decimals: 4 },
  FDHBFIN: { grid: 'quarter', level: 8_500, vol: 100, decimals: 1 },
  ECBASSETSW: { grid: 'fri', level: 6_400_000, vol: 20_000, decimals: 0 },
  JPNASSETS: { grid: 'month', level: 7_500_000, vol: 20_000, decimals: 0 },
  M2SL: { grid: 'month', level: 21_000, vol: 60, decimals: 1 },
  GFDEBTN: { grid: 'quarter', level: 35_000_000, vol: 200_000, decimals: 0 },
  A091RC1Q027SBEA: { grid: 'quarter', level: 1_100, vol: 15, decimals: 3 },
  GFDEGDQ188S: { grid: 'quarter', level: 120, vol: 1, decimals: 5 },
  DGS2: { grid: 'weekday', level: 4.0, vol: 0.04, decimals: 2 },
  DGS10: { grid: 'weekday', level: 4.2, vol: 0.04, decimals: 2 },
  EFFR: { grid: 'weekday', level: 4.33, vol: 0, decimals: 2 },
  THREEFYTP10: { grid: 'weekday', level: 0.5, vol: 0.02, decimals: 4 },
  NFCI: { grid: 'fri', level: -0.5, vol: 0.02, decimals: 3 },
  STLFSI4: { grid: 'fri', level: -0.6, vol: 0.08, decimals: 4 },
  SP500: { grid: 'weekday', level: 5_000, vol: 40, decimals: 2, floor: 1_000 },
  NASDAQ100: { grid: 'weekday', level: 18_000, vol: 150, decimals: 2, floor: 2_000 },
  CBBTCUSD: { grid: 'daily', level: 60_000, vol: 1_200, decimals: 2, floor: 1_000 },
};

const PRICES: Record<string, Spec> = {
  GLD: { grid: 'weekday', level: 220, vol: 1.5, decimals: 2, floor: 50 },
};

export interface SyntheticOptions {
  /** First and last calendar dates generated (inclusive). */
  start?: string;
  end?: string;
  seed?: number;
}

export function syntheticReplayData(opts: SyntheticOptions = {}): ReplayData {
  const start = opts.start ?? '2019-01-01';
  const end = opts.end ?? '2026-11-20';
  const seed = opts.seed ?? 42;
  const cache = new Map<string, ReplayRow[]>();
  const make = (key: string, spec: Spec) => {
    if (!cache.has(key))
      cache.set(key, generate(spec, spec.start && spec.start > start ? spec.start : start, end, seed + hash(key)));
    return cache.get(key)!;
  };
  return {
    rows(key) {
      const [kind, id = ''] = key.split(':');
      if (kind === 'fred') return FRED[id] ? make(key, FRED[id]!) : undefined;
      if (kind === 'prices') return PRICES[id] ? make(key, PRICES[id]!) : undefined;
      if (key === 'nyfed:sofr')
        return make(key, { grid: 'weekday', level: 4.35, vol: 0.01, decimals: 2, start: '2018-04-03' });
      if (key === 'nyfed:effr') return make(key, { grid: 'weekday', level: 4.33, vol: 0, decimals: 2 });
      if (key === 'debt-to-penny') return make(key, { grid: 'weekday', level: 36e12, vol: 2e10, decimals: 2 });
      // Monthly deficit in dollars, deficit positive (MTS Table 1's convention).
      if (key === 'mts') return make(key, { grid: 'month', level: 150e9, vol: 80e9, decimals: 2 });
      return undefined;
    },
    mspdRows() {
      // Month ends; bills about a fifth of marketable debt. Totals are their own row types, class "_".
      return make('bills-share', { grid: 'month', level: 21, vol: 0.4, decimals: 2 })
        .filter((r) => r.raw !== null)
        .flatMap((r) => mspdStatement(monthEnd(r.date), Number(r.raw)));
    },
    dtsRows() {
      return make('dts', { grid: 'weekday', level: 800_000, vol: 25_000, decimals: 0, floor: 100_000 })
        .filter((r) => r.raw !== null)
        .map((r): DtsRow => dtsRow(r.date, r.raw!));
    },
    repoOperations() {
      // One morning and one afternoon SRF operation per weekday; usage is mostly zero, spiking at month ends.
      return make('srf-days', { grid: 'weekday', level: 0, vol: 0, decimals: 0, start: '2021-07-29' }).flatMap((r) => {
        const monthEnd = r.date.slice(8) >= '28';
        const amount = monthEnd ? 5_000_000_000 : 0;
        return [repoOp(r.date, 'AM', amount), repoOp(r.date, 'PM', amount / 2)];
      });
    },
  };
}

/**
 * The TGA row of one day in its era's form (real names and fields): `Federal Reserve Account` to 2021-09-30 and
 * `Treasury General Account (TGA)` to 2022-04-15, both with the close in close_today_bal; from 2022-04-18 the
 * `… Closing Balance` row with the close in all three opening columns and close_today_bal "null". The older
 * eras' opening balance is a different day's close (here: the close less 1,000), as in real statements.
 */
function dtsRow(date: string, close: string): DtsRow {
  const modern = date >= '2022-04-18';
  const account = modern
    ? 'Treasury General Account (TGA) Closing Balance'
    : date >= '2021-10-01'
      ? 'Treasury General Account (TGA)'
      : 'Federal Reserve Account';
  return {
    record_date: date,
    account_type: account,
    close_today_bal: modern ? 'null' : close,
    open_today_bal: modern ? close : String(Number(close) - 1000),
    open_month_bal: modern ? close : String(Number(close) - 5000),
    open_fiscal_year_bal: modern ? close : String(Number(close) - 20000),
    table_nbr: 'I',
    table_nm: 'Operating Cash Balance',
    sub_table_name: modern ? 'Cash Balance Details' : 'Type of account',
    src_line_nbr: modern ? '4' : '1',
  };
}

function monthEnd(firstOfMonth: string): string {
  const [y, m] = [Number(firstOfMonth.slice(0, 4)), Number(firstOfMonth.slice(5, 7))];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** One MSPD Table I statement (millions) whose bills are `billsPct` of marketable debt. */
function mspdStatement(date: string, billsPct: number): Array<Record<string, string>> {
  const marketable = 28_000_000;
  const bills = (billsPct / 100) * marketable;
  const rest = marketable - bills;
  const classes: Array<[string, string, number]> = [
    ['Marketable', 'Bills', bills],
    ['Marketable', 'Notes', rest * 0.62],
    ['Marketable', 'Bonds', rest * 0.22],
    ['Marketable', 'Treasury Inflation-Protected Securities', rest * 0.12],
    ['Marketable', 'Floating Rate Notes', rest * 0.04],
    ['Total Marketable', '_', marketable],
    ['Nonmarketable', 'Government Account Series', 7_300_000],
    ['Total Nonmarketable', '_', 7_300_000],
    ['Total Public Debt Outstanding', '_', marketable + 7_300_000],
  ];
  return classes.map(([type, kind, total]) => ({
    record_date: date,
    security_type_desc: type,
    security_class_desc: kind,
    debt_held_public_mil_amt: total.toFixed(4),
    intragov_hold_mil_amt: '0',
    total_mil_amt: total.toFixed(4),
  }));
}

function repoOp(date: string, slot: string, amount: number) {
  return {
    operationId: `RP ${date} ${slot}`,
    auctionStatus: 'Results',
    operationDate: date,
    settlementDate: date,
    maturityDate: addDays(date, 1),
    operationType: 'Repo',
    operationMethod: 'Full Allotment',
    term: 'Overnight',
    termCalenderDays: 1,
    totalAmtSubmitted: amount,
    totalAmtAccepted: amount,
    details: [{ securityType: 'Treasury', amtSubmitted: amount, amtAccepted: amount, percentOfferingRate: 4.5 }],
  };
}

function generate(spec: Spec, start: string, end: string, seed: number): ReplayRow[] {
  const random = mulberry32(seed);
  const rows: ReplayRow[] = [];
  let value = spec.level;
  for (const date of calendar(spec.grid, start, end)) {
    value += (random() - 0.5) * 2 * spec.vol;
    if (spec.floor !== undefined && value < spec.floor) value = spec.floor + (spec.floor - value);
    // Weekday series publish the odd holiday as a blank row, as FRED does.
    const blank = spec.grid === 'weekday' && random() < 0.02;
    rows.push({ date, raw: blank ? null : value.toFixed(spec.decimals) });
  }
  return rows;
}

function* calendar(grid: Grid, start: string, end: string): Generator<string> {
  for (let day = toDayNumber(start); day <= toDayNumber(end); day++) {
    const date = addDays('1970-01-01', day);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (grid === 'daily') yield date;
    else if (grid === 'weekday' && weekday >= 1 && weekday <= 5) yield date;
    else if (grid === 'wed' && weekday === 3) yield date;
    else if (grid === 'fri' && weekday === 5) yield date;
    else if (grid === 'month' && date.endsWith('-01')) yield date;
    else if (grid === 'quarter' && /-(01|04|07|10)-01$/.test(date)) yield date;
  }
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text: string): number {
  let h = 0;
  for (const ch of text) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h >>> 0;
}

/**
 * Synthetic data whose latest M2 print can be revised between refreshes: `revise(12.5)` makes the next response
 * carry that print + 12.5 (a revision the store keeps as a new vintage).
 */
export function revisingM2Data(): { data: ReplayData; revise(by: number): void } {
  const revising = revisingData('fred:M2SL', { start: '2025-01-01' });
  return {
    data: revising.data,
    revise(by) {
      revising.revise((value, fromEnd) => (fromEnd === 0 ? value + by : value));
    },
  };
}

/**
 * Synthetic data whose rows under `key` (e.g. fred:VIXCLS) a test can revise between refreshes:
 * `revise((value, fromEnd) => …)` rewrites each published value, fromEnd counting from the last row (0).
 */
export function revisingData(
  key: string,
  opts: SyntheticOptions = {},
): { data: ReplayData; revise(edit: (value: number, fromEnd: number) => number): void } {
  const base = syntheticReplayData(opts);
  let edit: ((value: number, fromEnd: number) => number) | undefined;
  const decimals = (raw: string) => raw.split('.')[1]?.length ?? 0;
  const data: ReplayData = {
    ...base,
    rows: (k) =>
      k === key && edit
        ? base
            .rows(k)
            ?.map((r, i, all) =>
              r.raw ? { ...r, raw: edit!(Number(r.raw), all.length - 1 - i).toFixed(decimals(r.raw)) } : r,
            )
        : base.rows(k),
  };
  return {
    data,
    revise(next) {
      edit = next;
    },
  };
}
