/**
 * The dli-3 selection, as fixed in docs/dli-3-protocol.md: loads the real files through the replay server, runs
 * every pre-registered variant, prints its in-sample criteria (2005–2018, used to choose), the targets T1–T8 on
 * the whole history (reported, never used to choose), the guarantees checked on every day, and the variant the
 * in-sample rule chooses. dli-2 is printed beside them. `npm run bench:variants`
 */

import { DLI_2 } from '../src/analytics/model/specs/dli-2.ts';
import { DLI_3_VARIANTS } from '../src/analytics/model/specs/dli-3.ts';
import { robustness } from '../src/analytics/model/validation/robustness.ts';
import { dli3Targets } from '../src/analytics/model/validation/targets.ts';
import { mark, NOW, variantEvaluator } from './variant-evaluation.ts';

const evaluate = await variantEvaluator(dli3Targets);

const results = DLI_3_VARIANTS.map((v) => evaluate(v.id, v.spec));
const reference = evaluate('dli-2', DLI_2);

process.stdout.write(`data: real files, now = ${NOW}\n\nin-sample criteria (2005–2018; these choose):\n`);
process.stdout.write(
  `| variant | ${results[0]!.inSample.map((t) => `${t.id} ${t.target}`).join(' | ')} | met | monotonicity violations |\n`,
);
process.stdout.write(`|---|${results[0]!.inSample.map(() => '---').join('|')}|---|---|\n`);
const checks = new Map<string, ReturnType<typeof robustness>>();
for (const r of [...results, reference]) {
  const c = robustness(r.run);
  checks.set(r.id, c);
  const met = r.inSample.filter((t) => t.pass).length;
  process.stdout.write(
    `| ${r.id} | ${r.inSample.map(mark).join(' | ')} | ${met} | ${c ? `${c.monotonicity.violations} / ${c.monotonicity.checks}` : 'n/a'} |\n`,
  );
}
process.stdout.write(`\ntargets on the whole history (reported, never used to choose):\n`);
process.stdout.write(
  `| variant | ${results[0]!.targets.map((t) => t.id).join(' | ')} | met |\n|---|${results[0]!.targets.map(() => '---').join('|')}|---|\n`,
);
for (const r of [...results, reference])
  process.stdout.write(
    `| ${r.id} | ${r.targets.map(mark).join(' | ')} | ${r.targets.filter((t) => t.pass).length} of 8 |\n`,
  );
for (const r of [...results, reference]) {
  const c = checks.get(r.id);
  if (c) process.stdout.write(`${r.id}: composition moves ${JSON.stringify(c.stability)}\n`);
}

// The protocol's rule: most in-sample criteria met among variants with no monotonicity violation; ties go to
// the higher in-sample AUROC, then to fewer inputs.
const eligible = results.filter((r) => (checks.get(r.id)?.monotonicity.violations ?? 1) === 0);
eligible.sort(
  (a, b) =>
    b.inSample.filter((t) => t.pass).length - a.inSample.filter((t) => t.pass).length ||
    (b.auc ?? 0) - (a.auc ?? 0) ||
    a.spec.scored.length - b.spec.scored.length,
);
process.stdout.write(
  `\nchosen by the in-sample rule: ${eligible[0]?.id ?? 'none (every variant has a monotonicity violation)'}\n`,
);
