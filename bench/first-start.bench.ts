/**
 * `npm run bench:first-start`: the README's `npm start` on an empty store with no provider reachable, timed from the
 * command to the first 200 of /api/regime (the budget: ≤ 3 s). Each start gets a store of its own in a fresh folder;
 * every provider's base URL is a closed port on loopback (connection refused at once), so nothing is fetched and no
 * name is resolved. The command is spawned exactly as a user types it (npm, its build step, the bin); the service is
 * stopped between starts (its whole process group) and the next start waits for its end. BENCH_STARTS (7) starts;
 * prints each time, the median, and the same for the build step alone (`npm run -s build` with nothing to do).
 *
 * BENCH_PROFILE=<dir> starts the service with `--cpu-prof --cpu-prof-dir=<dir>` (node flags through NODE_OPTIONS,
 * which npm passes on) and stops it with SIGINT after its first 200, so that each start leaves a .cpuprofile.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../test/support/processes.ts';
import { median } from './service-process.ts';

const STARTS = Number(process.env.BENCH_STARTS ?? 7);
const PROFILE_DIR = process.env.BENCH_PROFILE;
const UNREACHABLE = 'http://127.0.0.1:9';

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

async function firstStart(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'usdl-first-start-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: `sqlite:${join(dir, 'store.sqlite')}`,
      FRED_BASE_URL: UNREACHABLE,
      FRED_API_BASE_URL: UNREACHABLE,
      TREASURY_BASE_URL: UNREACHABLE,
      NYFED_BASE_URL: UNREACHABLE,
      PRICES_BASE_URL: UNREACHABLE,
      ...(PROFILE_DIR ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${PROFILE_DIR}` } : {}),
    },
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/regime`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    // The whole group: npm, its shell and the service (and a refresh process, if one had started).
    process.kill(-child.pid!, PROFILE_DIR ? 'SIGINT' : 'SIGKILL');
    await exited(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
const buildMs: number[] = [];
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  buildMs.push(performance.now() - t0);
}
const startMs: number[] = [];
for (let i = 0; i < STARTS; i++) startMs.push(await firstStart());
const list = (values: number[]) => values.map((v) => Math.round(v).toLocaleString('en-US')).join(', ');
process.stdout.write(
  `first start (empty store, providers unreachable), npm start → first 200 of /api/regime, node ${process.version}\n` +
    `  median ${Math.round(median(startMs)).toLocaleString('en-US')} ms (runs ${list(startMs)})\n` +
    `  npm run -s build with nothing to do: median ${Math.round(median(buildMs))} ms (runs ${list(buildMs)})\n`,
);
