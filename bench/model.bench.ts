/**
 * The model on the real files (synthetic fixtures when absent): the regime and the end of the history on the
 * latest date, the validation table, and the time to recompute the whole model from the stored data (median
 * of 5 runs; loading the stored vintages timed separately); then the lens (en, zh) and the correlation
 * statistics with their compute times. `node bench/model.bench.ts`
 */

import { computeCorrelations } from '../src/analytics/correlation/correlation.ts';
import { computeLens, flowEndDate } from '../src/analytics/lens/lens.ts';
import { narrative } from '../src/analytics/lens/narrative/narrative.ts';
import { computeModel } from '../src/analytics/model/liquidity-model.ts';
import { CURRENT_MODEL } from '../src/analytics/model/versions.ts';
import { modelInputs, unvalidatedOutputs, withValidation } from '../src/publish/model/run.ts';
import { loadVintagedSeries } from '../src/store/observations.ts';
import { CATALOG } from '../src/timeseries/series.ts';
import { currentSeries } from '../src/timeseries/vintages.ts';
import { createHarness } from '../test/support/harness.ts';
import { hasRealData, realReplayData } from '../test/support/replay-data.ts';
import { syntheticReplayData } from '../test/support/synthetic-data.ts';

const real = hasRealData();
const BLANK = new Set(CATALOG.filter((d) => d.blankMeansZero).map((d) => d.id));
const now = real ? new Date('2026-11-22T12:00:00Z') : new Date('2026-11-21T12:00:00Z');
const h = await createHarness({ data: real ? realReplayData() : syntheticReplayData(), now });
await h.refresh();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const loads: number[] = [];
const computes: number[] = [];
let outputs = undefined as ReturnType<typeof withValidation> | undefined;
const models: number[] = [];
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  const vintaged = await loadVintagedSeries(h.store.db);
  const t1 = performance.now();
  outputs = withValidation(unvalidatedOutputs(vintaged, now, 'http://localhost:8080'));
  const t2 = performance.now();
  const inputs = modelInputs(vintaged, CURRENT_MODEL);
  computeModel(inputs, now.toISOString().slice(0, 10), BLANK, CURRENT_MODEL);
  const t3 = performance.now();
  loads.push(t1 - t0);
  computes.push(t2 - t1);
  models.push(t3 - t2);
}
const { regime, history, description } = outputs!;
const rows = (await loadVintagedSeries(h.store.db)).size;
process.stdout.write(
  `data: ${real ? 'real files' : 'synthetic'}; now = ${now.toISOString()}; ${rows} stored series\n\n`,
);
process.stdout.write(`regime:\n${JSON.stringify(regime, null, 2)}\n\n`);
process.stdout.write(`history: ${history.count} business days, ${history.from} → ${history.to}; last 5:\n`);
process.stdout.write(
  '| date | headline | status | policy | funding | backstops | risk | aggregate |\n|---|---|---|---|---|---|---|---|\n',
);
for (let i = history.count - 5; i < history.count; i++) {
  const s = history.subIndices;
  process.stdout.write(
    `| ${history.dates[i]} | ${history.headline[i]} | ${history.status[i]} | ${s.policy[i]} | ${s.funding[i]} | ${s.backstops[i]} | ${s.risk[i]} | ${history.aggregate[i]} |\n`,
  );
}
const v = description.validation!;
process.stdout.write(
  `\n${description.version}'s targets on this history (docs/dli-3-protocol.md):\n| target | measured | result |\n|---|---|---|\n`,
);
for (const t of v.targets)
  process.stdout.write(
    `| ${t.id}: ${t.target} | ${t.figure} | ${t.pass === null ? 'not covered' : t.pass ? 'met' : 'not met'} |\n`,
  );
process.stdout.write(
  '\nSpearman ρ of the headline with the benchmark k weeks later (Fridays), 90 % block-bootstrap interval:\n| benchmark | period | k | ρ | 90 % interval | n | from | to |\n|---|---|---|---|---|---|---|---|\n',
);
for (const c of v.correlations)
  process.stdout.write(
    `| ${c.benchmark} | ${c.period} | ${c.leadWeeks} | ${c.rho} | ${c.interval90 ? `[${c.interval90.join(', ')}]` : 'n/a'} | ${c.n} | ${c.from} | ${c.to} |\n`,
  );
process.stdout.write(
  '\ncrisis checks (dates fixed in docs/dli-2-protocol.md):\n| crisis | date | test | hit | peak | first hit |\n|---|---|---|---|---|---|\n',
);
for (const c of v.crises)
  process.stdout.write(`| ${c.name} | ${c.date} | ${c.test} | ${c.hit} | ${c.peak} | ${c.firstHit} |\n`);
process.stdout.write(
  '\nforward returns by state, risk-on minus risk-off (% points):\n| asset | h | all windows: spread (NW se, t, p) | phases positive / negative (min, max) | non-overlapping: n on/off, spread, Welch p |\n|---|---|---|---|---|\n',
);
for (const f of v.forwardReturns) {
  const a = f.allWindows;
  process.stdout.write(
    `| ${f.asset} | ${f.horizonBusinessDays} | ${a.riskOnMinusRiskOffPct} (${a.neweyWest.se}, ${a.neweyWest.t}, ${a.neweyWest.p}) | ${f.phases.positive} / ${f.phases.negative} of ${f.phases.count} (${f.phases.minPct}, ${f.phases.maxPct}) | ${f.byState['risk-on'].count}/${f.byState['risk-off'].count}, ${f.riskOnMinusRiskOffPct}, ${f.welch.p} |\n`,
  );
}
const r = v.robustness;
if (r)
  process.stdout.write(
    `\nguarantees on every day: monotonicity ${r.monotonicity.violations} violations in ${r.monotonicity.checks} checks; weights alone moved the headline by at most ${r.stability.maxMovePoints} points (${r.stability.worstDate}), ${r.stability.daysOverLimit} of ${r.stability.days} days over ${r.stability.limitPoints}; contributions add up on ${r.drivers.sumMatches} of ${r.drivers.days} days, sign agrees with the headline on ${r.drivers.signAgreesShare} of the days both moved\n`,
  );
const lensTimes: number[] = [];
const correlationTimes: number[] = [];
const vintagedNow = await loadVintagedSeries(h.store.db);
const current = currentSeries(vintagedNow);
let lens = computeLens(current);
let report = computeCorrelations(outputs!.run!, outputs!.inputs!);
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  lens = computeLens(current);
  const t1 = performance.now();
  report = computeCorrelations(outputs!.run!, outputs!.inputs!);
  const t2 = performance.now();
  lensTimes.push(t1 - t0);
  correlationTimes.push(t2 - t1);
}
process.stdout.write(`\nlens:\n${JSON.stringify(lens, null, 2)}\n`);
for (const locale of ['en', 'zh'] as const)
  process.stdout.write(`\nnarrative (${locale}): ${narrative(lens, locale, flowEndDate(current))}\n`);
process.stdout.write(
  '\nrolling correlation of weekly changes with weekly log returns (latest, n):\n| asset | measure | 13w | 26w | 52w |\n|---|---|---|---|---|\n',
);
for (const asset of report.assets) {
  for (const measure of ['headline', 'netLiquidity'] as const) {
    const f = report.correlations[asset][measure];
    const cell = (x: { latest: number | null; n: number; asOf: string | null }) => `${x.latest} (n=${x.n}, ${x.asOf})`;
    process.stdout.write(`| ${asset} | ${measure} | ${cell(f['13w'])} | ${cell(f['26w'])} | ${cell(f['52w'])} |\n`);
  }
}
process.stdout.write(
  '\nlead/lag over the last 260 weeks (best lag, ρ, n, Bonferroni threshold, significant):\n| asset | measure | window | best lag | ρ | n | threshold | significant |\n|---|---|---|---|---|---|---|---|\n',
);
for (const asset of report.assets) {
  for (const measure of ['headline', 'netLiquidity'] as const) {
    const l = report.leadLag[asset][measure];
    process.stdout.write(
      `| ${asset} | ${measure} | ${l.window.from} → ${l.window.to} | ${l.best?.lag} | ${l.best?.rho} | ${l.best?.n} | ${l.thresholdBonferroni} | ${l.significant} |\n`,
    );
  }
}
process.stdout.write(
  '\nbacktest, 20 business days (risk-on / neutral / risk-off mean %, on − off, p):\n| asset | period | risk-on | neutral | risk-off | on − off | p |\n|---|---|---|---|---|---|---|\n',
);
for (const asset of report.assets) {
  const b = report.backtest[asset].horizons['20d'];
  const c = (s: { count: number; meanPct: number | null }) => `${s.meanPct} (n=${s.count})`;
  process.stdout.write(
    `| ${asset} | ${b.from} → ${b.to} | ${c(b.byState['risk-on'])} | ${c(b.byState.neutral)} | ${c(b.byState['risk-off'])} | ${b.riskOnMinusRiskOffPct} | ${b.welch.p} |\n`,
  );
}
process.stdout.write(
  `\nlens ${Math.round(median(lensTimes))} ms, correlation statistics ${Math.round(median(correlationTimes))} ms (median of 5)\n`,
);
process.stdout.write(
  `\nrecompute (median of 5, one thread): load stored vintages ${Math.round(median(loads))} ms; the model alone (every scored series since 2003, every business day) ${Math.round(median(models))} ms; model + regime + history + full validation ${Math.round(median(computes))} ms\n`,
);
await h.close();
