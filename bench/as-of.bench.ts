/**
 * `npm run bench:as-of`: what an `asOf` answer for a day not asked before costs (issue 41's budget: ≤ 100 ms of CPU
 * at the median). The store is made one that ran for a year (test/support/long-running-store.ts: dates first
 * seen after their publication lag, recent dates revised, and one deep revision of years of data 245 days back),
 * and the instants asked are BENCH_DAYS distinct days spread over that year, so each knew different things. The
 * model runs as the service runs it — on the worker thread, which keeps the publication's series and, once a
 * history was asked for, its history (publish/on-demand/worker-tasks.ts) — once for the regime alone (what /api/regime?asOf
 * needs) and once with the history (/api/history?asOf). Each answer's CPU is the whole process's (every thread:
 * the worker, the serving thread, V8's collector threads), from /proc through process.cpuUsage. Beside it: the
 * serving thread's share, the model alone on this thread, the first history of a publication (its history kept),
 * and the first answer after the worker was idle. It runs under the service's node flags and environment
 * (start-flags.ts), as the service's worker does.
 */
import { runAsTheServiceRuns, START_FLAGS } from './start-flags.ts';

runAsTheServiceRuns(import.meta.filename);

import { modelAsOf } from '../src/publish/model/run.ts';
import { closeWorkerPool, computeAsOfOffThread } from '../src/publish/on-demand/worker-pool.ts';
import { chartsPending, closeChartRenderer } from '../src/site/charts/renderer.ts';
import { createHarness } from '../test/support/harness.ts';
import { longRunningStore } from '../test/support/long-running-store.ts';
import { hasRealData, realReplayData } from '../test/support/replay-data.ts';
import { syntheticReplayData } from '../test/support/synthetic-data.ts';

const DAYS = Number(process.env.BENCH_DAYS ?? 21);
const real = hasRealData();
const NOW = new Date('2026-11-22T12:00:00Z');
const harness = await createHarness({ data: real ? realReplayData() : syntheticReplayData(), now: NOW });
await harness.refresh();
const builtAt = NOW.toISOString();
const vintaged = longRunningStore(harness.publisher.current!.vintaged, builtAt);
// The publication's charts are drawn on the chart thread after it goes live: measured from when they are done,
// so that the process's CPU is the answers' alone.
while (chartsPending() > 0) await new Promise((resolve) => setTimeout(resolve, 50));
await closeChartRenderer();
const processMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};
const threadMs = () => {
  const used = process.threadCpuUsage();
  return (used.user + used.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const range = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;
// Distinct days over the store's year, 3 to 343 days back (the deep revision 245 days back): each a run of its own.
const DAY_MS = 86_400_000;
const instants = Array.from({ length: DAYS }, (_, k) =>
  new Date(NOW.getTime() - (3 + Math.round((k * 340) / Math.max(1, DAYS - 1))) * DAY_MS).toISOString(),
);
const deepAt = new Date(NOW.getTime() - 245 * DAY_MS).toISOString();
const beforeDeep = instants.filter((at) => at < deepAt).length;

const coldStart = processMs();
await computeAsOfOffThread(vintaged, builtAt, { withHistory: false, publishedAt: builtAt });
const cold = processMs() - coldStart;
const firstHistoryStart = processMs();
// The first history of an earlier instant (2 days back, not among those below): the publication's history is
// computed with it, once, and kept by the worker.
await computeAsOfOffThread(vintaged, new Date(NOW.getTime() - 2 * DAY_MS).toISOString(), {
  withHistory: true,
  publishedAt: builtAt,
});
const firstHistory = processMs() - firstHistoryStart;

/** Each distinct instant's answer, as the service computes it: the regime alone, or with the history. */
async function answers(withHistory: boolean) {
  const whole: number[] = [];
  const serving: number[] = [];
  for (const at of instants) {
    const [p, t] = [processMs(), threadMs()];
    const result = await computeAsOfOffThread(vintaged, at, { withHistory, publishedAt: builtAt });
    if (!result.ok || result.model === null) throw new Error(`no model as of ${at}`);
    whole.push(processMs() - p);
    serving.push(threadMs() - t);
  }
  return { whole, serving };
}
const regime = await answers(false);
const history = await answers(true);
await closeWorkerPool();
const alone: number[] = [];
for (const at of instants) {
  const t = threadMs();
  modelAsOf(vintaged, at, undefined, false);
  alone.push(threadMs() - t);
}
await harness.close();

const out = (line: string) => process.stdout.write(`${line}\n`);
out(
  `usd-liquidity asOf benchmark — ${real ? 'real files' : 'synthetic fixtures'} as a store run for a year, node ${process.version} ${process.execArgv.join(' ')} (the service's flags: ${START_FLAGS.join(' ')}), ${DAYS} distinct days over that year (${beforeDeep} before its deep revision)\n`,
);
out('| CPU per answer for a day not asked before | median ms | range ms |');
out('|---|---|---|');
out(
  `| /api/regime?asOf: the whole process, as the service answers (the regime alone; worker thread kept warm) | ${median(regime.whole).toFixed(0)} | ${range(regime.whole)} |`,
);
out(`| of which the serving thread | ${median(regime.serving).toFixed(1)} | ${range(regime.serving)} |`);
out(
  `| /api/history?asOf: the whole process (the days from the first published differently, the rest kept) | ${median(history.whole).toFixed(0)} | ${range(history.whole)} |`,
);
const deep = history.whole.filter((_, i) => instants[i]! < deepAt);
if (deep.length > 0)
  out(
    `| of which the ${deep.length} instants before the deep revision (every day since 2004 again) | ${median(deep).toFixed(0)} | ${range(deep)} |`,
  );
out(`| of which the serving thread | ${median(history.serving).toFixed(1)} | ${range(history.serving)} |`);
out(`| the regime alone, on this thread | ${median(alone).toFixed(0)} | ${range(alone)} |`);
out(`| the first history of a publication (its history computed and kept) | ${firstHistory.toFixed(0)} | |`);
out(`| the first answer after the worker was idle (its start) | ${cold.toFixed(0)} | |`);
const verdict = (xs: number[]) => `${median(xs) <= 100 ? 'met' : 'NOT met'} (${median(xs).toFixed(0)} ms)`;
out(
  `\nbudget: ≤ 100 ms of CPU at the median for a distinct day — /api/regime?asOf ${verdict(regime.whole)}; /api/history?asOf ${verdict(history.whole)}`,
);
