/**
 * `npm run bench`: the service against a bare node:http server serving the same bytes, in one run on loopback.
 *
 * 1. Full refresh + recompute: every series from the real files (synthetic fixtures when absent) through the
 *    replay server into a fresh SQLite store, then one publication (model, lens, correlations, pages).
 * 2. Throughput and latency: servers in a child process (one core), autocannon here (the other core). For each
 *    endpoint and connection count, a warm-up, then BENCH_ROUNDS alternating app/bare rounds of BENCH_SECONDS;
 *    medians and the app/bare throughput ratio are printed.
 * 3. Cold start: `usd-liquidity serve` on the stored data, process start to the first 200 of /api/regime
 *    (median of 3).
 * 4. Resident memory of that service after BENCH_SECONDS × 5 of mixed load at 16 connections.
 *
 * Options (env): BENCH_SECONDS (2), BENCH_ROUNDS (3), BENCH_CONNECTIONS ("1,16,128").
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { runRefresh } from '../src/ingest/refresh.ts';
import { createProviders } from '../src/providers/providers.ts';
import { publicationContent } from '../src/publication-content.ts';
import { Publisher } from '../src/publish/publisher.ts';
import { buildSite } from '../src/site/site-bundle.ts';
import { openStore } from '../src/store/store.ts';
import { freePort } from '../test/support/processes.ts';
import { hasRealData, realReplayData } from '../test/support/replay-data.ts';
import { startReplayServer } from '../test/support/replay-server.ts';
import { syntheticReplayData } from '../test/support/synthetic-data.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,16,128').split(',').map(Number);
const ENDPOINTS = [
  '/api/regime',
  '/api/snapshot',
  '/api/series/tga?days=365',
  '/api/series/tga?days=4000',
  '/api/history',
  '/methodology.md',
  '/',
];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const out = (text: string) => process.stdout.write(text);

// 1. Full refresh + recompute.
const real = hasRealData();
const dir = mkdtempSync(join(tmpdir(), 'usd-liquidity-bench-'));
const database = join(dir, 'bench.sqlite');
{
  const replay = await startReplayServer(real ? realReplayData() : syntheticReplayData());
  const store = await openStore(`sqlite:${database}`);
  const t0 = performance.now();
  const summary = await runRefresh(
    { store, providers: createProviders(replay.providerConfig()), now: () => new Date() },
    'bench',
  );
  const t1 = performance.now();
  const publisher = new Publisher(store, {
    baseUrl: 'http://localhost:8080',
    content: publicationContent({ baseUrl: 'http://localhost:8080', partnerSitesJson: undefined }),
    site: buildSite,
  });
  await publisher.rebuild();
  const t2 = performance.now();
  out(
    `usd-liquidity benchmark — ${real ? 'real files (../shared/data/real)' : 'synthetic fixtures'}, node ${process.version}, ${SECONDS}s × ${ROUNDS} rounds\n\n`,
  );
  out(
    `full refresh (${summary.outcomes.length} series, ${summary.outcomes.reduce((n, o) => n + o.added, 0)} points): ${Math.round(t1 - t0)} ms; recompute + publish (model, lens, correlations, pages): ${Math.round(t2 - t1)} ms; total ${Math.round(t2 - t0)} ms\n\n`,
  );
  await store.close();
  await replay.close();
}

// 2. Throughput and latency beside a bare server.
const child = spawn(process.execPath, ['bench/bench-servers.ts', database, ...ENDPOINTS], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const ready = await new Promise<{ app: number; bare: number; sizes: Record<string, number> }>((resolve, reject) => {
  createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
  child.once('exit', (code) => reject(new Error(`bench servers exited with ${code}`)));
});

interface Sample {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(port: number, path: string, connections: number, seconds = SECONDS): Promise<Sample> {
  const result = await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections, duration: seconds });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

const header =
  '| endpoint | bytes | conns | app req/s | bare req/s | ratio | app p50 ms | app p99 ms | bare p99 ms | errors |';
out(
  `${header}\n|${header
    .split('|')
    .slice(1, -1)
    .map(() => '---')
    .join('|')}|\n`,
);
for (const path of ENDPOINTS) {
  for (const connections of CONNECTIONS) {
    const app: Sample[] = [];
    const bare: Sample[] = [];
    await measure(ready.app, path, connections, 1);
    await measure(ready.bare, path, connections, 1);
    for (let round = 0; round < ROUNDS; round++) {
      app.push(await measure(ready.app, path, connections));
      bare.push(await measure(ready.bare, path, connections));
    }
    const appRps = median(app.map((s) => s.rps));
    const bareRps = median(bare.map((s) => s.rps));
    const errors = [...app, ...bare].reduce((n, s) => n + s.errors, 0);
    out(
      `| ${path} | ${ready.sizes[path]} | ${connections} | ${Math.round(appRps)} | ${Math.round(bareRps)} | ${(appRps / bareRps).toFixed(2)} | ${median(app.map((s) => s.p50))} | ${median(app.map((s) => s.p99))} | ${median(bare.map((s) => s.p99))} | ${errors} |\n`,
    );
  }
}
child.kill('SIGTERM');

// 3. Cold start, and 4. memory after load.

// Started exactly as `npm start` starts it: the same environment assignments and node flags.
const START_WORDS = (JSON.parse(readFileSync('package.json', 'utf8')).scripts.start as string).split(/\s+/);
const START_ENV = Object.fromEntries(
  START_WORDS.filter((w) => /^[A-Z_]+=/.test(w)).map((w) => w.split('=') as [string, string]),
);
const START_ARGS = START_WORDS.filter((w) => !/^[A-Z_]+=/.test(w)).slice(1);

async function startService(): Promise<{ child: ChildProcess; port: number; ms: number }> {
  const port = await freePort();
  const started = performance.now();
  const service = spawn(process.execPath, START_ARGS, {
    env: {
      ...process.env,
      ...START_ENV,
      DATABASE_URL: `sqlite:${database}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      REFRESH_ON_START: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/regime`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { child: service, port, ms: performance.now() - started };
    await new Promise((r) => setTimeout(r, 5));
  }
}

const starts: number[] = [];
let service: Awaited<ReturnType<typeof startService>> | undefined;
for (let i = 0; i < 3; i++) {
  service?.child.kill('SIGKILL');
  service = await startService();
  starts.push(service.ms);
}
out(
  `\ncold start (process start → first 200 of /api/regime, data stored): median ${Math.round(median(starts))} ms (runs: ${starts.map(Math.round).join(', ')} ms)\n`,
);

const rss = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${service!.child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const before = rss();
const mixed = await autocannon({
  url: `http://127.0.0.1:${service!.port}`,
  connections: 16,
  duration: SECONDS * 5,
  requests: [
    ...ENDPOINTS,
    '/api/lens?lang=ja',
    '/indicators/vix',
    '/charts/vix.svg?days=365',
    '/api/series/m2?days=1000',
  ].map((path) => ({ method: 'GET' as const, path })),
});
out(
  `resident memory of the service: ${before.toFixed(0)} MB after start, ${rss().toFixed(0)} MB after ${SECONDS * 5} s of mixed load at 16 connections (${Math.round(mixed.requests.average)} req/s, ${mixed.errors + mixed.non2xx} errors)\n`,
);
service!.child.kill('SIGKILL');
rmSync(dir, { recursive: true, force: true });
