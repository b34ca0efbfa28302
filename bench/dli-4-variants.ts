/**
 * The dli-4 selection, as fixed in docs/dli-4-protocol.md: loads the real files through the replay server, runs
 * every pre-registered variant, prints its in-sample criteria (2005–2018, used to choose), the targets T1–T12 on
 * the whole history (reported, never used to choose), the level's medians, the guarantees checked on every day,
 * and the variant the in-sample rule chooses. dli-3 is printed beside them. `npm run bench:variants`
 */

import { DLI_3 } from '../src/analytics/model/specs/dli-3.ts';
import { DLI_4_VARIANTS } from '../src/analytics/model/specs/dli-4.ts';
import { robustness } from '../src/analytics/model/validation/robustness.ts';
import { dli4Targets } from '../src/analytics/model/validation/targets.ts';
import { round } from '../src/analytics/stats/round.ts';
import { toDayNumber } from '../src/timeseries/dates.ts';
import { mark, NOW, variantEvaluator } from './variant-evaluation.ts';

const evaluate = await variantEvaluator(dli4Targets);

const results = DLI_4_VARIANTS.map((v) => evaluate(v.id, v.spec));
const reference = evaluate('dli-3', DLI_3);
const all = [...results, reference];
const out = (line: string) => process.stdout.write(`${line}\n`);

out(`data: real files, now = ${NOW}\n\nin-sample criteria (2005–2018; these choose):`);
out(
  `| variant | ${results[0]!.inSample.map((t) => `${t.id} ${t.target}`).join(' | ')} | met | monotonicity violations |`,
);
out(`|---|${results[0]!.inSample.map(() => '---').join('|')}|---|---|`);
const checks = new Map<string, ReturnType<typeof robustness>>();
for (const r of all) {
  const c = robustness(r.run);
  checks.set(r.id, c);
  const met = r.inSample.filter((t) => t.pass).length;
  out(
    `| ${r.id} | ${r.inSample.map(mark).join(' | ')} | ${met} | ${c ? `${c.monotonicity.violations} / ${c.monotonicity.checks}` : 'n/a'} |`,
  );
}
out('\ntargets on the whole history (reported, never used to choose):');
out(`| variant | ${results[0]!.targets.map((t) => t.id).join(' | ')} | met |`);
out(`|---|${results[0]!.targets.map(() => '---').join('|')}|---|`);
for (const r of all)
  out(
    `| ${r.id} | ${r.targets.map(mark).join(' | ')} | ${r.targets.filter((t) => t.pass).length} of ${r.targets.length} |`,
  );

const PERIODS = [
  ['QE 2009-03 → 2014-10', '2009-03-18', '2014-10-29'],
  ['2020-06 → 2021-12', '2020-06-01', '2021-12-31'],
  ['ON RRP drain 2023-06 → 2024-08', '2023-06-01', '2024-08-30'],
  ['QT1 2017-10 → 2019-09', '2017-10-02', '2019-09-30'],
  ['2025-H2', '2025-07-01', '2025-12-31'],
] as const;
out('\nthe level (fixed 0–100 scale): median per period, and the share of days with a reading');
out(`| variant | ${PERIODS.map(([name]) => name).join(' | ')} | days with a reading |`);
out(`|---|${PERIODS.map(() => '---').join('|')}|---|`);
for (const r of all) {
  const level = r.run.level ?? r.run.aggregate;
  const medians = PERIODS.map(([, from, to]) => {
    const xs: number[] = [];
    for (let g = 0; g < r.run.grid.length; g++)
      if (r.run.grid[g]! >= toDayNumber(from) && r.run.grid[g]! <= toDayNumber(to) && !Number.isNaN(level[g]!))
        xs.push(100 * level[g]!);
    xs.sort((a, b) => a - b);
    return xs.length ? String(round(xs[Math.floor(xs.length / 2)]!, 1)) : 'n/a';
  });
  const scored = r.run.headline.filter((h) => !Number.isNaN(h)).length;
  const reading = r.run.reading.reduce((a, b) => a + b, 0);
  out(`| ${r.id} | ${medians.join(' | ')} | ${reading} of ${scored} (${round((100 * reading) / scored, 1)} %) |`);
}
for (const r of all) {
  const c = checks.get(r.id);
  if (c)
    out(
      `${r.id}: composition moves ${c.stability.maxMovePoints} points at most (${c.stability.worstDate}), ${c.stability.daysOverLimit} days over ${c.stability.limitPoints}; drivers add up on ${c.drivers.sumMatches} of ${c.drivers.days} days`,
    );
}

// The protocol's rule: among variants with no monotonicity violation and composition moves within the limit, the
// most in-sample criteria met; ties go to the higher in-sample AUROC, then to fewer inputs.
const eligible = results.filter((r) => {
  const c = checks.get(r.id);
  return c !== null && c !== undefined && c.monotonicity.violations === 0 && c.stability.daysOverLimit === 0;
});
eligible.sort(
  (a, b) =>
    b.inSample.filter((t) => t.pass).length - a.inSample.filter((t) => t.pass).length ||
    (b.auc ?? 0) - (a.auc ?? 0) ||
    a.spec.scored.length - b.spec.scored.length,
);
out(`\nchosen by the in-sample rule: ${eligible[0]?.id ?? 'none (no variant meets the guarantees)'}`);
