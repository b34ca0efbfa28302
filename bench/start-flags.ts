/**
 * How `npm start` runs Node: bin/usd-liquidity.js's shebang holds the environment assignments and the node flags
 * (the one place they live). Benchmarks that measure the service's own code in their own process run under the
 * same (runAsTheServiceRuns), since V8's flags change what the code costs: `--optimize-for-size` alone doubled an
 * `asOf` answer's CPU (docs/performance.md).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const SHEBANG_WORDS = readFileSync(new URL('../bin/usd-liquidity.js', import.meta.url), 'utf8')
  .split('\n')[0]!
  .split(/\s+/)
  .slice(2);

/** The environment assignments of the shebang (MALLOC_ARENA_MAX=2 …). */
export const START_ENV: Record<string, string> = Object.fromEntries(
  SHEBANG_WORDS.filter((w) => /^[A-Z_]+=/.test(w)).map((w) => w.split('=') as [string, string]),
);

/** The node flags of the shebang. */
export const START_FLAGS: readonly string[] = SHEBANG_WORDS.filter((w) => w.startsWith('--'));

/**
 * Runs this script again under the service's flags and environment unless it already runs under them; returns
 * only in the process that does. BENCH_NODE_FLAGS adds flags (a candidate measured against `npm start` as it is).
 */
export function runAsTheServiceRuns(script: string): void {
  if (process.env.BENCH_AS_SERVICE === '1') return;
  const extra = (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const run = spawnSync(process.execPath, [...START_FLAGS, ...extra, script, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ...START_ENV, BENCH_AS_SERVICE: '1' },
  });
  process.exit(run.status ?? 1);
}
