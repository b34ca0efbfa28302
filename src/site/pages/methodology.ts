import { LEVEL_WORDS, MIN_LIVE_WEIGHT, STATUS_THRESHOLDS as T } from '../../publish/resources/model.ts';
import { isIndicatorId } from '../../timeseries/catalog.ts';
import { partsChart } from '../charts/parts.ts';
import { contents } from '../page/contents.ts';
import {
  type Block,
  heading,
  headingId,
  type Inline,
  inlines,
  lead,
  list,
  type Page,
  paragraph,
  prose,
  table,
} from '../page/page.ts';
import { groupWeightText, type SiteData } from '../site-data.ts';
import { versionBody, versionTitle } from './changelog.ts';

type Model = NonNullable<SiteData['model']>;
type Validation = NonNullable<Model['validation']>;

const rho = (x: number | null) => (x === null ? 'n/a' : x.toFixed(3));

/** The headline's Spearman ρ with a benchmark over a period, the benchmark `lead` weeks later ("n/a" without one). */
function rhoAt(validation: Validation, benchmark: string, period: string, lead = 0): string {
  const found = validation.correlations.find(
    (c) => c.benchmark === benchmark && c.period === period && c.leadWeeks === lead,
  );
  return rho(found?.rho ?? null);
}

/**
 * /methodology, written for readers first: what the headline measures and how to read it, how the model works
 * in words, how well it has done (in plain words, then the figures), the versions — and only then the formulas
 * (the methodology document, with its own section links). A table of contents links every section (contents()).
 */
export function methodologyPage(data: SiteData): Page {
  const model = data.model;
  const formulas = protocolLinks(data.methodologyMarkdown.replace(/^# .*\n/, ''), data.protocols);
  const formulaSections = markdownSections(formulas);
  const sections: Block[] = [...readingBlocks(model), ...howItWorksBlocks(model), ...partsBlocks(data)];
  if (model?.validation)
    sections.push(...plainValidation(model.validation), {
      kind: 'details',
      summary: `The figures: ${model.version} on the data stored now (correlations, crisis checks, targets, guarantees)`,
      id: 'validation-figures',
      blocks: [
        ...correlationBlocks(model, model.validation),
        ...crisisBlocks(model.validation),
        ...targetBlocks(model, model.validation, data.protocols),
        ...guaranteeBlocks(model, model.validation.robustness),
      ],
    });
  if (model) sections.push(...versionBlocks(model));
  // The formulas, section by section, each one click away: the reader's page above stays short on a phone, and
  // every section and its anchors are still on this page.
  sections.push(
    heading(2, 'The formulas', 'formulas'),
    prose(
      'Everything needed to rebuild the model from the text, section by section (open one to read it; the whole document is also at [/methodology.md](/methodology.md)).',
    ),
    ...formulaSections.map(
      (section): Block => ({
        kind: 'details',
        summary: section.text,
        id: section.id,
        blocks: [{ kind: 'markdown', source: section.body }],
      }),
    ),
    ...protocolBlocks(data.protocols),
  );
  const blocks: Block[] = [
    lead(
      'The headline measures how tight US-dollar liquidity is compared with the past five years: 0 is the loosest day of those five years, 100 the tightest. It describes conditions as they are; it is not a forecast of markets.',
    ),
    contents(sections),
    ...sections,
  ];
  return {
    path: '/methodology',
    title: 'Methodology',
    description: `What the ${model?.version ?? 'liquidity'} headline measures, how to read it, how it is computed and how well it has done.`,
    blocks,
  };
}

/**
 * The methodology's links to the protocols ("dli-4-protocol.md", relative to docs/ in the repository) made links to
 * their pages on this site, and its mentions of them ("docs/dli-3-protocol.md") links too.
 */
function protocolLinks(markdown: string, protocols: SiteData['protocols']): string {
  const served = new Set(protocols.map((p) => p.slug));
  return markdown
    .replace(/\]\((dli-\d+-protocol)\.md\)/g, (whole, slug: string) =>
      served.has(slug) ? `](/methodology/${slug})` : whole,
    )
    .replace(/(?<![[`/])docs\/(dli-\d+-protocol)\.md(?!`?\])/g, (whole, slug: string) =>
      served.has(slug) ? `[${whole}](/methodology/${slug})` : whole,
    );
}

/** The protocols, each a page of its own, listed with links (the deep material one click away). */
function protocolBlocks(protocols: SiteData['protocols']): Block[] {
  if (protocols.length === 0) return [];
  return [
    heading(2, 'The selection protocols', 'protocols'),
    {
      kind: 'list',
      items: protocols.map((p) => [
        { text: protocolTitle(p.markdown, p.slug), href: `/methodology/${p.slug}` },
        ' — committed before its variants were run on the test years.',
      ]),
    },
  ];
}

/** A protocol's title: its first "# " heading, else its slug. */
function protocolTitle(markdown: string, slug: string): string {
  return /^# (.+)$/m.exec(markdown)?.[1]?.replaceAll('`', '') ?? slug;
}

/** /methodology/dli-4-protocol: a protocol as written in the repository. */
export function protocolPage(protocol: SiteData['protocols'][number]): Page {
  const title = protocolTitle(protocol.markdown, protocol.slug);
  return {
    path: `/methodology/${protocol.slug}`,
    title,
    description: `${title}: the variants and the criteria, committed before any variant was run on the test years.`,
    blocks: [
      prose('Part of the [methodology](/methodology#protocols).'),
      { kind: 'markdown', source: protocol.markdown.replace(/^# .*\n/, '') },
    ],
  };
}

/** How the level is made, day by day: each group's part of it over the whole history (the same chart as on /). */
function partsBlocks(data: SiteData): Block[] {
  const chart = partsChart(data);
  if (!chart) return [];
  return [
    heading(3, 'The parts of the level over time', 'level-parts'),
    paragraph(
      'Each group’s contribution to the level, in level points: they add up to the level (the line). A day’s own parts are on its page (',
      { text: 'the latest day', href: `/today/${data.history!.to}` },
      ').',
    ),
    chart,
  ];
}

function readingBlocks(model: Model | undefined): Block[] {
  const off = model?.thresholds.riskOffAtOrAbove ?? T.riskOffAtOrAbove;
  const on = model?.thresholds.riskOnAtOrBelow ?? T.riskOnAtOrBelow;
  return [
    heading(2, 'How to read it', 'how-to-read'),
    list(
      ...[
        `**Headline, 0–100: **the share of the past five years’ days that were looser than today. ${off} and above is **risk-off** (tight), ${on} and below **risk-on** (loose), in between neutral.`,
        `**Level, 0–100: **the same aggregate on its own fixed scale, not ranked against anything: ${LEVEL_WORDS.map((b, k) => `${b.from}–${LEVEL_WORDS[k + 1]?.from ?? 100} ${b.words}`).join(', ')}. The headline is the level’s rank in five years; the level says how tight in absolute terms, and each group’s part of it is published.`,
        `**Provisional: **a day whose fresh data covers under ${Math.round(100 * MIN_LIVE_WEIGHT)} % of the model’s weight has a headline and a level but no status, and is never stated as a verdict.`,
        `**Momentum: **the change of the headline over ${model?.thresholds.momentumDays ?? T.momentumDays} days; ${model?.thresholds.momentumPoints ?? T.momentumPoints} points or more is a move (improving = looser, deteriorating = tighter).`,
        '**Confidence: **how many inputs and groups report, and whether they are fresh; low confidence means the reading rests on few inputs.',
        '**Drivers: **which inputs moved the reading over the week, and by how much; their changes add up to the aggregate’s change.',
        '**One scale on this site. **The API also serves `compositeScore`, the same reading on a −1 … +1 scale where positive means easy: compositeScore = (50 − headline) / 50. The site shows only the headline, so that higher always means tighter.',
      ].map(inlines),
    ),
  ];
}

function howItWorksBlocks(model: Model | undefined): Block[] {
  if (!model) return [];
  return [
    heading(2, 'How it works', 'how-it-works'),
    paragraph(
      `${model.version} scores ${model.groups.reduce((n, g) => n + g.indicators.length, 0)} inputs in ${model.groups.length} groups: how ample reserves are, which way net liquidity flows (less the Fed’s crisis lending, which is not easing), where overnight funding trades against the Fed’s floor, and whether the Fed’s dollar backstops are being drawn. Each input becomes a tightness reading from 0 (loosest) to 1 (tightest): reserves / bank assets on the Fed’s own scale (13 % or more reads 0, 8 % or less reads 1), a new draw on a backstop on a log scale of dollars, fading over 13 weeks, the others ranked against their own past five years. The aggregate is the weighted mean of the readings, smoothed over 10 business days; the backstops put a floor under it. The result is the level, on its own fixed 0–100 scale; the headline is where the level ranks among the past five years of levels computed with the same inputs as today. Because the weights never depend on the values, making any input tighter can never lower the level or the headline.`,
    ),
    table(
      ['Group', 'Nominal weight', 'Inputs (how each is read; a rise means)'],
      model.groups.map((g) => [
        [g.name],
        [groupWeightText(g)],
        g.indicators.flatMap((i, k): Inline[] => [
          ...(k > 0 ? ['; '] : []),
          isIndicatorId(i.id) ? { text: i.id, href: `/indicators/${i.id}` } : { text: i.id, href: `/api/model` },
          ` (${i.transform}; ${i.risingIsTighter ? 'tighter' : 'easier'})`,
        ]),
      ]),
      'Groups, their nominal weights, and their inputs',
    ),
    prose(
      `**Three kinds of weight, each labelled where it appears. **The group weight above is nominal; each input gets an equal share of its group (its nominal weight). An input carries no weight before its first reading, so the weight it carries on a day (shown on the dashboard as “weight today”) can differ from the nominal one; from then on it keeps its weight, and on a day without current data it keeps its last reading (held, and named missing), so a stopped input never moves the headline by itself. The comparison is like with like: today’s level is ranked against a history in which each past day is computed with the inputs it had then. A day has a status only when inputs carrying at least ${Math.round(100 * MIN_LIVE_WEIGHT)} % of the nominal weight have fresh data; newer days are provisional, published without a status. A status change needs confirmation: risk-off starts at ${model.thresholds.riskOffAtOrAbove} and lasts until the headline falls below ${model.thresholds.riskOffUntilBelow}; risk-on starts at ${model.thresholds.riskOnAtOrBelow} and lasts until it rises above ${model.thresholds.riskOnUntilAbove}.`,
    ),
  ];
}

/** The validation in words, from the figures recomputed at the last refresh. */
function plainValidation(validation: Validation): Block[] {
  const hits = validation.crises.filter((c) => c.hit === true).length;
  const scored = validation.crises.filter((c) => c.hit !== null).length;
  return [
    heading(2, 'How well it works', 'how-well'),
    list(
      [
        `It moves with the two public financial-stress indices, but loosely: rank correlation ${rhoAt(validation, 'nfci', 'full')} with the Chicago Fed’s NFCI and ${rhoAt(validation, 'stlfsi4', 'full')} with the St. Louis Fed’s STLFSI4 over the whole history (1 would be lockstep, 0 unrelated). On the years kept aside when the model was chosen: ${rhoAt(validation, 'nfci', 'out-of-sample')} and ${rhoAt(validation, 'stlfsi4', 'out-of-sample')}.`,
      ],
      [
        `It passed ${hits} of the ${scored} stress checks fixed in advance (the headline reaching risk-off, or the funding group spiking, within days of each event; see the crisis table below).`,
      ],
      inlines(
        'It is not a timing signal: returns of stocks, bitcoin and gold after risk-on and risk-off readings are not reliably different (see [markets](/markets#backtest)).',
      ),
    ),
  ];
}

/** The Markdown's "## " sections: each heading's text and anchor, and the section's body under it. */
function markdownSections(source: string): Array<{ text: string; id: string; body: string }> {
  const parts = source.split(/^(?=## )/m);
  return parts.flatMap((part) => {
    const heading = /^## (.+)\n/.exec(part);
    if (!heading) return [];
    const text = heading[1]!.replaceAll('`', '');
    return [{ text, id: headingId(text), body: part.slice(heading[0].length) }];
  });
}

/** Spearman ρ of the headline with each benchmark, at leads of 0, 4 and 13 weeks. */
function correlationBlocks(model: Model, validation: Validation): Block[] {
  const lead0 = validation.correlations.filter((c) => c.leadWeeks === 0);
  return [
    heading(3, `The figures: ${model.version} on the data stored now`, 'validation-figures'),
    paragraph(
      `Recomputed at the last refresh (${model.computedAt}) from the stored series. Spearman ρ of the headline with each benchmark on Fridays, the benchmark k weeks later; in brackets the 90 % block-bootstrap interval. The model was chosen on the in-sample period only.`,
    ),
    table(
      ['Benchmark', 'Period', 'ρ (k = 0)', '90 % interval', 'k = 4', 'k = 13', 'n'],
      lead0.map((c) => [
        [c.benchmark.toUpperCase()],
        [c.period],
        [rho(c.rho)],
        [c.interval90 ? c.interval90.map((x) => x.toFixed(2)).join(' to ') : 'n/a'],
        [rhoAt(validation, c.benchmark, c.period, 4)],
        [rhoAt(validation, c.benchmark, c.period, 13)],
        [String(c.n)],
      ]),
    ),
  ];
}

function crisisBlocks(validation: Validation): Block[] {
  return [
    heading(3, 'Crisis checks'),
    table(
      ['Event', 'Test', 'Result'],
      validation.crises.map((c) => [
        [`${c.name} (${c.date})`],
        [c.test],
        [
          c.hit === null
            ? 'not scored'
            : c.hit
              ? `hit: highest ${c.peak} in the window, first at the bar on ${c.firstHit}`
              : `miss: highest ${c.peak} in the window`,
        ],
      ]),
    ),
    {
      kind: 'paragraph',
      aside: true,
      inlines: [
        'The highest reading within the window is not the reading of the event’s own day: that is on the day’s archive page, from the same history.',
      ],
    },
  ];
}

/** The version's targets, pass or fail, with how they were set. */
function targetBlocks(model: Model, validation: Validation, protocols: SiteData['protocols']): Block[] {
  if (validation.targets.length === 0) return [];
  const protocol = protocols.find((p) => p.slug === `${model.version}-protocol`);
  return [
    heading(3, `The ${model.version} targets, pass or fail`),
    paragraph(
      'Set by studies that had already seen 2019–2025, so they are not a blind test; the version was chosen on 2005–2018 by the rule in ',
      protocol ? { text: 'its protocol', href: `/methodology/${protocol.slug}` } : 'its protocol',
      ', not for these figures.',
    ),
    table(
      ['Target', 'Measured on this history', 'Result'],
      validation.targets.map((t) => [
        [`${t.id}: ${t.target}`],
        [t.figure],
        [t.pass === null ? 'not covered' : t.pass ? 'met' : 'not met'],
      ]),
    ),
  ];
}

function guaranteeBlocks(model: Model, r: Validation['robustness']): Block[] {
  if (!r) return [];
  return [
    heading(3, 'Guarantees, checked on every day'),
    list(
      [
        `Monotone: ${r.monotonicity.violations} violations in ${r.monotonicity.checks.toLocaleString('en-US')} checks (a tighter input never lowered the aggregate or the headline).`,
      ],
      [
        model.version === 'dli-2'
          ? `Stable: weights alone (inputs fading in or out) moved the headline by at most ${r.stability.maxMovePoints} points in a day; ${r.stability.daysOverLimit} of ${r.stability.days.toLocaleString('en-US')} days over ${r.stability.limitPoints}.`
          : `Composition: on the ${r.stability.days} days an input started (a stopped input keeps its last reading), the change alone moved the headline by at most ${r.stability.maxMovePoints} points in total over any 65 business days (target ${r.stability.limitPoints}: ${r.stability.daysOverLimit === 0 ? 'met' : `not met, ${r.stability.daysOverLimit} days over`}).`,
      ],
      [
        `Explainable: driver contributions added up to the level's move on ${r.drivers.sumMatches.toLocaleString('en-US')} of ${r.drivers.days.toLocaleString('en-US')} days.`,
      ],
    ),
  ];
}

/** The versions: the current one in full, each earlier one behind its own line (one click away). */
function versionBlocks(model: Model): Block[] {
  return [
    heading(2, 'Versions', 'versions'),
    ...model.versions.flatMap((v, k): Block[] =>
      k === 0
        ? [heading(3, versionTitle(v)), ...versionBody(v)]
        : [{ kind: 'details', summary: versionTitle(v), blocks: versionBody(v) }],
    ),
  ];
}
