import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProviderConfig } from '../../src/config.ts';
import type { DtsRow, ReplayData, ReplayRow } from './replay-data.ts';

/**
 * A loopback server that replays FRED, Treasury Fiscal Data, NY Fed and the market-price source in their exact
 * response formats (CSV with `observation_date` header and empty missing values; FRED JSON with "."; Fiscal
 * Data pages with string values and "null"; NY Fed newest-first JSON numbers; chart JSON with timestamps).
 * Faults can be injected per request path to exercise the clients' error handling.
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
  | { kind: 'empty' };

interface FaultRule {
  match: string;
  fault: Fault;
  remaining: number;
}

export interface ReplayServer {
  url: string;
  /** Requests served, as path + query, in order. */
  requests: string[];
  /** Injects a fault into the next `times` requests whose path+query contains `match`. */
  inject(match: string, fault: Fault, times?: number): void;
  clearFaults(): void;
  providerConfig(overrides?: Partial<ProviderConfig>): ProviderConfig;
  close(): Promise<void>;
}

export async function startReplayServer(data: ReplayData): Promise<ReplayServer> {
  const rules: FaultRule[] = [];
  const requests: string[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://replay');
    const target = decodeURIComponent(url.pathname + url.search);
    requests.push(target);
    const rule = rules.find((r) => r.remaining > 0 && target.includes(r.match));
    if (rule) rule.remaining--;
    handle(data, url, req, res, rule?.fault, hanging);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    inject(match, fault, times = Number.POSITIVE_INFINITY) {
      rules.unshift({ match, fault, remaining: times });
    },
    clearFaults() {
      rules.length = 0;
    },
    providerConfig(overrides = {}) {
      return {
        fredCsvBaseUrl: url,
        fredApiBaseUrl: url,
        fredApiKey: undefined,
        treasuryBaseUrl: `${url}/services/api/fiscal_service`,
        nyfedBaseUrl: url,
        pricesBaseUrl: url,
        http: { timeoutMs: 2_000, retries: 2, backoffMs: 10, maxRetryAfterMs: 2_000 },
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

function handle(
  data: ReplayData,
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
    const timer = setTimeout(() => handle(data, url, req, res, undefined, hanging), fault.ms);
    res.on('close', () => clearTimeout(timer));
    hanging.add(res);
    return;
  }
  if (fault?.kind === 'reset') {
    req.socket.destroy();
    return;
  }
  if (fault?.kind === 'status') return send(res, fault.status, 'text/plain', `Error ${fault.status}`);
  if (fault?.kind === 'rate-limit') {
    res.setHeader('retry-after', String(fault.retryAfterSeconds));
    return send(res, 429, 'application/json', '{"error_code":429,"error_message":"Too Many Requests."}');
  }
  if (fault?.kind === 'html') {
    return send(
      res,
      200,
      'text/html; charset=utf-8',
      '<!DOCTYPE html><html><head><title>Maintenance</title></head><body>Down for maintenance</body></html>',
    );
  }
  const response = route(data, url, fault);
  if (!response) return send(res, 404, 'text/html', '<!DOCTYPE html><html><body>Not Found</body></html>');
  let body = response.body;
  if (fault?.kind === 'truncate') body = body.slice(0, Math.floor(body.length / 2));
  if (fault?.kind === 'empty') body = '';
  send(res, response.status ?? 200, response.contentType, body);
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

function route(data: ReplayData, url: URL, fault: Fault | undefined): Routed | undefined {
  const p = url.pathname;
  const q = url.searchParams;
  if (p === '/graph/fredgraph.csv') return fredCsv(data, q.get('id') ?? '', fault);
  if (p === '/fred/series/observations') return fredJson(data, q, fault);
  if (p.endsWith('/v1/accounting/dts/operating_cash_balance'))
    return fiscalPage(applyDtsFault(data.dtsRows(), fault), q);
  if (p.endsWith('/v2/accounting/od/debt_to_penny')) {
    const rows = mutate(data.rows('debt-to-penny') ?? [], fault);
    return fiscalPage(
      rows.map((r) => ({ record_date: r.date, tot_pub_debt_out_amt: r.raw ?? 'null' })),
      q,
    );
  }
  if (p.endsWith('/v1/debt/mspd/mspd_table_1'))
    return fiscalPage(mspdRows(mutate(data.rows('bills-share') ?? [], fault)), q);
  if (p.endsWith('/v1/accounting/mts/mts_table_1'))
    return fiscalPage(mtsRows(mutate(data.rows('mts') ?? [], fault)), q);
  if (p === '/api/rates/secured/sofr/search.json') return nyfedRates(data, 'sofr', 'SOFR', q, fault);
  if (p === '/api/rates/unsecured/effr/search.json') return nyfedRates(data, 'effr', 'EFFR', q, fault);
  if (p === '/api/rp/results/search.json') return nyfedRepo(data, q);
  const chart = /^\/v8\/finance\/chart\/([^/]+)$/.exec(p);
  if (chart) return priceChart(data, decodeURIComponent(chart[1]!), fault);
  return undefined;
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
    default:
      return rows;
  }
}

function fredCsv(data: ReplayData, id: string, fault: Fault | undefined): Routed | undefined {
  const rows = data.rows(`fred:${id}`);
  if (!rows) return undefined;
  const lines = [`observation_date,${id}`, ...mutate(rows, fault).map((r) => `${r.date},${r.raw ?? ''}`)];
  return { contentType: 'application/csv', body: `${lines.join('\n')}\n` };
}

function fredJson(data: ReplayData, q: URLSearchParams, fault: Fault | undefined): Routed | undefined {
  if (!q.get('api_key')) {
    return {
      status: 400,
      contentType: 'application/json; charset=UTF-8',
      body: JSON.stringify({ error_code: 400, error_message: 'Bad Request.  Variable api_key is not set.' }),
    };
  }
  const id = q.get('series_id') ?? '';
  const rows = data.rows(`fred:${id}`);
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

/** Fiscal Data paging: filter record_date:gte, sort by record_date, page[size]/page[number], meta total-pages. */
function fiscalPage(rows: Array<Record<string, string>>, q: URLSearchParams): Routed {
  const filter = q.get('filter') ?? '';
  const gte = /record_date:gte:(\d{4}-\d{2}-\d{2})/.exec(filter)?.[1];
  let selected = gte ? rows.filter((r) => (r.record_date ?? '') >= gte) : rows;
  if ((q.get('sort') ?? '').startsWith('-')) selected = [...selected].reverse();
  const size = Number(q.get('page[size]') ?? 100);
  const number = Number(q.get('page[number]') ?? 1);
  const totalPages = Math.max(1, Math.ceil(selected.length / size));
  const page = selected.slice((number - 1) * size, number * size);
  return {
    contentType: 'application/json',
    body: JSON.stringify({
      data: page,
      meta: { count: page.length, 'total-count': selected.length, 'total-pages': totalPages },
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

/** One MTS Table 1 statement per month: the month's row in the current fiscal-year section (after the prior year's). */
function mtsRows(rows: ReplayRow[]): Array<Record<string, string>> {
  return rows.flatMap((r) => {
    const month = MONTHS[Number(r.date.slice(5, 7)) - 1]!;
    const [y, m] = [Number(r.date.slice(0, 4)), Number(r.date.slice(5, 7))];
    const recordDate = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    const common = { record_date: recordDate, classification_desc: month, parent_id: 'null' };
    return [
      { ...common, src_line_nbr: '3', current_month_dfct_sur_amt: '-1.00' },
      { ...common, src_line_nbr: '17', current_month_dfct_sur_amt: r.raw ?? 'null' },
    ];
  });
}

/** MSPD Table I rows: the bills share becomes a Bills row and a Total Marketable row (millions). */
function mspdRows(rows: ReplayRow[]): Array<Record<string, string>> {
  return rows.flatMap((r) => {
    if (r.raw === null) return [];
    const total = 28_000_000;
    const bills = Math.round((Number(r.raw) / 100) * total);
    const common = { record_date: r.date, security_type_desc: 'Marketable' };
    return [
      { ...common, security_class_desc: 'Bills', total_mil_amt: String(bills) },
      { ...common, security_class_desc: 'Notes', total_mil_amt: String(Math.round(total * 0.5)) },
      { ...common, security_class_desc: 'Total Marketable', total_mil_amt: String(total) },
    ];
  });
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

function nyfedRepo(data: ReplayData, q: URLSearchParams): Routed {
  const from = q.get('startDate') ?? '0000';
  const to = q.get('endDate') ?? '9999';
  const operations = data
    .repoOperations()
    .filter((op) => String(op.operationDate) >= from && String(op.operationDate) <= to)
    .reverse();
  return { contentType: 'application/json; charset=utf-8', body: JSON.stringify({ repo: { operations } }) };
}

function priceChart(data: ReplayData, symbol: string, fault: Fault | undefined): Routed {
  const rows = data.rows(`prices:${symbol}`);
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
