import type { Block, Page } from '../page.ts';
import type { SiteData } from '../site-data.ts';

type Model = NonNullable<SiteData['model']>;
type Validation = NonNullable<Model['validation']>;

const rho = (x: number | null) => (x === null ? 'n/a' : x.toFixed(3));

/**
 * /methodology: the model's validation as recomputed at the last refresh (figures, crises, guarantees, the
 * versions and what changed), then the methodology document itself.
 */
export function methodologyPage(data: SiteData): Page {
  const model = data.model;
  const blocks: Block[] = [];
  if (model?.validation) blocks.push(...validationBlocks(model, model.validation));
  if (model) blocks.push(...versionBlocks(model));
  blocks.push({ kind: 'markdown', source: data.methodologyMarkdown.replace(/^# .*\n/, '') });
  return {
    path: '/methodology',
    title: 'Methodology',
    description: `How every published number is computed: data and publication lags, the ${model?.version ?? 'liquidity'} model and its changelog, validation, the lens and the correlation statistics.`,
    blocks,
  };
}

function validationBlocks(model: Model, validation: Validation): Block[] {
  const at = (benchmark: string, period: string, lead: number) =>
    validation.correlations.find((c) => c.benchmark === benchmark && c.period === period && c.leadWeeks === lead);
  const lead0 = validation.correlations.filter((c) => c.leadWeeks === 0);
  const blocks: Block[] = [
    { kind: 'heading', level: 2, text: `Validation of ${model.version} on the data stored now` },
    {
      kind: 'paragraph',
      inlines: [
        `Recomputed at the last refresh (${model.computedAt}) from the stored series. Spearman ρ of the headline with each benchmark on Fridays, the benchmark k weeks later; in brackets the 90 % block-bootstrap interval. The model was chosen on the in-sample period only.`,
      ],
    },
    {
      kind: 'table',
      header: ['Benchmark', 'Period', 'ρ (k = 0)', '90 % interval', 'k = 4', 'k = 13', 'n'],
      rows: lead0.map((c) => [
        [c.benchmark.toUpperCase()],
        [c.period],
        [rho(c.rho)],
        [c.interval90 ? `${c.interval90[0].toFixed(2)} to ${c.interval90[1].toFixed(2)}` : 'n/a'],
        [rho(at(c.benchmark, c.period, 4)?.rho ?? null)],
        [rho(at(c.benchmark, c.period, 13)?.rho ?? null)],
        [String(c.n)],
      ]),
    },
    { kind: 'heading', level: 3, text: 'Crisis checks' },
    {
      kind: 'table',
      header: ['Event', 'Test', 'Result'],
      rows: validation.crises.map((c) => [
        [`${c.name} (${c.date})`],
        [c.test],
        [c.hit === null ? 'not scored' : c.hit ? `hit (${c.peak}, ${c.firstHit})` : `miss (peak ${c.peak})`],
      ]),
    },
  ];
  const r = validation.robustness;
  if (r) {
    blocks.push(
      { kind: 'heading', level: 3, text: 'Guarantees, checked on every day' },
      {
        kind: 'list',
        items: [
          [
            `Monotone: ${r.monotonicity.violations} violations in ${r.monotonicity.checks.toLocaleString('en-US')} checks (a tighter input never lowered the aggregate or the headline).`,
          ],
          [
            `Stable: weights alone (inputs fading in or out) moved the headline by at most ${r.stability.maxMovePoints} points in a day; ${r.stability.daysOverLimit} of ${r.stability.days.toLocaleString('en-US')} days over ${r.stability.limitPoints}.`,
          ],
          [
            `Explainable: driver contributions added up to the aggregate's move on ${r.drivers.sumMatches.toLocaleString('en-US')} of ${r.drivers.days.toLocaleString('en-US')} days.`,
          ],
        ],
      },
    );
  }
  return blocks;
}

function versionBlocks(model: Model): Block[] {
  return [
    { kind: 'heading', level: 2, text: 'Versions' },
    ...model.versions.flatMap((v): Block[] => [
      {
        kind: 'heading',
        level: 3,
        text: `${v.version} (${v.status}, ${v.from}${v.to ? ` to ${v.to}` : ' onwards'})`,
      },
      { kind: 'paragraph', inlines: [v.summary] },
      { kind: 'list', items: v.changes.map((change) => [change]) },
    ]),
  ];
}
