/**
 * `npm run bench:stall` (issue 41): one client cannot stall the service. The service (as `npm start` runs it) on
 * core 0; on core 1 the attacker (bench/stall-attacker.ts: 16 keep-alive connections of unique on-demand requests,
 * REST and MCP mixed, for 60 s) and this process's probe of /api/regime every 100 ms. Prints the probe's p99 with
 * and without the attack against the budget — p99 ≤ max(50 ms, 5 × p99 without), none over 2 s, none failed —
 * the service's peak RSS (< 300 MB), what the attacker was answered, and the small-JSON throughput against a bare
 * node:http server in its own process (wrk, as `npm run bench`; budget ≥ 0.65). BENCH_STALL_SECONDS shortens it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { benchStore } from './bench-store.ts';
import { processCpuUs } from './process-cpu.ts';
import { median, percentile, startService } from './service-process.ts';
import { runWrk, WRK_INSTALLED } from './wrk.ts';

const ATTACK_S = Number(process.env.BENCH_STALL_SECONDS ?? 60);
const QUIET_S = Math.min(20, ATTACK_S);
/** Paired rounds of the small-JSON ratio after the attack. */
const AFTER_ROUNDS = 5;
execFileSync('taskset', ['-pc', '1', String(process.pid)], { stdio: 'ignore' });
const store = await benchStore();
const service = await startService({ DATABASE_URL: `sqlite:${store.database}`, REFRESH_ON_START: 'false' }, 0);
console.log(
  `bench:stall — ${store.real ? 'real files' : 'synthetic fixtures'}, node ${process.version}, service on core 0, client on core 1`,
);

/** GETs /api/regime every 100 ms on its own keep-alive connection: latencies, and every answer that was not a 200. */
function probe() {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const ms: number[] = [];
  let failed = 0;
  let running = true;
  const once = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = request(`${service.base}/api/regime`, { agent, timeout: 10_000 }, (res) => {
        res.resume();
        res.on('end', () => {
          ms.push(performance.now() - t0);
          if (res.statusCode !== 200) failed++;
          resolve();
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        failed++;
        resolve();
      });
      req.end();
    });
  const loop = (async () => {
    while (running) {
      const next = performance.now() + 100;
      await once();
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      agent.destroy();
      return { ms, failed };
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quiet = probe();
await sleep(QUIET_S * 1000);
const before = await quiet.stop();

let peakRss = service.rssMb();
const rssTimer = setInterval(() => {
  peakRss = Math.max(peakRss, service.rssMb());
}, 250);
const attacked = probe();
const attacker = spawn(
  'taskset',
  ['-c', '1', process.execPath, 'bench/stall-attacker.ts', service.base, String(ATTACK_S), '16'],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const answered = await new Promise<string>((resolve) =>
  createInterface({ input: attacker.stdout! }).once('line', resolve),
);
const during = await attacked.stop();
clearInterval(rssTimer);

const p99Before = percentile(before.ms, 99);
const p99During = percentile(during.ms, 99);
const budget = Math.max(50, 5 * p99Before);
const over2s = during.ms.filter((ms) => ms > 2000).length;
const verdict = (ok: boolean) => (ok ? 'within' : 'OVER');
console.log(
  `\nprobe /api/regime every 100 ms — quiet ${QUIET_S} s: ${before.ms.length} answers, p50 ${median(before.ms).toFixed(1)} ms, p99 ${p99Before.toFixed(1)} ms`,
);
console.log(
  `under attack ${ATTACK_S} s: ${during.ms.length} answers, p50 ${median(during.ms).toFixed(1)} ms, p99 ${p99During.toFixed(1)} ms, max ${Math.max(...during.ms).toFixed(1)} ms`,
);
console.log(
  `budget p99 ≤ max(50, 5 × ${p99Before.toFixed(1)}) = ${budget.toFixed(1)} ms: ${verdict(p99During <= budget)}; over 2 s: ${over2s} (${verdict(over2s === 0)}); failed: ${during.failed} (${verdict(during.failed === 0)})`,
);
console.log(`service peak RSS ${peakRss.toFixed(0)} MB (budget < 300 MB: ${verdict(peakRss < 300)})`);
console.log(`the attacker was answered (by kind and status): ${answered}`);

// Small JSON against a bare node:http server in its own process, as `npm run bench` (bench/bare-server.ts).
if (WRK_INSTALLED) {
  const paths = ['/api/regime', '/api/series/tga?days=30'];
  const captured: Record<string, unknown> = {};
  for (const path of paths) {
    const res = await fetch(`${service.base}${path}`, { headers: { 'accept-encoding': 'identity' } });
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      if (!['content-length', 'date', 'connection', 'keep-alive', 'content-encoding'].includes(name))
        headers[name] = value;
    });
    captured[path] = {
      status: res.status,
      headers,
      bodyBase64: Buffer.from(await res.arrayBuffer()).toString('base64'),
    };
  }
  const file = join(mkdtempSync(join(tmpdir(), 'bench-stall-')), 'captured.json');
  writeFileSync(file, JSON.stringify(captured));
  const bare = spawn('taskset', ['-c', '0', process.execPath, 'bench/bare-server.ts', file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const barePort = Number(
    await new Promise<string>((resolve) => createInterface({ input: bare.stdout! }).once('line', resolve)),
  );
  // As `npm run bench` measures: a warm-up of each, then paired rounds in an order drawn at random. The app measured
  // first each round, right after the attack, read lower than the same instance measured in random order
  // (docs/performance.md): the first seconds after an attack include its tail (the last queued computations, the
  // collection of what the attack left), which a ratio about serving small JSON should not charge to one side.
  // Beside req/s, the CPU time each server spent per answer (bench/process-cpu.ts), which time the VM gives other
  // guests does not move: a round whose req/s dipped while its CPU per answer did not was the machine, not the app.
  const measure = async ({ url, pid }: { url: string; pid: number }, seconds: number) => {
    const cpuUs = processCpuUs(pid);
    const run = await runWrk({ url, connections: 16, seconds, core: 1 });
    return { rps: run.rps, cpuUs: (processCpuUs(pid) - cpuUs) / Math.max(1, run.requests) };
  };
  for (const path of paths) {
    const app = { url: `${service.base}${path}`, pid: service.child.pid! };
    const base = { url: `http://127.0.0.1:${barePort}${path}`, pid: bare.pid! };
    await measure(app, 1);
    await measure(base, 1);
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    for (let round = 0; round < AFTER_ROUNDS; round++) {
      const appFirst = Math.random() < 0.5;
      const first = await measure(appFirst ? app : base, 3);
      const second = await measure(appFirst ? base : app, 3);
      const [a, b] = appFirst ? [first, second] : [second, first];
      ratios.push(a.rps / b.rps);
      cpuRatios.push(b.cpuUs / a.cpuUs);
    }
    const list = (values: number[]) => values.map((r) => r.toFixed(2)).join(', ');
    console.log(
      `${path}: app / bare req/s, median of ${AFTER_ROUNDS} paired rounds in random order ${median(ratios).toFixed(2)} (${list(ratios)}; budget ≥ 0.65); by CPU time per answer, bare / app ${median(cpuRatios).toFixed(2)} (${list(cpuRatios)})`,
    );
  }
  bare.kill('SIGKILL');
}
service.stop();
store.remove();
