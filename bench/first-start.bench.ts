/**
 * `npm run bench:first-start`: the README's `npm start` on an empty store with no provider reachable, timed from the
 * command to the first 200 of /api/regime (the budget: ≤ 3 s). Each start gets a store of its own in a fresh folder;
 * every provider's base URL is a closed port on loopback (connection refused at once), so nothing is fetched and no
 * name is resolved. The command is spawned exactly as a user types it (npm, its build step, the bin); the service is
 * stopped between starts (its whole process group) and the next start waits for its end. BENCH_STARTS (7) starts;
 * prints each time, the median, and the same for the build step alone (`npm run -s build` with nothing to do).
 *
 * BENCH_BASELINE=<dir>: another checkout of the project (the commit before, say, installed with `npm install`) is
 * started the same way, alternated with this one (first this, then that; then that, then this…), so that both are
 * measured in the same conditions; each gets its own line.
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
const HERE = new URL('..', import.meta.url).pathname;
const BASELINE = process.env.BENCH_BASELINE;
const PROFILE_DIR = process.env.BENCH_PROFILE;
const UNREACHABLE = 'http://127.0.0.1:9';

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

async function firstStart(cwd: string): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'usdl-first-start-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd,
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

const checkouts = [HERE, ...(BASELINE ? [BASELINE] : [])];
const buildMs = new Map<string, number[]>(checkouts.map((dir) => [dir, []]));
for (const dir of checkouts) {
  execFileSync('npm', ['run', '-s', 'build'], { cwd: dir, stdio: 'inherit' });
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    execFileSync('npm', ['run', '-s', 'build'], { cwd: dir, stdio: 'inherit' });
    buildMs.get(dir)!.push(performance.now() - t0);
  }
}
const startMs = new Map<string, number[]>(checkouts.map((dir) => [dir, []]));
for (let i = 0; i < STARTS; i++) {
  for (const dir of i % 2 === 0 ? checkouts : [...checkouts].reverse()) startMs.get(dir)!.push(await firstStart(dir));
}
const list = (values: number[]) => values.map((v) => Math.round(v).toLocaleString('en-US')).join(', ');
/** Issue 41's budget for the median, on an idle machine. */
const BUDGET_MS = 3_000;
process.stdout.write(
  `first start (empty store, providers unreachable), npm start → first 200 of /api/regime, node ${process.version}, ${STARTS} starts each\n`,
);
for (const dir of checkouts) {
  const ms = startMs.get(dir)!;
  const build = buildMs.get(dir)!;
  const verdict = median(ms) <= BUDGET_MS ? 'within' : 'OVER';
  process.stdout.write(
    `${dir === HERE ? 'this checkout' : dir}: median ${Math.round(median(ms)).toLocaleString('en-US')} ms (runs ${list(ms)}; ` +
      `budget ≤ ${BUDGET_MS.toLocaleString('en-US')} ms on an idle machine: ${verdict}); ` +
      `npm run -s build with nothing to do: median ${Math.round(median(build))} ms\n`,
  );
}
