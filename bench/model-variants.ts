/**
 * The record of the model variants tried for dli-1 (docs/methodology.md, "What was tried"). Loads the real
 * files through the replay server, runs each variant and prints its Spearman correlation with NFCI and STLFSI4
 * on Fridays: in-sample 2005–2018 (used to choose), out-of-sample 2019 onwards and since 2023 (reported, not
 * used to choose). `node bench/model-variants.ts`
 */

import { computeModel, type ModelRun } from '../src/analytics/model/liquidity-model.ts';
import { type PointInTimeSeries, pointInTime, sampleOnGrid } from '../src/analytics/model/point-in-time.ts';
import { DLI_1, type GroupSpec, type ModelSpec, type ScoredIndicator } from '../src/analytics/model/spec.ts';
import { spearman } from '../src/analytics/stats/spearman.ts';
import { loadVintagedSeries } from '../src/store/observations.ts';
import { publicationLagDays, seriesDef } from '../src/timeseries/catalog.ts';
import { toDayNumber } from '../src/timeseries/dates.ts';
import { CATALOG } from '../src/timeseries/series.ts';
import { createHarness } from '../test/support/harness.ts';
import { hasRealData, realReplayData } from '../test/support/replay-data.ts';

if (!hasRealData()) {
  process.stdout.write('needs ../shared/data/real\n');
  process.exit(0);
}
const h = await createHarness({ data: realReplayData(), now: new Date('2026-09-01T12:00:00Z') });
await h.refresh();
const vintaged = await loadVintagedSeries(h.store.db);
const inputs = new Map([...vintaged].map(([id, s]) => [id, pointInTime(s, publicationLagDays(seriesDef(id)!))]));
const blank = new Set(CATALOG.filter((d) => d.blankMeansZero).map((d) => d.id));
await h.close();

// The first draft, which failed validation (see docs/methodology.md): every variant below is relative to it.
const DRAFT: ModelSpec = {
  version: 'dli-1-draft',
  groups: DLI_1.groups.map((g) => ({ ...g, weight: { policy: 0.3, funding: 0.2, credit: 0.25, risk: 0.25 }[g.id] })),
  scored: DLI_1.scored.map((s) =>
    s.id === 'fed-balance-sheet' || s.id === 'tga'
      ? { ...s, transform: { kind: 'change' as const, days: 364 } }
      : s.id === 'real-yield-10y' || s.id === 'dollar-index'
        ? { ...s, transform: { kind: 'level' as const } }
        : s,
  ),
};

const withTransform = (scored: readonly ScoredIndicator[], ids: string[], days: number) =>
  scored.map((s) => (ids.includes(s.id) ? { ...s, transform: { kind: 'change' as const, days } } : s));
const withWeights = (weights: Record<string, number>): GroupSpec[] =>
  DRAFT.groups.map((g) => ({ ...g, weight: weights[g.id]! }));

const variants: Array<[string, ModelSpec]> = [
  ['A draft: levels for risk, 1y changes for Fed BS and TGA, weights .30/.20/.25/.25', DRAFT],
  [
    'B risk: real yield and dollar as 1y changes',
    { ...DRAFT, scored: withTransform(DRAFT.scored, ['real-yield-10y', 'dollar-index'], 364) },
  ],
  [
    'C policy: Fed BS and TGA as 13-week changes',
    { ...DRAFT, scored: withTransform(DRAFT.scored, ['fed-balance-sheet', 'tga'], 91) },
  ],
  [
    'D weights .20/.20/.30/.30',
    { ...DRAFT, groups: withWeights({ policy: 0.2, funding: 0.2, credit: 0.3, risk: 0.3 }) },
  ],
  [
    'E = B + D',
    {
      ...DRAFT,
      scored: withTransform(DRAFT.scored, ['real-yield-10y', 'dollar-index'], 364),
      groups: withWeights({ policy: 0.2, funding: 0.2, credit: 0.3, risk: 0.3 }),
    },
  ],
  [
    'F = B + C + D (released as dli-1)',
    {
      ...DRAFT,
      scored: withTransform(
        withTransform(DRAFT.scored, ['real-yield-10y', 'dollar-index'], 364),
        ['fed-balance-sheet', 'tga'],
        91,
      ),
      groups: withWeights({ policy: 0.2, funding: 0.2, credit: 0.3, risk: 0.3 }),
    },
  ],
  ['dli-1 as released (must equal F)', DLI_1],
];

function rho(run: ModelRun, benchmark: PointInTimeSeries, from: string, to: string): string {
  const fridays: number[] = [];
  for (let g = 0; g < run.grid.length; g++) if ((run.grid[g]! + 4) % 7 === 5) fridays.push(g);
  const days = Int32Array.from(fridays.map((g) => run.grid[g]!));
  const values = sampleOnGrid(benchmark, days, 14).values;
  const x: number[] = [];
  const y: number[] = [];
  fridays.forEach((g, w) => {
    if (days[w]! < toDayNumber(from) || days[w]! > toDayNumber(to)) return;
    if (Number.isNaN(run.headline[g]!) || Number.isNaN(values[w]!)) return;
    x.push(run.headline[g]!);
    y.push(values[w]!);
  });
  return `${spearman(x, y).toFixed(3)} (n=${x.length})`;
}

process.stdout.write(
  '| variant | NFCI 2005–2018 | STLFSI4 2005–2018 | NFCI 2019– | STLFSI4 2019– | NFCI 2023– | STLFSI4 2023– |\n|---|---|---|---|---|---|---|\n',
);
for (const [name, spec] of variants) {
  const run = computeModel(inputs, '2026-09-01', blank, spec);
  const cells = [
    ['nfci', '2005-01-01', '2018-12-31'],
    ['stlfsi4', '2005-01-01', '2018-12-31'],
    ['nfci', '2019-01-01', '2026-12-31'],
    ['stlfsi4', '2019-01-01', '2026-12-31'],
    ['nfci', '2023-01-01', '2026-12-31'],
    ['stlfsi4', '2023-01-01', '2026-12-31'],
  ].map(([id, from, to]) => rho(run, inputs.get(id!)!, from!, to!));
  process.stdout.write(`| ${name} | ${cells.join(' | ')} |\n`);
}
