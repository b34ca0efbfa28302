/**
 * `npm run bench:as-of`: what an `asOf` answer for a day not asked before costs (issue 41's budget: ≤ 100 ms of CPU
 * at the median). The model over what the store knew then runs as the service runs it — on the worker thread,
 * which keeps the publication's series (publish/worker-pool.ts) — for BENCH_DAYS distinct days after one warm-up;
 * each answer's CPU is the whole process's (every thread: the worker, the serving thread, V8's collector threads),
 * from /proc through process.cpuUsage. Beside it: the serving thread's share, the model alone on this thread, and
 * the first answer after the worker was idle (its start: modules, and the series sent again). It runs under the
 * service's node flags and environment (start-flags.ts), as the service's worker does.
 */
import { runAsTheServiceRuns, START_FLAGS } from './start-flags.ts';

runAsTheServiceRuns(import.meta.filename);

import { modelAsOf } from '../src/publish/model/run.ts';
import { closeWorkerPool, computeAsOfOffThread } from '../src/publish/worker-pool.ts';
import { chartsPending, closeChartRenderer } from '../src/site/chart-renderer.ts';
import { createHarness } from '../test/support/harness.ts';
import { hasRealData, realReplayData } from '../test/support/replay-data.ts';
import { syntheticReplayData } from '../test/support/synthetic-data.ts';

const DAYS = Number(process.env.BENCH_DAYS ?? 21);
const real = hasRealData();
const harness = await createHarness({
  data: real ? realReplayData() : syntheticReplayData(),
  now: new Date('2026-11-22T12:00:00Z'),
});
await harness.refresh();
const vintaged = harness.publisher.current!.vintaged;
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
// Distinct days after the store's load: each is a model run of its own (the day it is scored through differs).
const day = (d: number) => new Date(Date.UTC(2026, 10, 23 + d, 12)).toISOString();

const coldStart = processMs();
await computeAsOfOffThread(vintaged, day(0), undefined, false);
const cold = processMs() - coldStart;

/** Each distinct day's answer, as the service computes it: the regime alone, or with the history. */
async function answers(withHistory: boolean, firstDay: number) {
  const whole: number[] = [];
  const serving: number[] = [];
  for (let d = firstDay; d < firstDay + DAYS; d++) {
    const [p, t] = [processMs(), threadMs()];
    const result = await computeAsOfOffThread(vintaged, day(d), undefined, withHistory);
    if (!result.ok || result.model === null) throw new Error(`no model as of ${day(d)}`);
    whole.push(processMs() - p);
    serving.push(threadMs() - t);
  }
  return { whole, serving };
}
// Days not asked before in either run: the worker keeps no result, but a later run on the same day would be fair
// too (it keeps none across tasks).
const regime = await answers(false, 1);
const history = await answers(true, DAYS + 1);
await closeWorkerPool();
const alone: number[] = [];
for (let d = 1; d <= DAYS; d++) {
  const t = threadMs();
  modelAsOf(vintaged, day(d), undefined, false);
  alone.push(threadMs() - t);
}
await harness.close();

const out = (line: string) => process.stdout.write(`${line}\n`);
out(
  `usd-liquidity asOf benchmark — ${real ? 'real files' : 'synthetic fixtures'}, node ${process.version} ${process.execArgv.join(' ')} (the service's flags: ${START_FLAGS.join(' ')}), ${DAYS} distinct days\n`,
);
out('| CPU per answer for a day not asked before | median ms | range ms |');
out('|---|---|---|');
out(
  `| /api/regime?asOf: the whole process, as the service answers (the regime alone; worker thread kept warm) | ${median(regime.whole).toFixed(0)} | ${range(regime.whole)} |`,
);
out(`| of which the serving thread | ${median(regime.serving).toFixed(1)} | ${range(regime.serving)} |`);
out(
  `| /api/history?asOf: the whole process (the regime and ~5,600 days of history) | ${median(history.whole).toFixed(0)} | ${range(history.whole)} |`,
);
out(`| of which the serving thread | ${median(history.serving).toFixed(1)} | ${range(history.serving)} |`);
out(`| the regime alone, on this thread | ${median(alone).toFixed(0)} | ${range(alone)} |`);
out(`| the first answer after the worker was idle (its start) | ${cold.toFixed(0)} | |`);
const verdict = (xs: number[]) => `${median(xs) <= 100 ? 'met' : 'NOT met'} (${median(xs).toFixed(0)} ms)`;
out(
  `\nbudget: ≤ 100 ms of CPU at the median for a distinct day — /api/regime?asOf ${verdict(regime.whole)}; /api/history?asOf ${verdict(history.whole)}`,
);
