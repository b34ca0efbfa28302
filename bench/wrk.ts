/**
 * The benchmarks' load generator: wrk (`apt-get install -y wrk`), one thread pinned to a core of its own, so that
 * it is not what limits the figures (in C, it drives the bare node:http server of `npm run bench` harder than the
 * app on most endpoints; autocannon, in JavaScript on one core, topped out near the servers' own rate).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { text } from 'node:stream/consumers';

export const WRK_INSTALLED = spawnSync('wrk', ['--version']).error === undefined;

export interface WrkRun {
  url: string;
  connections: number;
  seconds: number;
  /** The core wrk is pinned to (taskset). */
  core: number;
  /** Its nice value (default 0): above the probe's, so that a probe sharing its core preempts it. */
  nice?: number;
  /** Paths sent round robin (bench/mix.lua) instead of `url`'s own. */
  mix?: readonly string[];
}

export interface WrkResult {
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Non-2xx/3xx answers and socket errors (connect, read, write, timeout). */
  errors: number;
  /**
   * How busy each core was over the run, in % (from /proc/stat): wrk's core well under 100 % while the server's is
   * at 100 % shows that the server, not the client, set the pace.
   */
  coreBusyPct: number[];
}

/** Runs wrk once and reads its summary; resolves when it exits. The caller's event loop stays free meanwhile. */
export async function runWrk(run: WrkRun): Promise<WrkResult> {
  const args = ['-c', String(run.core), 'nice', '-n', String(run.nice ?? 0), 'wrk', '-t1'];
  args.push(`-c${run.connections}`, `-d${run.seconds}s`, '--latency', run.url);
  if (run.mix) args.push('-s', 'bench/mix.lua', '--', ...run.mix);
  const before = coreTicks();
  const child = spawn('taskset', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const [output, code] = await Promise.all([
    text(child.stdout),
    new Promise<number | null>((resolve) => child.once('exit', resolve)),
  ]);
  const after = coreTicks();
  if (code !== 0) throw new Error(`wrk exited with ${code}: ${output}`);
  const coreBusyPct = after.map((core, i) => {
    const total = core.total - before[i]!.total;
    return total > 0 ? (100 * (total - (core.idle - before[i]!.idle))) / total : 0;
  });
  return { ...parseWrk(output), coreBusyPct };
}

/** Per core, ticks in all and ticks idle (idle + iowait) since boot, from /proc/stat's `cpuN` lines. */
function coreTicks(): Array<{ total: number; idle: number }> {
  return readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((line) => /^cpu\d+ /.test(line))
    .map((line) => {
      const ticks = line.trim().split(/\s+/).slice(1).map(Number);
      return { total: ticks.reduce((a, b) => a + b, 0), idle: ticks[3]! + ticks[4]! };
    });
}

function parseWrk(output: string): Omit<WrkResult, 'coreBusyPct'> {
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? '0';
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    requests: Number(/(\d+) requests in/.exec(output)![1]),
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)![1]),
    p50Ms: wrkMs(/ 50%\s+(\S+)/.exec(output)![1]!),
    p99Ms: wrkMs(/ 99%\s+(\S+)/.exec(output)![1]!),
    errors: Number(errors) + (socket ? socket.slice(1).reduce((n, x) => n + Number(x), 0) : 0),
  };
}

/** wrk's latency figure in milliseconds ("812.00us", "1.20ms", "1.01s"). */
function wrkMs(figure: string): number {
  const [, value, unit] = /([\d.]+)(us|ms|s)/.exec(figure) ?? [];
  return Number(value) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : 1);
}
