/**
 * `npm run bench:refresh`: the first start and the cost of refreshing, on the real files in ../shared/data/real
 * (generated fixtures when absent) served in the providers' formats by the loopback replay (issue 30's targets).
 *
 * 1. First start from the bootstrap snapshot: an empty store, the service started as `npm start` runs it (its
 *    flags; bench/service-process.ts), the providers unreachable (offline: a closed port) or the replay (online).
 *    Timed from the spawn to the first full regime (200 on /api/regime) and to the dashboard (200 on /); target
 *    ≤ 3 s, median of BENCH_ROUNDS (5) starts of each, alternated. `npm start` first runs the incremental build,
 *    timed apart (nothing changed: what a user's second start pays). Online, /api/health is sampled while the
 *    refresh on start runs: its progress and estimate of the time left.
 * 2. A full refresh (every whole history) and a routine one 6 hours later (recent windows), in this process, with
 *    FRED spaced as configured by default (1 s, BENCH_FRED_INTERVAL_MS to change): requests, bytes downloaded and
 *    seconds of each; target: the routine one ≤ 10 % of the full one's bytes. Medians of BENCH_REFRESH_ROUNDS (1
 *    by default: each full refresh spends ~40 s in FRED's spacing alone).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runRefresh } from '../src/ingest/refresh/run.ts';
import { createProviders } from '../src/providers/providers.ts';
import { openStore } from '../src/store/store.ts';
import { freePort, replayEnv } from '../test/support/processes.ts';
import { hasRealData, realReplayData } from '../test/support/replay-data.ts';
import { startReplayServer } from '../test/support/replay-server.ts';
import { syntheticReplayData } from '../test/support/synthetic-data.ts';
import { median, startService } from './service-process.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REFRESH_ROUNDS = Number(process.env.BENCH_REFRESH_ROUNDS ?? 1);
const FRED_INTERVAL_MS = Number(process.env.BENCH_FRED_INTERVAL_MS ?? 1_000);
const real = hasRealData();
const replay = await startReplayServer(real ? realReplayData() : syntheticReplayData());
const home = mkdtempSync(join(tmpdir(), 'usd-liquidity-bench-refresh-'));
process.stdout.write(`data: ${real ? 'real files (../shared/data/real)' : 'synthetic fixtures'}\n\n`);

// --- 1. First start --------------------------------------------------------------------------------------------
const buildMs: number[] = [];
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  execFileSync('npm', ['run', '-s', 'build'], { stdio: 'ignore' });
  buildMs.push(performance.now() - t);
}
const offline = `http://127.0.0.1:${await freePort()}`;
const modes = {
  offline: {
    FRED_BASE_URL: offline,
    TREASURY_BASE_URL: offline,
    NYFED_BASE_URL: offline,
    PRICES_BASE_URL: offline,
  },
  // The replay at FRED's own pace: what a user online waits for is the snapshot, not the refresh.
  online: { ...replayEnv(replay), FRED_MIN_INTERVAL_MS: String(FRED_INTERVAL_MS) },
} as const;
const firstStart: Record<keyof typeof modes, { regimeMs: number[]; dashboardMs: number[] }> = {
  offline: { regimeMs: [], dashboardMs: [] },
  online: { regimeMs: [], dashboardMs: [] },
};
let progressSample: unknown;
for (let round = 0; round < ROUNDS; round++) {
  for (const mode of round % 2 === 0 ? (['offline', 'online'] as const) : (['online', 'offline'] as const)) {
    const dir = mkdtempSync(join(home, `${mode}-`));
    const { BOOTSTRAP_SNAPSHOT: _off, ...env } = modes[mode] as Record<string, string>;
    const service = await startService({ ...env, DATABASE_URL: `sqlite:${join(dir, 'store.sqlite')}` });
    const started = performance.now() - service.startMs;
    try {
      const regime = (await (await fetch(`${service.base}/api/regime`)).json()) as {
        freshness: { state: string };
        provenance: { inputs: Array<{ vintageFrom?: string }> };
      };
      if (!regime.provenance.inputs.some((i) => i.vintageFrom?.startsWith('bootstrap snapshot of ')))
        throw new Error('the first regime did not come from the bootstrap snapshot');
      const dashboard = await fetch(`${service.base}/`);
      if (dashboard.status !== 200) throw new Error(`the dashboard answered ${dashboard.status}`);
      await dashboard.arrayBuffer();
      firstStart[mode].regimeMs.push(service.startMs);
      firstStart[mode].dashboardMs.push(performance.now() - started);
      if (mode === 'online' && progressSample === undefined) {
        for (let i = 0; i < 200 && progressSample === undefined; i++) {
          const health = (await (await fetch(`${service.base}/api/health`)).json()) as { refreshing: unknown };
          if (health.refreshing && (health.refreshing as { done: number }).done > 0) progressSample = health.refreshing;
          else await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    } finally {
      service.stop();
    }
  }
}
const ms = (values: number[]) => `${Math.round(median(values))} ms (${values.map(Math.round).join(', ')})`;
process.stdout.write(
  `first start from the bootstrap snapshot (empty store; spawn → 200; target ≤ 3000 ms; medians of ${ROUNDS}):\n`,
);
for (const mode of ['offline', 'online'] as const) {
  const { regimeMs, dashboardMs } = firstStart[mode];
  process.stdout.write(`  ${mode.padEnd(7)}  first full regime ${ms(regimeMs)}; dashboard ${ms(dashboardMs)}\n`);
}
process.stdout.write(`  npm start's build step when nothing changed (before the spawn): ${ms(buildMs)}\n`);
// The README's command itself, offline: from `npm start` (npm, the build step, the bin) to the first full regime.
const viaNpm: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const dir = mkdtempSync(join(home, 'npm-start-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    env: {
      ...process.env,
      ...modes.offline,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: `sqlite:${join(dir, 'store.sqlite')}`,
    },
    stdio: 'ignore',
    detached: true,
  });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/regime`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  viaNpm.push(performance.now() - started);
  process.kill(-child.pid!, 'SIGKILL');
}
process.stdout.write(
  `  offline, timed from \`npm start\` itself (npm, the build step, the bin): first full regime ${ms(viaNpm)}\n`,
);
process.stdout.write(`  /api/health while the refresh on start ran: refreshing ${JSON.stringify(progressSample)}\n\n`);

// --- 2. Full and routine refreshes -----------------------------------------------------------------------------
interface Cost {
  requests: number;
  bytes: number;
  seconds: number;
}
const full: Cost[] = [];
const routine: Cost[] = [];
for (let round = 0; round < REFRESH_ROUNDS; round++) {
  const store = await openStore(`sqlite:${join(mkdtempSync(join(home, 'refresh-')), 'store.sqlite')}`);
  const providers = createProviders(replay.providerConfig({ fredMinIntervalMs: FRED_INTERVAL_MS }));
  const t0 = Date.parse('2026-11-26T06:00:00Z');
  const measure = async (at: number, reads: 'full' | 'recent'): Promise<Cost> => {
    const requests = replay.requests.length;
    const bytes = replay.bytesServed();
    const started = performance.now();
    const summary = await runRefresh({ store, providers, now: () => new Date(at), reads }, 'bench');
    const failed = summary.outcomes.filter((o) => o.status === 'error').map((o) => o.seriesId);
    const fetched = summary.outcomes.filter((o) => o.source !== 'derived');
    // A series whose last full read failed is read whole again (srf and qqq have no file here).
    const whole = fetched.filter((o) => o.windowStart === undefined).map((o) => o.seriesId);
    const windows = `${fetched.length - whole.length} of ${fetched.length} fetched series read a recent window`;
    const wholeNote = whole.length > 0 && reads === 'recent' ? ` (whole: ${whole.join(', ')})` : '';
    process.stdout.write(
      `  ${reads} refresh: ${summary.status}${failed.length ? ` (failed: ${failed.join(', ')})` : ''}; ${windows}${wholeNote}\n`,
    );
    return {
      requests: replay.requests.length - requests,
      bytes: replay.bytesServed() - bytes,
      seconds: (performance.now() - started) / 1000,
    };
  };
  full.push(await measure(t0, 'full'));
  routine.push(await measure(t0 + 6 * 3_600_000, 'recent'));
  await store.close();
}
const row = (name: string, costs: Cost[]) =>
  `  ${name.padEnd(8)} ${String(median(costs.map((c) => c.requests))).padStart(5)} requests  ${Math.round(
    median(costs.map((c) => c.bytes)),
  )
    .toLocaleString('en-US')
    .padStart(12)} bytes  ${median(costs.map((c) => c.seconds))
    .toFixed(1)
    .padStart(6)} s`;
const ratio = median(routine.map((c) => c.bytes)) / median(full.map((c) => c.bytes));
process.stdout.write(
  `refreshes (FRED spaced ${FRED_INTERVAL_MS} ms; medians of ${REFRESH_ROUNDS}):\n${row('full', full)}\n${row('routine', routine)}\n` +
    `  routine / full bytes: ${(100 * ratio).toFixed(1)} % (target ≤ 10 %)\n`,
);

await replay.close();
rmSync(home, { recursive: true, force: true });
process.exit(0);
