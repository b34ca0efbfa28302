/**
 * The model on the real files (synthetic fixtures when absent): the regime and the end of the history on the
 * latest date, the validation table, and the time to recompute the whole model from the stored data (median
 * of 5 runs; loading the stored vintages timed separately). `node bench/model.bench.ts`
 */

import { computeModelOutputs } from '../src/publish/model-outputs.ts';
import { loadVintagedSeries } from '../src/store/observations.ts';
import { createHarness } from '../test/support/harness.ts';
import { hasRealData, realReplayData } from '../test/support/replay-data.ts';
import { syntheticReplayData } from '../test/support/synthetic-data.ts';

const real = hasRealData();
const now = real ? new Date('2026-09-01T12:00:00Z') : new Date('2026-11-21T12:00:00Z');
const h = await createHarness({ data: real ? realReplayData() : syntheticReplayData(), now });
await h.refresh();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const loads: number[] = [];
const computes: number[] = [];
let outputs = undefined as ReturnType<typeof computeModelOutputs> | undefined;
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  const vintaged = await loadVintagedSeries(h.store.db);
  const t1 = performance.now();
  outputs = computeModelOutputs(vintaged, now, 'http://localhost:8080');
  const t2 = performance.now();
  loads.push(t1 - t0);
  computes.push(t2 - t1);
}
const { regime, history, description } = outputs!;
const rows = (await loadVintagedSeries(h.store.db)).size;
process.stdout.write(
  `data: ${real ? 'real files' : 'synthetic'}; now = ${now.toISOString()}; ${rows} stored series\n\n`,
);
process.stdout.write(`regime:\n${JSON.stringify(regime, null, 2)}\n\n`);
process.stdout.write(`history: ${history.count} business days, ${history.from} → ${history.to}; last 5:\n`);
process.stdout.write(
  '| date | headline | status | policy | funding | credit | risk | aggregate |\n|---|---|---|---|---|---|---|---|\n',
);
for (let i = history.count - 5; i < history.count; i++) {
  const s = history.subIndices;
  process.stdout.write(
    `| ${history.dates[i]} | ${history.headline[i]} | ${history.status[i]} | ${s.policy[i]} | ${s.funding[i]} | ${s.credit[i]} | ${s.risk[i]} | ${history.aggregate[i]} |\n`,
  );
}
const v = description.validation!;
process.stdout.write(
  '\nSpearman ρ of the headline with the benchmark k weeks later (Fridays):\n| benchmark | period | k | ρ | n | from | to |\n|---|---|---|---|---|---|---|\n',
);
for (const c of v.correlations)
  process.stdout.write(`| ${c.benchmark} | ${c.period} | ${c.leadWeeks} | ${c.rho} | ${c.n} | ${c.from} | ${c.to} |\n`);
process.stdout.write(
  '\n60-business-day forward returns by state (non-overlapping samples):\n| asset | period | risk-on n / mean % / hit | neutral n / mean % / hit | risk-off n / mean % / hit | on − off | Welch t | p |\n|---|---|---|---|---|---|---|---|\n',
);
for (const f of v.forwardReturns) {
  const cell = (s: { count: number; meanPct: number | null; hitRate: number | null }) =>
    `${s.count} / ${s.meanPct} / ${s.hitRate}`;
  process.stdout.write(
    `| ${f.asset} | ${f.from} → ${f.to} | ${cell(f.byState['risk-on'])} | ${cell(f.byState.neutral)} | ${cell(f.byState['risk-off'])} | ${f.riskOnMinusRiskOffPct} | ${f.welch.t} | ${f.welch.p} |\n`,
  );
}
process.stdout.write(
  `\nrecompute (median of 5): load stored vintages ${Math.round(median(loads))} ms; model + history + validation ${Math.round(median(computes))} ms (single thread)\n`,
);
await h.close();
