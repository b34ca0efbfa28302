/**
 * `npm run bench:hostile`: what hostile providers cost the running service. One refresh meets, at once, a FRED
 * series answering 300 MB, another answering a gzip bomb (256 MB inflated), the Daily Treasury Statement
 * claiming a million pages, and the Treasury's Debt to the Penny never answering; the service runs as
 * `npm start` runs it (core 0) with a 60 s refresh budget. Reported: memory of the service with its refresh
 * process (resident, and PSS) before and at its peak during the refresh (target < 100 MB extra), how long the
 * refresh took and how each hostile series ended, and the latency of /api/regime sampled every 20 ms meanwhile
 * (target p99 < 10 ms).
 */

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
clearInterval(sampler);
const refresh = done.lastRefresh!;
const during = probe.samples
  .filter((s) => s.at >= Date.parse(refresh.startedAt) && s.at <= Date.parse(refresh.finishedAt!))
  .map((s) => s.ms);
const hostile = ['vix', 'fed-balance-sheet', 'tga-dts', 'debt-penny'];
process.stdout.write(
  `${[
    `hostile providers — ${store.real ? 'real files' : 'synthetic fixtures'}, node ${process.version}`,
    `refresh ${refresh.runId}: ${refresh.status}, ${((Date.parse(refresh.finishedAt!) - Date.parse(refresh.startedAt)) / 1000).toFixed(1)} s (budget 60 s)`,
    ...done.sources
      .filter((s) => hostile.includes(s.seriesId))
      .map((s) => `  ${s.seriesId}: ${s.errorKind ?? 'ok'} — ${s.lastError ?? ''}`),
    `resident memory, the service and its refresh process: ${baseline.toFixed(0)} MB after start; a clean refresh peaked at ${cleanPeak.toFixed(0)} MB (+${(cleanPeak - baseline).toFixed(0)} MB: the refresh's own process); before the hostile one ${before.toFixed(0)} MB, its peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB; ${(peak - cleanPeak).toFixed(0)} MB above the clean refresh's peak)`,
    `the same as PSS (shared pages counted once): ${baselinePss.toFixed(0)} MB after start; clean refresh peak ${cleanPeakPss.toFixed(0)} MB (+${(cleanPeakPss - baselinePss).toFixed(0)}); before the hostile one ${beforePss.toFixed(0)} MB, its peak ${peakPss.toFixed(0)} MB (+${(peakPss - beforePss).toFixed(0)} MB; ${(peakPss - cleanPeakPss).toFixed(0)} MB above the clean refresh's peak)`,
    `probe /api/regime every 20 ms during the refresh: n ${during.length}, p50 ${percentile(during, 50).toFixed(1)} ms, p99 ${percentile(during, 99).toFixed(1)} ms, max ${Math.max(...during).toFixed(1)} ms`,
  ].join('\n')}\n`,
);
service.stop();
await replay.close();
store.remove();
