/**
 * Benchmarks' view of a running service: started exactly as `npm start` starts it (the same environment
 * assignments and node flags), optionally pinned to one core, with its resident memory readable from /proc, and
 * a latency probe that samples one URL at a steady pace on its own keep-alive connection.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { openSync, readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { freePort } from '../test/support/processes.ts';
import { START_ENV, START_FLAGS } from './start-flags.ts';

// `npm start` builds, then runs bin/usd-liquidity.js under its shebang's environment assignments and node flags
// (start-flags.ts): the same here, with this very node binary (the pinned one). BENCH_NODE_FLAGS adds flags, to
// measure a candidate against `npm start` as it is.
execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
const START_ARGS = [
  ...START_FLAGS,
  ...(process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean),
  'bin/usd-liquidity.js',
  'serve',
];
const LOG_FILE = process.env.BENCH_SERVICE_LOG;

export interface ServiceProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Milliseconds from spawn to the first 200 of /api/regime. */
  startMs: number;
  rssMb(): number;
  /** The service's resident memory with that of its child processes (the refresh's, while one runs). */
  treeRssMb(): number;
  /**
   * The same processes' proportional set size: pages they share (the node binary's, mapped by both) counted once
   * between them, as a container's memory limit counts them; RSS counts them in each.
   */
  treePssMb(): number;
  stop(): void;
}

/**
 * Starts the service; `core` pins it (taskset) so a load generator can have the other core; `nodeFlags` are added
 * before the script (a module to `--import`, say).
 */
export async function startService(
  env: Record<string, string>,
  core?: number,
  nodeFlags: readonly string[] = [],
): Promise<ServiceProcess> {
  const port = await freePort();
  const started = performance.now();
  const script = START_ARGS.indexOf('bin/usd-liquidity.js');
  const node = [process.execPath, ...START_ARGS.slice(0, script), ...nodeFlags, ...START_ARGS.slice(script)];
  const [command, ...args] = core === undefined ? node : ['taskset', '-c', String(core), ...node];
  const child = spawn(command!, args, {
    env: {
      ...process.env,
      ...START_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // The load comes from one address: the rate limit stays on (its cost is measured) but never refuses.
      RATE_LIMIT_PER_MINUTE: '1000000000',
      ...env,
    },
    // BENCH_SERVICE_LOG=<file> keeps what the service prints (with BENCH_NODE_FLAGS=--trace-gc: each collection).
    stdio: LOG_FILE ? ['ignore', openSync(LOG_FILE, 'w'), 'inherit'] : 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/regime`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  const startMs = performance.now() - started;
  return {
    child,
    port,
    base,
    startMs,
    rssMb: () => rssMbOf(child.pid!),
    treeRssMb: () => [child.pid!, ...childrenOf(child.pid!)].reduce((mb, pid) => mb + rssMbOf(pid), 0),
    treePssMb: () => [child.pid!, ...childrenOf(child.pid!)].reduce((mb, pid) => mb + pssMbOf(pid), 0),
    stop: () => child.kill('SIGKILL'),
  };
}

function rssMbOf(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0; // it has exited
  }
}

function pssMbOf(pid: number): number {
  try {
    return Number(/Pss:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0; // it has exited
  }
}

/** Every process whose parent is `pid` (from /proc/<pid>/stat's fourth field). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

export interface ProbeSample {
  at: number;
  ms: number;
}

/** GETs `url` every `everyMs` on one keep-alive connection until stopped; each sample is (start time, latency). */
export function latencyProbe(url: string, everyMs: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const samples: ProbeSample[] = [];
  let running = true;
  const once = () =>
    new Promise<void>((resolve) => {
      const at = Date.now();
      const t0 = performance.now();
      const req = request(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          samples.push({ at, ms: performance.now() - t0 });
          resolve();
        });
      });
      req.on('error', () => resolve());
      req.end();
    });
  const loop = (async () => {
    while (running) {
      const next = Date.now() + everyMs;
      await once();
      await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
    }
  })();
  return {
    samples,
    async stop() {
      running = false;
      await loop;
      agent.destroy();
    },
  };
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
