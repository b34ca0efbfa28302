/**
 * `npm run soak`: sustained load on the service while it refreshes and publishes every minute. The service runs
 * as `npm start` runs it, pinned to core 0, refreshing from the replay server (the real files when present, a
 * third of the FRED series revised each minute); wrk (bench/wrk.ts; core 1, nice +5) keeps 16 connections busy
 * over a mix of endpoints for SOAK_SECONDS (default 600), and a probe in its own process (core 1, nice -5) GETs
 * /api/regime every 20 ms on its own connection. Reported: errors; the probe's latency percentiles while a refresh
 * and publication are under way and outside them (target p99 < 10 ms in both); resident memory over time (target
 * < 250 MB) and whether any publication was ever served with two regime ETags. Beside the probe, the service's own
 * view (bench/loop-gaps.ts): how often its serving thread's event loop ran over 10 ms late, and how many slow probes
 * no such stall explains — on two cores the probe shares its core with the load generator, whose turns it waits
 * for.
 *
 * Options (env): SOAK_SECONDS (600); SOAK_RATE (requests/s over the 16 connections; default: as fast as they
 * go, which takes autocannon in this process instead of wrk); SOAK_LOAD=autocannon and SOAK_PROBE_NICE=0 (the
 * load generator and the probe's priority before 2026-11-25, to compare); SOAK_SAMPLES=<file> keeps every probe
 * sample, stall and busy window as JSON.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { text } from 'node:stream/consumers';
import autocannon from 'autocannon';
import { replayEnv } from '../test/support/processes.ts';
import { hasRealData, type ReplayData, realReplayData } from '../test/support/replay-data.ts';
import { startReplayServer } from '../test/support/replay-server.ts';
import { syntheticReplayData } from '../test/support/synthetic-data.ts';
import { benchStore } from './bench-store.ts';
import { type ProbeSample, percentile, startService } from './service-process.ts';
import { runWrk, WRK_INSTALLED } from './wrk.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
// This process (autocannon) stays on core 1, every thread of it: left free to run on core 0 too, the load generator
// took turns with the service there and its latency was ours.
execFileSync('taskset', ['-a', '-cp', '1', String(process.pid)], { stdio: 'ignore' });
const store = await benchStore();
const soakStarted = Date.now();
const replay = await startReplayServer(revising(hasRealData() ? realReplayData() : syntheticReplayData()));
const spawnedAt = Date.now();
// The service notes each stall of its serving thread's event loop here (bench/loop-gaps.ts).
const gapsFile = join(dirname(store.database), 'loop-gaps.txt');
const service = await startService(
  {
    DATABASE_URL: `sqlite:${store.database}`,
    REFRESH_ON_START: 'false',
    REFRESH_CRON: '0 * * * * *',
    LOOP_GAPS_FILE: gapsFile,
    ...replayEnv(replay),
  },
  0,
  ['--import', './bench/loop-gaps.ts'],
);
const base = service.base;
interface Health {
  publication: { version: number };
  lastRefresh: { startedAt: string; finishedAt: string | null } | null;
}
const samples: Array<{ t: number; rss: number; treeRss: number; treePss: number; version: number; etag: string }> = [];
/** Refresh-and-publish windows: from a refresh's start to the moment the new publication was first served. */
const busy: Array<{ from: number; to: number }> = [];
let lastVersion = -1;
const started = Date.now();
/** Failed reads of the watch below (a connection closed or refused), reported with the load's errors. */
let watchErrors = 0;
const watch = setInterval(async () => {
  let health: Health;
  let regime: Response;
  try {
    [health, regime] = await Promise.all([
      fetch(`${base}/api/health`).then((r) => r.json() as Promise<Health>),
      fetch(`${base}/api/regime`, { headers: { 'accept-encoding': 'identity' } }),
    ]);
  } catch {
    watchErrors++;
    return;
  }
  const version = health.publication.version;
  samples.push({
    t: Math.round((Date.now() - started) / 1000),
    rss: Math.round(service.rssMb()),
    treeRss: Math.round(service.treeRssMb()),
    treePss: Math.round(service.treePssMb()),
    version,
    etag: regime.headers.get('etag') ?? '',
  });
  if (lastVersion >= 0 && version !== lastVersion && health.lastRefresh) {
    busy.push({ from: Date.parse(health.lastRefresh.startedAt), to: Date.now() });
  }
  lastVersion = version;
}, 1_000);
// The probe runs in its own process on core 1 (bench/probe-process.ts): a load generator saturates its event loop
// by design, so a probe inside it would measure that queue. It shares core 1 with the load generator and wakes every
// 20 ms to send one request: at nice -5 (where allowed: root; elsewhere `nice` warns and it runs at 0) against the
// load generator's +5, its wake-up preempts the load instead of waiting for the load's turn to end, which is the
// client's scheduling and not the service (ninth session: a sleeper on core 1 under autocannon woke 3-22 ms late
// ~100 times a minute, and most probes over 10 ms overlapped no stall of the service).
const probe = spawn(
  'taskset',
  [
    '-c',
    '1',
    'nice',
    '-n',
    process.env.SOAK_PROBE_NICE ?? '-5',
    process.execPath,
    'bench/probe-process.ts',
    `${base}/api/regime`,
    '20',
    String(SECONDS),
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const probeOutput = text(probe.stdout);
setPriority(5);
const MIX = [
  '/api/regime',
  '/api/snapshot',
  '/api/series/tga?days=365',
  '/api/series/net-liquidity?days=4000',
  '/api/history',
  '/api/lens?lang=fr',
  '/api/correlation',
  '/',
  '/methodology.md',
  '/indicators/vix',
  '/charts/vix.svg?days=365',
];
// wrk (C, its own process at nice +5 on core 1) unless a fixed rate is asked for, which only autocannon (in this
// process) can hold; without wrk, autocannon, and the load's own figures may be the client's.
const useWrk = WRK_INSTALLED && !process.env.SOAK_RATE && process.env.SOAK_LOAD !== 'autocannon';
const result = useWrk
  ? await runWrk({ url: base, connections: 16, seconds: SECONDS, core: 1, nice: 5, mix: MIX })
  : await autocannon({
      url: base,
      connections: 16,
      ...(process.env.SOAK_RATE ? { overallRate: Number(process.env.SOAK_RATE) } : {}),
      duration: SECONDS,
      requests: MIX.map((path) => ({ method: 'GET' as const, path })),
    }).then((r) => ({
      requests: r.requests.total,
      rps: r.requests.average,
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      errors: r.errors + r.timeouts + r.non2xx,
    }));
const probeSamples = JSON.parse(await probeOutput) as ProbeSample[];
clearInterval(watch);
const inBusy = (at: number) => busy.some((w) => at >= w.from && at <= w.to);
const during = probeSamples.filter((s) => inBusy(s.at)).map((s) => s.ms);
const outside = probeSamples.filter((s) => !inBusy(s.at)).map((s) => s.ms);
// The serving thread's stalls (start, ms), and the slow probes (over 10 ms) that no stall of the service overlaps:
// those waited on the client's side (the probe shares core 1 with the load generator) or in the kernel.
// Only while the probe ran: the service's own start (module loading, the first publication) is not a stall.
const probing = probeSamples[0]?.at ?? Number.POSITIVE_INFINITY;
const stalls = existsSync(gapsFile)
  ? readFileSync(gapsFile, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((row) => row.split(' ').map(Number) as [number, number])
      .filter(([at]) => at >= probing)
  : [];
const stallsOver = (ms: number, inWindow: boolean) =>
  stalls.filter(([at, gap]) => gap > ms && inBusy(at) === inWindow).map(([, gap]) => gap);
const slowProbes = (inWindow: boolean) => probeSamples.filter((s) => s.ms > 10 && inBusy(s.at) === inWindow);
const notTheService = (inWindow: boolean) =>
  slowProbes(inWindow).filter((s) => !stalls.some(([at, gap]) => at <= s.at + s.ms && at + gap >= s.at - 2)).length;
const stallLine = (inWindow: boolean) => {
  const over = stallsOver(10, inWindow);
  return `${over.length} over 10 ms (max ${over.length ? Math.max(...over).toFixed(0) : 0} ms); probes over 10 ms: ${slowProbes(inWindow).length}, of which ${notTheService(inWindow)} overlap no stall`;
};
const line = (xs: number[]) =>
  `n ${xs.length}, p50 ${percentile(xs, 50).toFixed(1)} ms, p99 ${percentile(xs, 99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
const etagsByVersion = new Map<number, Set<string>>();
for (const s of samples) etagsByVersion.set(s.version, (etagsByVersion.get(s.version) ?? new Set()).add(s.etag));
const inconsistent = [...etagsByVersion].filter(([, tags]) => tags.size > 1);
const rss = samples.map((s) => s.rss);
const treeRss = samples.map((s) => s.treeRss);
const treePss = samples.map((s) => s.treePss);
process.stdout.write(
  `${[
    `soak: ${SECONDS} s, 16 connections over ${MIX.length} endpoints by ${useWrk ? 'wrk' : 'autocannon'} (core 1) against the service (core 0), a refresh and publication every minute, revising a third of the FRED series each time (${busy.length} seen, ${busy.map((w) => ((w.to - w.from) / 1000).toFixed(1)).join(', ')} s each)`,
    `load: ${result.requests} requests (${Math.round(result.rps)}/s), errors ${result.errors} (non-2xx, socket errors, timeouts; watch ${watchErrors}); latency at 16 connections over the whole run: p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms`,
    `probe /api/regime every 20 ms, while refreshing and publishing: ${line(during)}`,
    `probe /api/regime every 20 ms, otherwise: ${line(outside)}`,
    `serving thread's event loop late, while refreshing and publishing: ${stallLine(true)}`,
    `serving thread's event loop late, otherwise: ${stallLine(false)}`,
    `regime ETag per publication: ${inconsistent.length === 0 ? 'one per version' : `CHANGED within versions ${inconsistent.map(([v]) => v).join(', ')}`}`,
    `resident memory: min ${Math.min(...rss)} MB, max ${Math.max(...rss)} MB, last ${rss.at(-1)} MB; with the refresh process while one runs: max ${Math.max(...treeRss)} MB (PSS, shared pages counted once: max ${Math.max(...treePss)} MB)`,
    `memory samples every 30 s (s: MB): ${samples
      .filter((s) => s.t % 30 === 0)
      .map((s) => `${s.t}:${s.rss}`)
      .join(' ')}`,
  ].join('\n')}\n`,
);
// SOAK_SAMPLES=<file> keeps every probe sample, the busy windows and the service's spawn time (epoch ms), to lay
// beside what the service printed (BENCH_SERVICE_LOG, with BENCH_NODE_FLAGS=--trace-gc: its collections).
if (process.env.SOAK_SAMPLES) {
  writeFileSync(
    process.env.SOAK_SAMPLES,
    JSON.stringify({ spawnedAt, busy, probe: probeSamples, stalls, memory: samples }),
  );
}
service.stop();
await replay.close();
store.remove();

/**
 * The replayed files, with each FRED series' newest value revised (by 0.01 % a step) once every three minutes, a
 * third of them each minute: a publication then finds some series changed and most not, as an hourly refresh
 * does in service, instead of the same files every time (which would let every publication keep every series).
 */
function revising(data: ReplayData): ReplayData {
  return {
    ...data,
    rows(key) {
      const rows = data.rows(key);
      if (!rows || !key.startsWith('fred:')) return rows;
      const minute = Math.floor((Date.now() - soakStarted) / 60_000);
      const step = Math.floor((minute + (hashOf(key) % 3)) / 3);
      const last = rows.findLastIndex((row) => row.raw !== null);
      if (step === 0 || last < 0) return rows;
      const revised = (Number(rows[last]!.raw) * (1 + 1e-4 * step)).toPrecision(10);
      return rows.map((row, i) => (i === last ? { date: row.date, raw: String(Number(revised)) } : row));
    },
  };
}

function hashOf(text: string): number {
  let h = 0;
  for (const c of text) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h;
}
