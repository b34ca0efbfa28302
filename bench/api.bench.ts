/**
 * `npm run bench`: throughput and latency of the API beside a bare node:http server answering the same
 * bytes, in one run on loopback. Servers run in a child process (one core), autocannon in this one (the
 * other core). Each (endpoint, connections) pair runs ROUNDS alternating app/bare rounds; medians and the
 * app/bare throughput ratio are printed.
 *
 * Options (env): BENCH_SECONDS (default 3), BENCH_ROUNDS (3), BENCH_CONNECTIONS (comma list, default "16").
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '16').split(',').map(Number);
const ENDPOINTS = ['/api/series/tga?days=365', '/api/series/tga?days=4000', '/api'];

const child = spawn(process.execPath, ['bench/bench-servers.ts', ...ENDPOINTS], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const ready = await new Promise<{ app: number; bare: number; real: boolean; sizes: Record<string, number> }>(
  (resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
    child.once('exit', (code) => reject(new Error(`bench servers exited with ${code}`)));
  },
);

interface Sample {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(port: number, path: string, connections: number): Promise<Sample> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections,
    duration: SECONDS,
    pipelining: 1,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

process.stdout.write(
  `usd-liquidity API benchmark — ${ready.real ? 'real files' : 'synthetic fixtures'}, ${SECONDS}s × ${ROUNDS} rounds per server, node ${process.version}\n\n`,
);
const header =
  '| endpoint | bytes | conns | app req/s | bare req/s | ratio | app p50 ms | app p99 ms | bare p99 ms | errors |';
process.stdout.write(
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
    // Warm-up, then alternate so drift in machine load hits both servers alike.
    await measure(ready.app, path, connections);
    await measure(ready.bare, path, connections);
    for (let round = 0; round < ROUNDS; round++) {
      app.push(await measure(ready.app, path, connections));
      bare.push(await measure(ready.bare, path, connections));
    }
    const appRps = median(app.map((s) => s.rps));
    const bareRps = median(bare.map((s) => s.rps));
    const errors = [...app, ...bare].reduce((n, s) => n + s.errors, 0);
    process.stdout.write(
      `| ${path} | ${ready.sizes[path]} | ${connections} | ${Math.round(appRps)} | ${Math.round(bareRps)} | ${(appRps / bareRps).toFixed(2)} | ${median(app.map((s) => s.p50))} | ${median(app.map((s) => s.p99))} | ${median(bare.map((s) => s.p99))} | ${errors} |\n`,
    );
  }
}
child.kill('SIGTERM');
