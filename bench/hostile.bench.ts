/**
 * `npm run bench:hostile`: what hostile providers cost the running service. One refresh meets, at once, a FRED
 * series answering 300 MB, another answering a gzip bomb (256 MB inflated), the Daily Treasury Statement
 * claiming a million pages, and the Treasury's Debt to the Penny never answering; the service runs as
 * `npm start` runs it (core 0) with a 60 s refresh budget. Reported: memory of the service with its refresh
 * process (resident, and PSS) before and at its peak during the refresh (target < 100 MB extra), how long the
 * refresh took and how each hostile series ended, and the latency of /api/regime sampled every 20 ms meanwhile
 * (target p99 < 10 ms). Then slow readers: clients that pipeline requests and read their answers slowly, with the
 * same probe meanwhile.
 */

import { connect } from 'node:net';
import { replayEnv } from '../test/support/processes.ts';
import { hasRealData, realReplayData } from '../test/support/replay-data.ts';
import { startReplayServer } from '../test/support/replay-server.ts';
import { syntheticReplayData } from '../test/support/synthetic-data.ts';
import { benchStore } from './bench-store.ts';
import { latencyProbe, percentile, startService } from './service-process.ts';

const store = await benchStore();
const replay = await startReplayServer(hasRealData() ? realReplayData() : syntheticReplayData());
// Refreshes start on every 20-second mark: the first is clean (its memory peak is the comparison), the second
// meets the hostile providers.
const service = await startService(
  {
    DATABASE_URL: `sqlite:${store.database}`,
    REFRESH_ON_START: 'false',
    REFRESH_CRON: '*/20 * * * * *',
    REFRESH_BUDGET_SECONDS: '60',
    ...replayEnv(replay),
  },
  0,
);
interface Health {
  lastRefresh: { runId: number; status: string; startedAt: string; finishedAt: string | null } | null;
  sources: Array<{ seriesId: string; errorKind: string | null; lastError: string | null }>;
}
const health = async () => (await (await fetch(`${service.base}/api/health`)).json()) as Health;
// Resident memory of the service and its refresh process, every 50 ms; their PSS (pages they share counted once)
// every 250 ms, as reading it walks every mapping of both.
const baseline = service.treeRssMb();
const baselinePss = service.treePssMb();
let peak = baseline;
let peakPss = baselinePss;
let tick = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, service.treeRssMb());
  if (tick++ % 5 === 0) peakPss = Math.max(peakPss, service.treePssMb());
}, 50);
async function nextRefresh(): Promise<Health> {
  const from = (await health()).lastRefresh?.runId ?? 0;
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const h = await health();
    if ((h.lastRefresh?.runId ?? 0) > from && h.lastRefresh?.finishedAt) return h;
  }
}
const providersToo = process.env.BENCH_HOSTILE_PART !== 'clients';
const providerLines = providersToo ? await hostileProviders() : [];
const clientLines = await slowReaders();
process.stdout.write(
  `${[`hostile load — ${store.real ? 'real files' : 'synthetic fixtures'}, node ${process.version}`, ...providerLines, ...clientLines].join('\n')}\n`,
);
clearInterval(sampler);
service.stop();
await replay.close();
store.remove();

async function hostileProviders(): Promise<string[]> {
  await nextRefresh();
  const cleanPeak = peak;
  const cleanPeakPss = peakPss;
  await new Promise((r) => setTimeout(r, 6_000)); // let the refresh process exit
  const before = service.treeRssMb();
  const beforePss = service.treePssMb();
  peak = before;
  peakPss = beforePss;
  replay.inject('id=VIXCLS', { kind: 'huge', mb: 300 });
  replay.inject('id=WALCL', { kind: 'gzip-bomb', mb: 256 });
  replay.inject('operating_cash_balance', { kind: 'pages', claim: 1_000_000 });
  replay.inject('debt_to_penny', { kind: 'hang' });
  const probe = latencyProbe(`${service.base}/api/regime`, 20);
  const done = await nextRefresh();
  await probe.stop();
  const refresh = done.lastRefresh!;
  const during = probe.samples
    .filter((s) => s.at >= Date.parse(refresh.startedAt) && s.at <= Date.parse(refresh.finishedAt!))
    .map((s) => s.ms);
  const hostile = ['vix', 'fed-balance-sheet', 'tga-dts', 'debt-penny'];
  return [
    `refresh ${refresh.runId}: ${refresh.status}, ${((Date.parse(refresh.finishedAt!) - Date.parse(refresh.startedAt)) / 1000).toFixed(1)} s (budget 60 s)`,
    ...done.sources
      .filter((s) => hostile.includes(s.seriesId))
      .map((s) => `  ${s.seriesId}: ${s.errorKind ?? 'ok'} — ${s.lastError ?? ''}`),
    `resident memory, the service and its refresh process: ${baseline.toFixed(0)} MB after start; a clean refresh peaked at ${cleanPeak.toFixed(0)} MB (+${(cleanPeak - baseline).toFixed(0)} MB: the refresh's own process); before the hostile one ${before.toFixed(0)} MB, its peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB; ${(peak - cleanPeak).toFixed(0)} MB above the clean refresh's peak)`,
    `the same as PSS (shared pages counted once): ${baselinePss.toFixed(0)} MB after start; clean refresh peak ${cleanPeakPss.toFixed(0)} MB (+${(cleanPeakPss - baselinePss).toFixed(0)}); before the hostile one ${beforePss.toFixed(0)} MB, its peak ${peakPss.toFixed(0)} MB (+${(peakPss - beforePss).toFixed(0)} MB; ${(peakPss - cleanPeakPss).toFixed(0)} MB above the clean refresh's peak)`,
    `probe /api/regime every 20 ms during the refresh: n ${during.length}, p50 ${percentile(during, 50).toFixed(1)} ms, p99 ${percentile(during, 99).toFixed(1)} ms, max ${Math.max(...during).toFixed(1)} ms`,
  ];
}

/**
 * Hostile clients: each opens a connection, pipelines 1,500 requests for distinct on-demand answers (history
 * ranges: no cache holds them) and reads 1 kB of the answers every 10 ms; when its connection closes it opens
 * another 100 ms later. The probe samples /api/regime on its own connection meanwhile (issue 28: one slow reader
 * stalled the probe for 1-2 s).
 */
async function slowReaders(): Promise<string[]> {
  const readers = 4;
  const seconds = Number(process.env.BENCH_SLOW_SECONDS ?? 20);
  const probe = latencyProbe(`${service.base}/api/regime`, 20);
  const until = Date.now() + seconds * 1000;
  const stats = { connections: 0, bytes: 0 };
  let range = 0;
  const pipeline = () =>
    Array.from({ length: 1500 }, () => {
      const day = new Date(Date.UTC(2008, 0, 1) + (range++ % 5000) * 86_400_000).toISOString().slice(0, 10);
      return `GET /api/history?start=${day} HTTP/1.1\r\nHost: bench\r\n\r\n`;
    }).join('');
  const reader = async () => {
    while (Date.now() < until) {
      await new Promise<void>((resolve) => {
        const socket = connect(service.port, '127.0.0.1', () => socket.write(pipeline()));
        stats.connections += 1;
        socket.pause();
        const timer = setInterval(() => {
          const chunk = socket.read(1024) as Buffer | null;
          if (chunk) stats.bytes += chunk.length;
          if (Date.now() >= until) socket.destroy();
        }, 10);
        socket.on('error', () => {});
        socket.on('close', () => {
          clearInterval(timer);
          setTimeout(resolve, 100);
        });
      });
    }
  };
  await Promise.all(Array.from({ length: readers }, reader));
  await probe.stop();
  const ms = probe.samples.map((s) => s.ms);
  return [
    `${readers} slow readers for ${seconds} s (1,500 pipelined history ranges per connection, 1 kB read every 10 ms, a new connection 100 ms after one closes): ${stats.connections} connections, ${(stats.bytes / 1e6).toFixed(1)} MB read; probe /api/regime every 20 ms meanwhile: n ${ms.length}, p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms`,
  ];
}
