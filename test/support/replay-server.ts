import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { ProviderConfig } from '../../src/providers/providers.ts';
import type { DtsRow, ReplayData, ReplayRow } from './replay-data.ts';

/**
 * A loopback server that replays FRED, Treasury Fiscal Data, NY Fed and the market-price source in their real
 * response formats (../shared/reference/providers.md and the facts of issue 9):
 * - FRED: CSV with the `observation_date` header and empty missing values; JSON with "." for missing. The ICE
 *   BofA series (BAMLH0A0HYM2, BAMLC0A0CM) carry only their last 3 years, as FRED serves them since April 2026.
 * - Fiscal Data: pages of string values with "null", `meta.total-pages`, `fields=` projection. DTS Table I in
 *   its three account-name eras; MTS Table 1 statements with the deficit-positive `current_month_dfct_sur_amt`
 *   (= outlays − receipts) under both fiscal-year sections; MSPD Table I with `Total Marketable` as a row type.
 * - NY Fed: newest-first JSON numbers. Chart source: timestamps at the exchange-day open with `gmtoffset`.
 * Faults can be injected per request path to exercise the clients' error handling, including the chart source's
 * plain-text 429 to scripted clients and a FRED vintage in another unit (the `scale` fault).
 */
export type Fault =
  | { kind: 'status'; status: number }
  | { kind: 'rate-limit'; retryAfterSeconds: number }
  | { kind: 'hang' }
  | { kind: 'delay'; ms: number }
  | { kind: 'reset' }
  | { kind: 'html' }
  | { kind: 'truncate' }
  | { kind: 'non-numeric' }
  | { kind: 'scale'; factor: number }
  | { kind: 'future' }
  | { kind: 'duplicate' }
  /** Every published date listed twice, the second time 1 % higher (a date given two values in one answer). */
  | { kind: 'conflicting-duplicate' }
  | { kind: 'empty' }
  /** The last published value replaced by `factor` × the one before it (a provider's bad point). */
  | { kind: 'spike'; factor: number }
  /** The last published value plus `amount` (in the provider's unit): a phantom of a chosen size. */
  | { kind: 'shift'; amount: number }
  /** The last `count` published dates no longer listed (withdrawn, or a partial response). */
  | { kind: 'omit-last'; count: number }
  /** A 200 whose body streams `mb` megabytes of CSV rows (stops when the client hangs up). */
  | { kind: 'huge'; mb: number }
  /** A small gzip-encoded body that inflates to `mb` megabytes. */
  | { kind: 'gzip-bomb'; mb: number }
  /** A Fiscal Data page claiming this many pages. */
  | { kind: 'pages'; claim: number }
  /** The chart source's answer to scripted clients: 429 with a plain-text body, whatever the Retry-After. */
  | { kind: 'edge-429' };

interface FaultRule {
  match: string;
  fault: Fault;
  remaining: number;
}

export interface ReplayServer {
  url: string;
  /** Requests served, as path + query, in order. */
  requests: string[];
  /** Resolves with the next request to arrive (path + query): waiting on it waits for an event, not for time. */
  nextRequest(): Promise<string>;
  /** Injects a fault into the next `times` requests whose path+query contains `match`. */
  inject(match: string, fault: Fault, times?: number): void;
  clearFaults(): void;
  providerConfig(overrides?: Partial<ProviderConfig>): ProviderConfig;
  /** Years of ICE BofA history FRED serves (3 by default, as since April 2026; Infinity for the old full history). */
  iceHistoryYears: number;
  /** Bytes written to every client so far, headers included (what the service downloaded). */
  bytesServed(): number;
  /** Bytes of the last streamed (`huge`) body actually written before the client hung up or it ended. */
  readonly lastStreamedBytes: number;
  close(): Promise<void>;
}

export interface ReplayOptions {
  iceHistoryYears?: number;
  /** The port to listen on (default: any free one). */
  port?: number;
  /** The address to listen on (default 127.0.0.1). */
  host?: string;
}

/** FRED ids of the ICE BofA family, which FRED serves only for the last 3 years. */
export const ICE_SERIES = new Set(['BAMLH0A0HYM2', 'BAMLC0A0CM']);

export async function startReplayServer(data: ReplayData, opts: ReplayOptions = {}): Promise<ReplayServer> {
  const rules: FaultRule[] = [];
  const settings: Settings = { iceHistoryYears: opts.iceHistoryYears ?? 3, lastStreamedBytes: 0 };
  const requests: string[] = [];
  const waiting: Array<(target: string) => void> = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://replay');
    const target = decodeURIComponent(url.pathname + url.search);
    requests.push(target);
    for (const resolve of waiting.splice(0)) resolve(target);
    const rule = rules.find((r) => r.remaining > 0 && target.includes(r.match));
    if (rule) rule.remaining--;
    handle(data, settings, url, req, res, rule?.fault, hanging);
  });
  let closedBytes = 0;
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => {
      closedBytes += socket.bytesWritten;
      sockets.delete(socket);
    });
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, resolve);
  });
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    nextRequest: () => new Promise<string>((resolve) => waiting.push(resolve)),
    bytesServed: () => [...sockets].reduce((n, socket) => n + socket.bytesWritten, closedBytes),
    inject(match, fault, times = Number.POSITIVE_INFINITY) {
      rules.unshift({ match, fault, remaining: times });
    },
    clearFaults() {
      rules.length = 0;
    },
    get iceHistoryYears() {
      return settings.iceHistoryYears;
    },
    get lastStreamedBytes() {
      return settings.lastStreamedBytes;
    },
    set iceHistoryYears(years: number) {
      settings.iceHistoryYears = years;
    },
    providerConfig(overrides = {}) {
      return {
        fredCsvBaseUrl: url,
        fredApiBaseUrl: url,
        fredApiKey: undefined,
        treasuryBaseUrl: `${url}/services/api/fiscal_service`,
        nyfedBaseUrl: url,
        pricesBaseUrl: url,
        // Generous: a busy CI machine answers loopback slowly; fault tests that want a timeout set their own.
        http: { timeoutMs: 30_000, retries: 2, backoffMs: 10, maxRetryAfterMs: 2_000 },
        fredMinIntervalMs: 0,
        maxConcurrentPerProvider: 4,
        ...overrides,
      };
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface Settings {
  iceHistoryYears: number;
  lastStreamedBytes: number;
}

function handle(
  data: ReplayData,
  settings: Settings,
  url: URL,
  req: IncomingMessage,
  res: ServerResponse,
  fault: Fault | undefined,
  hanging: Set<ServerResponse>,
) {
  if (fault?.kind === 'hang') {
    hanging.add(res);
    return;
  }
  if (fault?.kind === 'delay') {
    const timer = setTimeout(() => handle(data, settings, url, req, res, undefined, hanging), fault.ms);
    res.on('close', () => clearTimeout(timer));
    hanging.add(res);
    return;
  }
  if (fault?.kind === 'reset') {
    req.socket.destroy();
    return;
  }
  if (fault?.kind === 'huge') return streamHuge(res, fault.mb, settings);
  if (fault?.kind === 'gzip-bomb') {
    res.writeHead(200, { 'content-type': 'text/csv', 'content-encoding': 'gzip' });
    res.end(gzipSync(Buffer.alloc(fault.mb * 1024 * 1024, '2024-01-01,1\n'), { level: 9 }));
    return;
  }
  if (fault?.kind === 'status') return send(res, fault.status, 'text/plain', `Error ${fault.status}`);
  if (fault?.kind === 'rate-limit') {
    res.setHeader('retry-after', String(fault.retryAfterSeconds));
    return send(res, 429, 'application/json', '{"error_code":429,"error_message":"Too Many Requests."}');
  }
  if (fault?.kind === 'edge-429') {
    res.setHeader('retry-after', '1');
    return send(res, 429, 'text/plain; charset=utf-8', 'Edge: Too Many Requests');
  }
  if (fault?.kind === 'html') {
    return send(
      res,
      200,
      'text/html; charset=utf-8',
      '<!DOCTYPE html><html><head><title>Maintenance</title></head><body>Down for maintenance</body></html>',
    );
  }
  const response = route(data, settings, url, fault);
  if (!response) return send(res, 404, 'text/html', '<!DOCTYPE html><html><body>Not Found</body></html>');
  let body = response.body;
  if (fault?.kind === 'truncate') body = body.slice(0, Math.floor(body.length / 2));
  if (fault?.kind === 'empty') body = '';
  send(res, response.status ?? 200, response.contentType, body);
}

/** Streams `mb` MB of CSV rows in 64 kB chunks, respecting backpressure, until done or the client hangs up. */
function streamHuge(res: ServerResponse, mb: number, settings: Settings) {
  const chunk = Buffer.alloc(64 * 1024, '2024-01-01,1\n');
  const total = mb * 1024 * 1024;
  let written = 0;
  settings.lastStreamedBytes = 0;
  res.writeHead(200, { 'content-type': 'text/csv' });
  res.write('observation_date,WALCL\n');
  const pump = () => {
    while (written < total && !res.destroyed) {
      written += chunk.length;
      settings.lastStreamedBytes = written;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end();
  };
  res.on('close', () => {
    written = total;
  });
  pump();
}

function send(res: ServerResponse, status: number, contentType: string, body: string) {
  res.writeHead(status, { 'content-type': contentType });
  res.end(body);
}

interface Routed {
  status?: number;
  contentType: string;
  body: string;
}

function route(data: ReplayData, settings: Settings, url: URL, fault: Fault | undefined): Routed | undefined {
  const p = url.pathname;
  const q = url.searchParams;
  if (p === '/graph/fredgraph.csv')
    return fredCsv(fromDate(fredRows(data, settings, q.get('id') ?? ''), q.get('cosd')), q.get('id') ?? '', fault);
  if (p === '/fred/series/observations') return fredJson(data, settings, q, fault);
  if (p.endsWith('/v1/accounting/dts/operating_cash_balance'))
    return fiscalPage(applyDtsFault(data.dtsRows(), fault), q, fault);
  if (p.endsWith('/v2/accounting/od/debt_to_penny')) {
    const rows = mutate(data.rows('debt-to-penny') ?? [], fault);
    return fiscalPage(
      rows.map((r) => ({ record_date: r.date, tot_pub_debt_out_amt: r.raw ?? 'null' })),
      q,
      fault,
    );
  }
  if (p.endsWith('/v1/debt/mspd/mspd_table_1')) return fiscalPage(conflictingRows(data.mspdRows(), fault), q);
  if (p.endsWith('/v1/accounting/mts/mts_table_1'))
    return fiscalPage(conflictingRows(mtsStatements(mutate(data.rows('mts') ?? [], nonConflicting(fault))), fault), q);
  if (p === '/api/rates/secured/sofr/search.json') return nyfedRates(data, 'sofr', 'SOFR', q, fault);
  if (p === '/api/rates/unsecured/effr/search.json') return nyfedRates(data, 'effr', 'EFFR', q, fault);
  if (p === '/api/rp/results/search.json') return nyfedRepo(data, q, fault);
  const chart = /^\/v8\/finance\/chart\/([^/]+)$/.exec(p);
  if (chart) return priceChart(data, decodeURIComponent(chart[1]!), fault, Number(q.get('period1') ?? 0));
  return undefined;
}

/** A FRED series as FRED serves it today: ICE BofA series cut to their last `iceHistoryYears` years. */
function fredRows(data: ReplayData, settings: Settings, id: string): ReplayRow[] | undefined {
  const rows = data.rows(`fred:${id}`);
  if (!rows || !ICE_SERIES.has(id) || !Number.isFinite(settings.iceHistoryYears)) return rows;
  const last = rows.findLast((r) => r.raw !== null)?.date;
  if (!last) return rows;
  const from = `${Number(last.slice(0, 4)) - settings.iceHistoryYears}${last.slice(4)}`;
  return rows.filter((r) => r.date > from);
}

/**
 * The rows from a date on, as FRED answers `cosd=` on the graph CSV and `observation_start=` on the API (the
 * window's first date included; ../shared/reference/providers.md §a.1, §a.2).
 */
function fromDate(rows: ReplayRow[] | undefined, from: string | null): ReplayRow[] | undefined {
  return rows && from ? rows.filter((r) => r.date >= from) : rows;
}

/** Row-level faults: values 1000× (unit change), a non-numeric value, a future date, repeated dates. */
function mutate(rows: ReplayRow[], fault: Fault | undefined): ReplayRow[] {
  if (!fault) return rows;
  switch (fault.kind) {
    case 'scale':
      return rows.map((r) => ({ date: r.date, raw: r.raw === null ? null : String(Number(r.raw) * fault.factor) }));
    case 'non-numeric': {
      const copy = [...rows];
      const i = copy.findLastIndex((r) => r.raw !== null);
      if (i >= 0) copy[i] = { date: copy[i]!.date, raw: 'n/a-value' };
      return copy;
    }
    case 'future':
      return [...rows, { date: '2099-01-01', raw: rows.findLast((r) => r.raw !== null)?.raw ?? '1' }];
    case 'duplicate':
      return rows.flatMap((r) => [r, r]);
    case 'conflicting-duplicate':
      return rows.flatMap((r) => (r.raw === null ? [r] : [r, { date: r.date, raw: String(Number(r.raw) * 1.01) }]));
    case 'spike': {
      const copy = [...rows];
      const i = copy.findLastIndex((r) => r.raw !== null);
      const before = copy.slice(0, i).findLast((r) => r.raw !== null);
      if (i >= 0 && before) copy[i] = { date: copy[i]!.date, raw: String(Number(before.raw) * fault.factor) };
      return copy;
    }
    case 'shift': {
      const copy = [...rows];
      const i = copy.findLastIndex((r) => r.raw !== null);
      if (i >= 0) copy[i] = { date: copy[i]!.date, raw: String(Number(copy[i]!.raw) + fault.amount) };
      return copy;
    }
    case 'omit-last': {
      const published = rows.filter((r) => r.raw !== null);
      const gone = new Set(published.slice(-fault.count).map((r) => r.date));
      return rows.filter((r) => !gone.has(r.date));
    }
    default:
      return rows;
  }
}

function fredCsv(rows: ReplayRow[] | undefined, id: string, fault: Fault | undefined): Routed | undefined {
  if (!rows) return undefined;
  const lines = [`observation_date,${id}`, ...mutate(rows, fault).map((r) => `${r.date},${r.raw ?? ''}`)];
  return { contentType: 'application/csv', body: `${lines.join('\n')}\n` };
}

function fredJson(
  data: ReplayData,
  settings: Settings,
  q: URLSearchParams,
  fault: Fault | undefined,
): Routed | undefined {
  if (!q.get('api_key')) {
    return {
      status: 400,
      contentType: 'application/json; charset=UTF-8',
      body: JSON.stringify({ error_code: 400, error_message: 'Bad Request.  Variable api_key is not set.' }),
    };
  }
  const id = q.get('series_id') ?? '';
  const rows = fromDate(fredRows(data, settings, id), q.get('observation_start'));
  if (!rows) {
    return {
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ error_code: 400, error_message: 'Bad Request.  The series does not exist.' }),
    };
  }
  const all = mutate(rows, fault);
  const offset = Number(q.get('offset') ?? 0);
  const limit = Math.min(100_000, Number(q.get('limit') ?? 100_000));
  const page = all.slice(offset, offset + limit);
  const today = '2026-11-21';
  return {
    contentType: 'application/json; charset=UTF-8',
    body: JSON.stringify({
      realtime_start: today,
      realtime_end: today,
      observation_start: '1600-01-01',
      observation_end: '9999-12-31',
      units: 'lin',
      output_type: 1,
      file_type: 'json',
      order_by: 'observation_date',
      sort_order: 'asc',
      count: all.length,
      offset,
      limit,
      observations: page.map((r) => ({
        realtime_start: today,
        realtime_end: today,
        date: r.date,
        value: r.raw ?? '.',
      })),
    }),
  };
}

function applyDtsFault(rows: DtsRow[], fault: Fault | undefined): DtsRow[] {
  if (fault?.kind === 'duplicate') return rows.flatMap((r) => [r, r]);
  if (fault?.kind === 'conflicting-duplicate') {
    return rows.flatMap((r) => [
      r,
      { ...r, open_today_bal: scaleText(r.open_today_bal, 1.01), close_today_bal: scaleText(r.close_today_bal, 1.01) },
    ]);
  }
  if (fault?.kind === 'scale') {
    return rows.map((r) => ({
      ...r,
      open_today_bal: scaleText(r.open_today_bal, fault.factor),
      close_today_bal: scaleText(r.close_today_bal, fault.factor),
    }));
  }
  if (fault?.kind === 'non-numeric' && rows.length > 0) {
    const copy = [...rows];
    copy[copy.length - 1] = { ...copy[copy.length - 1]!, open_today_bal: 'abc', close_today_bal: 'abc' };
    return copy;
  }
  return rows;
}

function scaleText(text: string | undefined, factor: number): string {
  return text === undefined || text === 'null' ? (text ?? 'null') : String(Number(text) * factor);
}

/** Row faults of a table that the replay builds whole (MTS statements, MSPD): the repeats are applied to its rows. */
function nonConflicting(fault: Fault | undefined): Fault | undefined {
  return fault?.kind === 'conflicting-duplicate' || fault?.kind === 'duplicate' ? undefined : fault;
}

/**
 * MSPD and MTS rows each listed twice (`duplicate`), or each value row listed again, its amounts 1 % higher: the bills row of a statement (MSPD),
 * the month rows of a statement with outlays and deficit raised alike (MTS, so the deficit identity still holds).
 */
function conflictingRows(rows: Array<Record<string, string>>, fault: Fault | undefined): Array<Record<string, string>> {
  if (fault?.kind === 'duplicate') return rows.flatMap((row) => [row, row]);
  if (fault?.kind !== 'conflicting-duplicate') return rows;
  const raise = (text: string | undefined) =>
    text === undefined || text === 'null' ? text : (Number(text) * 1.01).toFixed(2);
  return rows.flatMap((row) => {
    if (row.security_class_desc === 'Bills') return [row, { ...row, total_mil_amt: raise(row.total_mil_amt)! }];
    const outlays = row.current_month_gross_outly_amt;
    if (row.current_month_dfct_sur_amt !== undefined && outlays !== undefined && outlays !== 'null') {
      const extra = Number(row.current_month_dfct_sur_amt) * 0.01;
      const plus = (text: string) => (Number(text) + extra).toFixed(2);
      return [
        row,
        {
          ...row,
          current_month_dfct_sur_amt: plus(row.current_month_dfct_sur_amt),
          current_month_gross_outly_amt: plus(outlays),
        },
      ];
    }
    return [row];
  });
}

/** Fiscal Data paging: filter record_date:gte, sort by record_date, page[size]/page[number], meta total-pages. */
function fiscalPage(rows: Array<Record<string, string>>, q: URLSearchParams, fault?: Fault): Routed {
  const filter = q.get('filter') ?? '';
  const gte = /record_date:gte:(\d{4}-\d{2}-\d{2})/.exec(filter)?.[1];
  let selected = gte ? rows.filter((r) => (r.record_date ?? '') >= gte) : rows;
  if ((q.get('sort') ?? '').startsWith('-')) selected = [...selected].reverse();
  const size = Number(q.get('page[size]') ?? 100);
  const number = Number(q.get('page[number]') ?? 1);
  const totalPages = Math.max(1, Math.ceil(selected.length / size));
  const fields = q.get('fields')?.split(',');
  const page = selected
    .slice((number - 1) * size, number * size)
    .map((row) => (fields ? Object.fromEntries(fields.map((f) => [f, row[f] ?? 'null'])) : row));
  return {
    contentType: 'application/json',
    body: JSON.stringify({
      data: page,
      meta: {
        count: page.length,
        'total-count': selected.length,
        'total-pages': fault?.kind === 'pages' ? fault.claim : totalPages,
      },
      links: {
        self: `&page%5Bnumber%5D=${number}&page%5Bsize%5D=${size}`,
        next: number < totalPages ? `&page%5Bnumber%5D=${number + 1}&page%5Bsize%5D=${size}` : null,
      },
    }),
  };
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
 * MTS Table 1 statements, one per month M of the data (record_date = last day of M): the twelve months of the
 * prior fiscal year, its year-to-date row, then the current fiscal year's months up to M and its year-to-date,
 * with src_line_nbr rising through both sections. Every month row carries gross receipts, gross outlays and
 * `current_month_dfct_sur_amt` = outlays − receipts (deficit positive), exact to the cent. Only the deficit is real
 * data here: the split into receipts and outlays is assumed (a plausible receipts level; outlays = receipts +
 * deficit), as are the section layout, the year-to-date label and the classification ids.
 */
function mtsStatements(rows: ReplayRow[]): Array<Record<string, string>> {
  const deficitCents = new Map<string, number>();
  for (const r of rows) if (r.raw !== null) deficitCents.set(r.date.slice(0, 7), Math.round(Number(r.raw) * 100));
  const statements: Array<Record<string, string>> = [];
  let publication = 0;
  for (const r of rows) {
    if (r.raw === null) continue;
    const [y, m] = [Number(r.date.slice(0, 4)), Number(r.date.slice(5, 7))];
    const recordDate = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    const fiscalYear = m >= 10 ? y + 1 : y;
    publication++;
    let line = 0;
    const section = (fy: number, lastMonth: string) => {
      let ytd = 0;
      for (let k = 0; k < 12; k++) {
        const monthIndex = (9 + k) % 12; // October first
        const year = monthIndex >= 9 ? fy - 1 : fy;
        const key = `${year}-${String(monthIndex + 1).padStart(2, '0')}`;
        if (key > lastMonth) break;
        const deficit = deficitCents.get(key);
        if (deficit === undefined) continue;
        const receipts = receiptsCents(key);
        ytd += deficit;
        statements.push(mtsRow(recordDate, publication, ++line, MONTHS[monthIndex]!, receipts, receipts + deficit));
      }
      statements.push({
        ...mtsRow(recordDate, publication, ++line, 'Year-to-Date', 0, 0),
        current_month_gross_rcpt_amt: 'null',
        current_month_gross_outly_amt: 'null',
        current_month_dfct_sur_amt: cents(ytd),
      });
    };
    section(fiscalYear - 1, `${fiscalYear - 1}-09`);
    section(fiscalYear, r.date.slice(0, 7));
  }
  return statements;
}

/** Assumed monthly gross receipts (cents): about $350–450 bn, higher in the tax months. */
function receiptsCents(month: string): number {
  const m = Number(month.slice(5, 7));
  const base = 350e9 + (m === 4 ? 200e9 : m === 6 || m === 9 || m === 12 ? 80e9 : 0);
  return Math.round(base * 100);
}

function mtsRow(
  recordDate: string,
  publication: number,
  line: number,
  label: string,
  receipts: number,
  outlays: number,
): Record<string, string> {
  return {
    record_date: recordDate,
    parent_id: 'null',
    classification_id: String(publication * 1000 + line),
    classification_desc: label,
    current_month_gross_rcpt_amt: cents(receipts),
    current_month_gross_outly_amt: cents(outlays),
    current_month_dfct_sur_amt: cents(outlays - receipts),
    src_line_nbr: String(line),
    record_fiscal_year: String(
      Number(recordDate.slice(5, 7)) >= 10 ? Number(recordDate.slice(0, 4)) + 1 : recordDate.slice(0, 4),
    ),
    record_calendar_year: recordDate.slice(0, 4),
    record_calendar_month: recordDate.slice(5, 7),
    record_calendar_day: recordDate.slice(8, 10),
  };
}

/** Cents as the API's decimal text, e.g. 13446737900981 → "134467379009.81". */
function cents(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function nyfedRates(
  data: ReplayData,
  key: string,
  type: string,
  q: URLSearchParams,
  fault: Fault | undefined,
): Routed | undefined {
  const rows = data.rows(`nyfed:${key}`);
  if (!rows) return undefined;
  const from = q.get('startDate') ?? '0000';
  const to = q.get('endDate') ?? '9999';
  const selected = mutate(rows, fault)
    .filter((r) => r.raw !== null && r.date >= from && r.date <= to)
    .reverse(); // newest first, as the NY Fed serves it
  const refRates = selected.map((r) => ({
    effectiveDate: r.date,
    type,
    percentRate: Number.isNaN(Number(r.raw)) ? r.raw : Number(r.raw),
    volumeInBillions: 2000,
    revisionIndicator: '',
  }));
  return { contentType: 'application/json; charset=utf-8', body: JSON.stringify({ refRates }) };
}

function nyfedRepo(data: ReplayData, q: URLSearchParams, fault: Fault | undefined): Routed {
  const from = q.get('startDate') ?? '0000';
  const to = q.get('endDate') ?? '9999';
  const operations = data
    .repoOperations()
    .filter((op) => String(op.operationDate) >= from && String(op.operationDate) <= to)
    // The same operation listed again with another accepted amount.
    .flatMap((op) =>
      fault?.kind === 'conflicting-duplicate'
        ? [op, { ...op, totalAmtAccepted: Number(op.totalAmtAccepted ?? 0) + 1_000_000 }]
        : fault?.kind === 'duplicate'
          ? [op, op]
          : [op],
    )
    .reverse();
  return { contentType: 'application/json; charset=utf-8', body: JSON.stringify({ repo: { operations } }) };
}

function priceChart(data: ReplayData, symbol: string, fault: Fault | undefined, period1 = 0): Routed {
  const from = new Date(period1 * 1000).toISOString().slice(0, 10);
  const rows =
    period1 > 0 ? data.rows(`prices:${symbol}`)?.filter((r) => r.date >= from) : data.rows(`prices:${symbol}`);
  if (!rows) {
    return {
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({
        chart: { result: null, error: { code: 'Not Found', description: 'No data found, symbol may be delisted' } },
      }),
    };
  }
  const present = mutate(rows, fault).filter((r) => r.raw !== null);
  const gmtoffset = symbol === 'BTC-USD' ? 0 : -18_000;
  // Exchange-day open in the exchange's zone (09:30 New York ≈ 14:30 UTC); BTC trades on UTC days.
  const timestamps = present.map((r) => Date.parse(`${r.date}T${symbol === 'BTC-USD' ? '00:00' : '14:30'}:00Z`) / 1000);
  const closes = present.map((r) => (Number.isNaN(Number(r.raw)) ? r.raw : Number(r.raw)));
  return {
    contentType: 'application/json;charset=utf-8',
    body: JSON.stringify({
      chart: {
        result: [
          {
            meta: {
              currency: 'USD',
              symbol,
              gmtoffset,
              exchangeTimezoneName: symbol === 'BTC-USD' ? 'UTC' : 'America/New_York',
            },
            timestamp: timestamps,
            indicators: { quote: [{ close: closes }], adjclose: [{ adjclose: closes }] },
          },
        ],
        error: null,
      },
    }),
  };
}
