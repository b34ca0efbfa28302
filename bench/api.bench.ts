/**
 * `npm run bench`: the service against a bare node:http server serving the same bytes, in one run on loopback.
 *
 * 1. Full refresh + recompute: every series from the real files (synthetic fixtures when absent) through the
 *    replay server into a fresh SQLite store, then one publication (model, lens, correlations, pages).
 * 2. Throughput and latency: the service as `npm start` runs it and a bare node:http server serving its captured
 *    bytes in a process of its own with default flags (the limit), both pinned to core 0; the load generator — wrk (`apt-get install -y wrk`) — pinned alone to core 1. For each endpoint, a warm-up,
 *    then BENCH_ROUNDS rounds of BENCH_SECONDS at BENCH_CONNECTIONS, each measuring both servers back to back (in a
 *    random order); the median of the rounds' paired app/bare ratios, with their range, and a control pairing
 *    the bare server with itself (the measurement's resolution). Beside req/s, the CPU time the servers' process
 *    spent per answer in each round (/proc: every thread, user and system), which time given to other guests of
 *    the VM does not move. The client's headroom: where the bare server serves more than the app, the client was not
 *    the bottleneck for the app's figure; how busy each core was over every round (/proc/stat), the client's under
 *    100 % while the servers' is at it; and the client's ceiling, wrk against the bare server's two-byte answer,
 *    above every endpoint's rate. Without wrk, autocannon runs in this process and the table says
 *    its figures may measure the client.
 * 3. Cold start: `npm start` on the stored data, process start to the first 200 of /api/regime (median of 3).
 * 4. Resident memory of that service after BENCH_SECONDS × 5 of mixed load at 16 connections.
 * 5. On-demand answers beside pre-built ones (same server on core 0, one request at a time from this process, every
 *    URL unique so no cache helps): asOf (series; regime, history and lens, whose first request runs the model),
 *    vintages, date ranges, CSV, a custom-range chart, the bulk zip, an MCP tool call — median and p99 latency, and the ratio to a pre-built answer measured the same way.
 *
 * Options (env): BENCH_SECONDS (3), BENCH_ROUNDS (7), BENCH_CONNECTIONS (16), BENCH_ENDPOINTS (comma-separated
 * paths; default: the ten below).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { publicationContent } from '../src/publication-content.ts';
import { Publisher } from '../src/publish/publisher.ts';
import { buildSite } from '../src/site/site-bundle.ts';
import { openStore } from '../src/store/store.ts';
import { benchStore } from './bench-store.ts';
import { processCpuUs } from './process-cpu.ts';
import { median, type ServiceProcess, startService } from './service-process.ts';
import { runWrk, WRK_INSTALLED } from './wrk.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ALL_ENDPOINTS = [
  '/api',
  '/api/regime',
  '/api/series/tga?days=365',
  '/api/lens',
  '/api/correlation',
  '/api/snapshot',
  '/api/model',
  '/api/history',
  '/methodology.md',
  '/',
];
// BENCH_ENDPOINTS=<path>,<path> measures only those (more rounds of one endpoint in the same time).
const ENDPOINTS = process.env.BENCH_ENDPOINTS?.split(',') ?? ALL_ENDPOINTS;
const out = (text: string) => process.stdout.write(text);

// 1. Full refresh + recompute.
const store = await benchStore();
{
  const db = await openStore(`sqlite:${store.database}`);
  const publisher = new Publisher(db, {
    baseUrl: 'http://localhost:8080',
    content: publicationContent({ baseUrl: 'http://localhost:8080', partnerSitesJson: undefined }),
    site: buildSite,
    offThread: false,
  });
  const t0 = performance.now();
  await publisher.rebuild();
  const publishMs = performance.now() - t0;
  await db.close();
  out(
    `usd-liquidity benchmark — ${store.real ? 'real files (../shared/data/real)' : 'synthetic fixtures'}, node ${process.version}, ${SECONDS} s × ${ROUNDS} paired rounds (each in a random order) at ${CONNECTIONS} connections, load by ${WRK_INSTALLED ? 'wrk on core 1, servers on core 0' : 'autocannon in this process (wrk not installed: the client may be the bottleneck)'}\n\n`,
  );
  out(
    `full refresh (${store.summary.outcomes.length} series, ${store.summary.outcomes.reduce((n, o) => n + o.added, 0)} points): ${Math.round(store.refreshMs)} ms; recompute + publish on one thread (model, lens, correlations, pages): ${Math.round(publishMs)} ms\n\n`,
  );
}

// 2. Throughput and latency beside a bare server: the service as `npm start` runs it, and the bare server in a
// process of its own with default flags (bench/bare-server.ts), both pinned to core 0 and measured in turn.
const appService = await startService({ DATABASE_URL: `sqlite:${store.database}`, REFRESH_ON_START: 'false' }, 0);
const captured: Record<string, { status: number; headers: Record<string, string>; bodyBase64: string }> = {};
for (const path of ENDPOINTS) {
  // As wrk asks: no Accept-Encoding, so the identity bytes.
  const res = await new Promise<IncomingMessage>((resolve, reject) =>
    get(`${appService.base}${path}`, resolve).once('error', reject),
  );
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!['content-length', 'date', 'connection', 'keep-alive'].includes(name) && value !== undefined)
      headers[name] = String(value);
  }
  captured[path] = { status: res.statusCode!, headers, bodyBase64: Buffer.concat(chunks).toString('base64') };
}
const capturedFile = join(mkdtempSync(join(tmpdir(), 'bench-bare-')), 'captured.json');
writeFileSync(capturedFile, JSON.stringify(captured));
const bareProcess = spawn('taskset', ['-c', '0', process.execPath, 'bench/bare-server.ts', capturedFile], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const barePort = await new Promise<number>((resolve, reject) => {
  createInterface({ input: bareProcess.stdout! }).once('line', (line) => resolve(Number(line)));
  bareProcess.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
});
const ready = {
  app: appService.port,
  bare: barePort,
  sizes: Object.fromEntries(Object.entries(captured).map(([p, c]) => [p, Buffer.from(c.bodyBase64, 'base64').length])),
};
const pidOf = (port: number) => (port === ready.app ? appService.child.pid! : bareProcess.pid!);

interface Sample {
  rps: number;
  /** CPU time the servers' process spent per answer (user + system, every thread), microseconds. */
  cpuUs: number;
  p50: number;
  p99: number;
  errors: number;
  /** How busy the client's core (1) and the servers' core (0) were over the round, % (wrk only). */
  clientCorePct: number;
  serverCorePct: number;
}

async function measure(port: number, path: string, seconds: number): Promise<Sample> {
  const cpuUs = processCpuUs(pidOf(port));
  const sample = await load(port, path, seconds);
  return { ...sample, cpuUs: (processCpuUs(pidOf(port)) - cpuUs) / Math.max(1, sample.requests) };
}

async function load(
  port: number,
  path: string,
  seconds: number,
): Promise<Omit<Sample, 'cpuUs'> & { requests: number }> {
  const url = `http://127.0.0.1:${port}${path}`;
  if (WRK_INSTALLED) {
    const run = await runWrk({ url, connections: CONNECTIONS, seconds, core: 1 });
    return {
      requests: run.requests,
      rps: run.rps,
      p50: run.p50Ms,
      p99: run.p99Ms,
      errors: run.errors,
      clientCorePct: run.coreBusyPct[1] ?? Number.NaN,
      serverCorePct: run.coreBusyPct[0] ?? Number.NaN,
    };
  }
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    clientCorePct: Number.NaN,
    serverCorePct: Number.NaN,
  };
}

out(
  '| endpoint | bytes | app req/s | bare req/s | app / bare, paired (range) | CPU µs/answer app, bare | bare / app CPU | app p50 ms | app p99 ms | bare p99 ms | errors | client core busy %, app / bare rounds | server core busy % |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n',
);
const ratios: number[] = [];
/** The same comparison by CPU time per answer: bare / app, so that ≥ 0.9 reads as it does for req/s. */
const cpuRatios: number[] = [];
/**
 * Each round measures both servers back to back, in an order drawn at random, and its ratio pairs the two: a drift
 * of the shared VM over the run lands on either side alike. (Alternating the order instead — AB, BA, AB, … — put
 * each server on the same positions of a four-measurement cycle, and the bare server paired with itself read 1.05,
 * 1.02–1.50 over 7 rounds, twice: a periodic effect of the process, its collections perhaps, lined up with it.)
 * The endpoint's figure is the median of its paired ratios, shown with their range.
 */
async function pairedRounds(first: number, second: number, path: string): Promise<Array<[Sample, Sample]>> {
  await measure(first, path, 1);
  await measure(second, path, 1);
  const rounds: Array<[Sample, Sample]> = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (Math.random() < 0.5) {
      const a = await measure(first, path, SECONDS);
      rounds.push([a, await measure(second, path, SECONDS)]);
    } else {
      const b = await measure(second, path, SECONDS);
      rounds.push([await measure(first, path, SECONDS), b]);
    }
  }
  return rounds;
}
const range = (values: number[]) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
// The client's ceiling: wrk against the bare server's two-byte answer, the least a server can do per request. The
// endpoints' rates below sit under it when the servers, not the client, set the pace.
const ceiling = WRK_INSTALLED
  ? await runWrk({
      url: `http://127.0.0.1:${ready.bare}/__ceiling`,
      connections: CONNECTIONS,
      seconds: SECONDS,
      core: 1,
    })
  : undefined;
/** Endpoints where the bare server served more requests per second than the app, and the client's busiest round. */
let drivenHarder = 0;
let clientBusiest = 0;
let serverLeast = 100;
let fastest = 0;
for (const path of ENDPOINTS) {
  const rounds = await pairedRounds(ready.app, ready.bare, path);
  const app = rounds.map(([a]) => a);
  const bare = rounds.map(([, b]) => b);
  const paired = rounds.map(([a, b]) => a.rps / b.rps);
  ratios.push(median(paired));
  const appCpu = median(app.map((s) => s.cpuUs));
  const bareCpu = median(bare.map((s) => s.cpuUs));
  cpuRatios.push(bareCpu / appCpu);
  const errors = [...app, ...bare].reduce((n, s) => n + s.errors, 0);
  if (median(bare.map((s) => s.rps)) > median(app.map((s) => s.rps))) drivenHarder++;
  fastest = Math.max(fastest, median(app.map((s) => s.rps)), median(bare.map((s) => s.rps)));
  clientBusiest = Math.max(clientBusiest, ...rounds.flat().map((s) => s.clientCorePct));
  serverLeast = Math.min(serverLeast, median(rounds.flat().map((s) => s.serverCorePct)));
  const busy = (samples: Sample[], core: 'clientCorePct' | 'serverCorePct') =>
    median(samples.map((s) => s[core])).toFixed(0);
  out(
    `| ${path} | ${ready.sizes[path]} | ${Math.round(median(app.map((s) => s.rps)))} | ${Math.round(median(bare.map((s) => s.rps)))} | ${median(paired).toFixed(2)} (${range(paired)}) | ${appCpu.toFixed(1)}, ${bareCpu.toFixed(1)} | ${(bareCpu / appCpu).toFixed(2)} | ${median(app.map((s) => s.p50)).toFixed(2)} | ${median(app.map((s) => s.p99)).toFixed(2)} | ${median(bare.map((s) => s.p99)).toFixed(2)} | ${errors} | ${busy(app, 'clientCorePct')} / ${busy(bare, 'clientCorePct')} | ${busy([...app, ...bare], 'serverCorePct')} |\n`,
  );
}
out(
  `\nthe client's headroom: it drove the bare server to more requests per second than the app on ${drivenHarder} of ${ENDPOINTS.length} endpoints (median of the rounds); its core was at most ${clientBusiest.toFixed(0)} % busy in any round, the servers' core at least ${serverLeast.toFixed(0)} % (the lowest of the endpoints' medians)${ceiling ? `; its ceiling, the bare server's two-byte answer: ${Math.round(ceiling.rps)} req/s (client core ${ceiling.coreBusyPct[1]?.toFixed(0)} %, servers' ${ceiling.coreBusyPct[0]?.toFixed(0)} %), the fastest endpoint above at ${Math.round((100 * fastest) / ceiling.rps)} % of it` : ''}\n`,
);
// The measurement's own resolution: the bare server against itself, same URL, same pairing. A ratio further from
// 1 than this control's range is the app; one within it cannot be told from noise.
const controlRounds = await pairedRounds(ready.bare, ready.bare, '/api/regime');
const control = controlRounds.map(([a, b]) => a.rps / b.rps);
const controlCpu = controlRounds.map(([a, b]) => b.cpuUs / a.cpuUs);
out(
  `\nmedian app / bare over the endpoints: ${median(ratios).toFixed(2)} (lowest ${Math.min(...ratios).toFixed(2)}); control, the bare server against itself on /api/regime: median ${median(control).toFixed(2)} (${range(control)})\nby CPU time per answer: median bare / app ${median(cpuRatios).toFixed(2)} (lowest ${Math.min(...cpuRatios).toFixed(2)}); control ${median(controlCpu).toFixed(2)} (${range(controlCpu)})\n`,
);

// 5. On-demand paths beside the pre-built path.
const ON_DEMAND_REQUESTS = Number(process.env.BENCH_ON_DEMAND ?? 200);
const day = (i: number) => new Date(Date.UTC(2016, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
async function latencies(path: (i: number) => string, init?: (i: number) => RequestInit): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < ON_DEMAND_REQUESTS; i++) {
    // MCP exchanges are limited to 40 started a second (src/http/mcp/handler.ts): paced under it.
    if (init) await new Promise((resolve) => setTimeout(resolve, 30));
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${ready.app}${path(i)}`, init?.(i));
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${path(i)} answered ${res.status}`);
  }
  return times;
}
const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)]!;
const mcpCall = (i: number): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'get_regime', arguments: {} } }),
});
const later = Date.now() + 60_000;
const cases: Array<[string, (i: number) => string, ((i: number) => RequestInit)?]> = [
  ['pre-built: /api/series/tga?days=365', () => '/api/series/tga?days=365'],
  [
    'asOf: /api/series/tga?asOf=<unique instant>',
    (i) => `/api/series/tga?asOf=${new Date(later + i * 1000).toISOString()}`,
  ],
  // Unique instants after the load share its (day, knowledge) key: the first runs the model on the worker
  // thread, the rest serialize that kept run for their instant.
  ['asOf: /api/regime?asOf=<unique instant>', (i) => `/api/regime?asOf=${new Date(later + i * 1000).toISOString()}`],
  ['asOf: /api/history?asOf=<unique instant>', (i) => `/api/history?asOf=${new Date(later + i * 1000).toISOString()}`],
  ['asOf: /api/lens?asOf=<unique instant>', (i) => `/api/lens?asOf=${new Date(later + i * 1000).toISOString()}`],
  ['vintages: /api/series/tga/vintages?start=<unique>', (i) => `/api/series/tga/vintages?start=${day(i)}`],
  ['range: /api/series/tga?start=<unique>', (i) => `/api/series/tga?start=${day(i)}`],
  ['range: /api/history?start=<unique>', (i) => `/api/history?start=${day(i)}`],
  ['CSV: /api/series/tga.csv?start=<unique>', (i) => `/api/series/tga.csv?start=${day(i)}`],
  ['chart: /charts/tga.svg?start=<unique> (rendered)', (i) => `/charts/tga.svg?start=${day(i)}`],
  ['bulk: /api/bulk.zip (built on the first, then kept)', () => '/api/bulk.zip'],
  // FRED-style transforms over the whole daily history, each window distinct (built per request, then kept).
  [
    'transform: /api/series/tga?units=pc1&frequency=m&start=<unique>',
    (i) => `/api/series/tga?units=pc1&frequency=m&start=${day(i)}`,
  ],
  ['transform: /api/series/tga?units=chg&start=<unique>', (i) => `/api/series/tga?units=chg&start=${day(i)}`],
  // Workbooks are built on the worker thread; at most four at once (past that, 503 with Retry-After).
  ['xlsx: /api/series/tga.xlsx?start=<unique> (worker thread)', (i) => `/api/series/tga.xlsx?start=${day(i)}`],
  ['MCP: POST /mcp tools/call get_regime', () => '/mcp', mcpCall],
];
out('\n| on-demand answer | median ms | p99 ms | median / pre-built |\n|---|---|---|---|\n');
let baseline = 0;
let modelRunMs = 0;
for (const [label, path, init] of cases) {
  const times = await latencies(path, init);
  const mid = median(times);
  if (baseline === 0) baseline = mid;
  if (label.startsWith('asOf: /api/regime')) modelRunMs = times[0]!;
  out(`| ${label} | ${mid.toFixed(2)} | ${p99(times).toFixed(2)} | ${(mid / baseline).toFixed(1)} |\n`);
}
out(
  `\nasOf on the model: the first request of a (day, knowledge) key runs the model on the worker thread: ${modelRunMs.toFixed(1)} ms (${(modelRunMs / baseline).toFixed(1)}× the pre-built answer); later instants of the same key serialize the kept run.\n`,
);
bareProcess.kill('SIGTERM');
appService.stop();

// 3. Cold start, and 4. memory after load.
// The first start computes the publication's model (and keeps it); the next ones read it back.
const starts: number[] = [];
let service: ServiceProcess | undefined;
for (let i = 0; i < 4; i++) {
  service?.stop();
  service = await startService({ DATABASE_URL: `sqlite:${store.database}`, REFRESH_ON_START: 'false' });
  starts.push(service.startMs);
}
out(
  `\ncold start (process start → first 200 of /api/regime, data and publication stored): first start (computes the model) ${Math.round(starts[0]!)} ms; restarts (model read back): median ${Math.round(median(starts.slice(1)))} ms (runs: ${starts.slice(1).map(Math.round).join(', ')} ms)\n`,
);
const before = service!.rssMb();
const mixed = await autocannon({
  url: service!.base,
  connections: 16,
  duration: SECONDS * 5,
  requests: [
    ...ALL_ENDPOINTS,
    '/api/lens?lang=ja',
    '/indicators/vix',
    '/charts/vix.svg?days=365',
    '/api/series/m2?days=1000',
  ].map((path) => ({ method: 'GET' as const, path })),
});
out(
  `resident memory of the service: ${before.toFixed(0)} MB after start, ${service!.rssMb().toFixed(0)} MB after ${SECONDS * 5} s of mixed load at 16 connections (${Math.round(mixed.requests.average)} req/s, ${mixed.errors + mixed.non2xx} errors)\n`,
);
service!.stop();
store.remove();
