import { dayReading } from '../../publish/model/day-reading.ts';
import { type RegimeBody, STATUS_THRESHOLDS as T } from '../../publish/resources/model.ts';
import { INDICATOR_COUNT, seriesDef } from '../../timeseries/catalog.ts';
import { addDays, everyInterval } from '../../timeseries/dates.ts';
import { headlineChart, historyCsv } from '../charts/headline.ts';
import { partsChart } from '../charts/parts.ts';
import { citationBlocks, headlineCitation } from '../citation.ts';
import { chartImages } from '../downloads.ts';
import { freshnessLine } from '../freshness-line.ts';
import { headlineColumns, historyCell, historyTable } from '../history-table.ts';
import { card } from '../indicator-cards.ts';
import { type Block, heading, type Inline, type Page, paragraph, prose, type Tone, table } from '../page/page.ts';
import {
  formatDate,
  formatSigned,
  groupShortName,
  groupWeightText,
  type SiteData,
  seriesPageHref,
} from '../site-data.ts';
import { THEMES } from '../themes.ts';
import { lastDayOnOrBefore } from '../weekly-note.ts';
import { EFFECT, type MissingInputs, regimeInWords } from '../words/regime.ts';

type GroupId = keyof RegimeBody['subIndices'];

/**
 * The dashboard, in the order a reader needs it: the reading in one sentence (and, above it, the banner when the
 * data is stale), the gauge with what it means, what moved it, the lens, the history, then the 25 series grouped
 * by theme, each with its frequency, data date, age and whether its last move eases or tightens liquidity.
 */
export function dashboardPage(data: SiteData): Page {
  const blocks: Block[] = [];
  const regime = data.regime;
  if (regime) {
    blocks.push(...readingFirst(data, regime), freshnessLine(data, regime), termsBlock(data, regime));
    blocks.push(wordsBlock(data, regime), ...readingBlocks(data, regime), ...driverBlocks(regime));
  } else {
    blocks.push({ kind: 'lead', inlines: [noReadingText(data)], tone: 'warn' });
  }
  if (data.lens) blocks.push(...lensBlocks(data));
  if (data.history && data.history.count > 0) blocks.push(...historyBlocks(data), ...wholeHistoryBlocks(data));
  blocks.push(heading(2, `The ${INDICATOR_COUNT} series`, 'series'));
  blocks.push(
    paragraph(
      'Latest value, how often it is published, the date of its data and when the next print is due (an estimate from the frequency and the usual publication lag); the badge says how old the data is when the provider has published nothing newer, or that our refresh failed. ▲▼ the last move, green if it eases dollar liquidity, red if it tightens it; a move older than two months is shown grey, with its date.',
    ),
  );
  const byId = new Map(data.indicators.map((i) => [i.def.id, i]));
  for (const theme of THEMES) {
    blocks.push(
      heading(3, theme.title, `theme-${theme.id}`),
      { kind: 'paragraph', inlines: [theme.summary], aside: true },
      {
        kind: 'cards',
        items: theme.ids.flatMap((id) => (byId.has(id) ? [card(byId.get(id)!, data.generatedAt.slice(0, 10))] : [])),
      },
    );
  }
  blocks.push(...citationBlocks(headlineCitation(data)));
  return {
    path: '/',
    title: 'US-dollar liquidity dashboard',
    description: regime
      ? `${regime.summary}${weekText(data, regime)} Refreshed ${everyInterval(data.refreshIntervalHours)}.`
      : `The current US-dollar liquidity regime and ${INDICATOR_COUNT} indicators, refreshed ${everyInterval(data.refreshIntervalHours)}.`,
    blocks,
    // The reading comes first; the data's state is said after it, in the notice (freshness-line.ts).
    ownBanner: true,
  };
}

/** A status's colour: tight red, loose green. */
const STATUS_TONE: Record<RegimeBody['status'], Tone> = { 'risk-off': 'bad', neutral: 'neutral', 'risk-on': 'good' };

/**
 * The first screen: the reading — the headline with its status, the level on its fixed scale with its band, the
 * day it is for — then one plain sentence of what it means, the day's own words as every page states them
 * (publish/day-reading.ts: /api/regime's summary without the Fed's terms, which follow the notice).
 */
function readingFirst(data: SiteData, regime: RegimeBody): Block[] {
  // A reading that is not current is not drawn in a verdict's colour: the warning's.
  const tone = regime.freshness.state === 'current' ? STATUS_TONE[regime.status] : 'warn';
  return [
    {
      kind: 'stats',
      items: [
        {
          label: 'Headline',
          value: `${regime.percentile5y} / 100`,
          note: `${regime.status} · its rank in 5 years, 100 = tightest`,
          tone,
        },
        ...(regime.level === null
          ? []
          : [
              {
                label: 'Level',
                value: `${regime.level.toFixed(1)} / 100`,
                // The level's band in words (the model's LEVEL_BANDS, as /api/regime names it).
                note: `${(regime.levelBand ?? '').replace('-', ' ')} · the fixed scale, not a rank`,
              },
            ]),
        { label: 'Reading for', value: formatDate(regime.date), note: `model ${regime.modelVersion}` },
      ],
    },
    { kind: 'lead', inlines: [plainSentence(data, regime)], tone },
  ];
}

/** The day's plain sentence (rank and fixed scale, without the Fed's terms), as the day's page and the API say it. */
function plainSentence(data: SiteData, regime: RegimeBody): string {
  const i = data.history?.dates.lastIndexOf(regime.date) ?? -1;
  return data.history && i >= 0 ? dayReading(data.history, i).sentence : regime.summary;
}

/**
 * The rest of /api/regime's summary — the Fed's own terms, each with its date — then which way the headline moved in
 * a week and, where the status is not what the day's headline alone would say, the hysteresis that keeps it.
 */
function termsBlock(data: SiteData, regime: RegimeBody): Block {
  const plain = plainSentence(data, regime);
  // The summary is the plain sentence with the Fed's terms after a colon where it ends: those are what is added.
  const stem = plain.replace(/\.$/, ': ');
  const terms = regime.summary.startsWith(stem)
    ? `In the Fed's own terms: ${regime.summary.slice(stem.length)}`
    : regime.summary;
  return paragraph(`${terms}${weekText(data, regime)}${confirmation(data, regime)}`);
}

/** Which way the headline moved since the last reading at least a week before, in words ("" without one). */
function weekText(data: SiteData, regime: RegimeBody): string {
  const history = data.history;
  if (!history || history.count === 0) return '';
  const i = lastDayOnOrBefore(history, addDays(regime.date, -(data.model?.thresholds.momentumDays ?? T.momentumDays)));
  if (i < 0) return '';
  const week = regime.percentile5y - history.headline[i]!;
  if (week === 0) return ' The headline is unchanged from a week earlier.';
  return ` The headline ${week > 0 ? 'rose' : 'fell'} ${Math.abs(week)} point${Math.abs(week) === 1 ? '' : 's'} in a week (${regime.momentum}).`;
}

/** Why the status is not what the day's headline alone would say: it waits for confirmation (hysteresis). */
function confirmation(data: SiteData, regime: RegimeBody): string {
  const t = data.model?.thresholds;
  const off = t?.riskOffAtOrAbove ?? T.riskOffAtOrAbove;
  const on = t?.riskOnAtOrBelow ?? T.riskOnAtOrBelow;
  const alone = regime.percentile5y >= off ? 'risk-off' : regime.percentile5y <= on ? 'risk-on' : 'neutral';
  if (alone === regime.status) return '';
  return ` The status stays ${regime.status} until the move is confirmed (risk-off lasts until the headline falls below ${t?.riskOffUntilBelow ?? off}, risk-on until it rises above ${t?.riskOnUntilAbove ?? on}).`;
}

/** What the regime measures, today, in the words a trader uses (one line per group, naming missing inputs). */
function wordsBlock(data: SiteData, regime: RegimeBody): Block {
  const missing: MissingInputs = {};
  const silent = new Set<keyof MissingInputs>();
  for (const group of data.model?.groups ?? []) {
    const id = group.id as keyof MissingInputs;
    const absent = group.indicators
      .filter((i) => regime.coverage.missing.includes(i.id))
      .map((i) => ({ id: i.id, name: seriesDef(i.id)?.name ?? i.id }));
    missing[id] = absent;
    if (absent.length === group.indicators.length) silent.add(id);
  }
  const lines = regimeInWords(regime.subIndices, missing, silent, flowSpan(data)).filter((line) => line !== '');
  return { kind: 'list', items: lines.map((line) => [line]) };
}

/** The net-liquidity flow's window in words, from the model's description ("change over 182 days" → "182 days"). */
function flowSpan(data: SiteData): string | undefined {
  const transforms = (data.model?.groups ?? []).flatMap((g) => g.indicators).map((i) => i.transform);
  return transforms.map((t) => /^change over (\d+ days)/.exec(t)?.[1]).find((span) => span !== undefined);
}

function readingBlocks(data: SiteData, regime: RegimeBody): Block[] {
  const off = data.model?.thresholds.riskOffAtOrAbove ?? T.riskOffAtOrAbove;
  const on = data.model?.thresholds.riskOnAtOrBelow ?? T.riskOnAtOrBelow;
  return [
    heading(2, 'The reading', 'reading'),
    {
      kind: 'row',
      blocks: [
        {
          kind: 'image',
          src: '/charts/headline-gauge.svg',
          alt: `Gauge at ${regime.percentile5y} of 100 (${regime.status}); green up to ${on} is loose, red from ${off} is tight.`,
          width: 320,
          height: 220,
          small: true,
          caption: `0 = the loosest day of the past five years, 100 = the tightest. ${off} and above is risk-off (tight), ${on} and below risk-on (loose).`,
        },
        {
          kind: 'stats',
          // The headline and the level are the first screen's; beside the gauge, what qualifies them.
          items: [
            {
              label: 'Last 7 days',
              value: regime.momentum,
              note: `± ${data.model?.thresholds.momentumPoints ?? T.momentumPoints} points or more counts as a move`,
            },
            {
              label: 'Confidence',
              value: regime.confidence,
              note: confidenceBasis(data, regime),
            },
            {
              label: 'Reading for',
              value: formatDate(regime.date),
              note: `newest input ${formatDate(regime.dataAsOf)} · model ${regime.modelVersion}`,
              ...(regime.freshness.state === 'current' ? {} : { tone: 'warn' as const }),
            },
          ],
        },
      ],
    },
    ...contributionBlocks(data, regime),
    ...(regime.freshness.state === 'last-good'
      ? [paragraph({ strong: 'Last good result: ' }, regime.freshness.reason ?? '')]
      : []),
  ];
}

/** How the level is made on the reading's day: each group's reading and its part of the level, which add up to it. */
function contributionBlocks(data: SiteData, regime: RegimeBody): Block[] {
  if (regime.level === null || !regime.contributions) return [];
  const groups = (data.model?.groups ?? []).filter((g) => regime.contributions?.[g.id as GroupId] !== undefined);
  return [
    table(
      ['Group', 'Reading', 'Part of the level'],
      groups.map((g) => {
        const id = g.id as GroupId;
        const reading = regime.subIndices[id];
        return [
          [g.name],
          [reading === null ? 'n/a' : reading.toFixed(1)],
          [(regime.contributions?.[id] ?? 0).toFixed(1)],
        ];
      }),
      `How the level of ${regime.level.toFixed(1)} is made on ${formatDate(regime.date)}: each group's reading (0 loosest … 100 tightest) and its part of the level, in level points; the parts add up to the level`,
    ),
  ];
}

/** What moved the reading over the momentum window, in words: which series, which way, by how much. */
function driverBlocks(regime: RegimeBody): Block[] {
  // An input without current data (held at its last reading) moved nothing this week: it is not listed as a mover.
  const missing = new Set(regime.coverage.missing);
  const movers = regime.drivers.filter((d) => !missing.has(d.indicatorId)).slice(0, 6);
  if (movers.length === 0) return [];
  return [
    heading(3, 'What moved it this week', 'drivers'),
    {
      kind: 'list',
      items: movers.map((d): Inline[] => {
        const name = seriesDef(d.indicatorId)?.name ?? d.indicatorId;
        return [
          { text: name, href: seriesPageHref(d.indicatorId) },
          ` (${d.group}) ${EFFECT[d.direction]}: its share of the aggregate changed by ${formatSigned(d.contribution * 100, 1)} points; it carries ${(d.weight * 100).toFixed(0)} % of the weight today.`,
        ];
      }),
    },
    prose(
      'The aggregate is the weighted mean of the inputs’ percentiles (0 loosest … 100 tightest); the changes of the inputs’ shares add up to its change over the week. [How the model works](/methodology#how-it-works).',
    ),
  ];
}

function lensBlocks(data: SiteData): Block[] {
  const lens = data.lens!;
  const cell = lens.synthesis.cell;
  return [
    heading(2, 'In words', 'lens'),
    paragraph({ strong: `Posture ${cell.posture ?? 'n/a'}, pulse ${cell.pulse ?? 'n/a'}. ` }, lens.synthesis.narrative),
    paragraph({ text: 'The lens in full: quantity, price and structure, in eight languages', href: '/lens' }),
  ];
}

function historyBlocks(data: SiteData): Block[] {
  const history = data.history!;
  return [
    heading(2, 'Five years of the headline', 'history'),
    {
      ...headlineChart(
        1826,
        history.to,
        `${history.count.toLocaleString('en-US')} business days are scored, from ${formatDate(history.from)}: see the archive for any day.`,
      ),
      table: historyTable(history, 'The headline, last 30 business days', headlineColumns(history)),
    },
  ];
}

/**
 * The whole history: the headline shaded by regime, what the level is made of (each group's part, stacked), then each
 * sub-index of the model (its decomposition), each with its data as a table.
 */
function wholeHistoryBlocks(data: SiteData): Block[] {
  const history = data.history!;
  const groups = (data.model?.groups ?? []).filter((g) =>
    history.subIndices[g.id as keyof typeof history.subIndices]?.some((v) => v !== null),
  );
  const span = `${formatDate(history.from)} – ${formatDate(history.to)}`;
  const parts = partsChart(data);
  return [
    heading(2, 'The whole history, and what it is made of', 'whole-history'),
    {
      kind: 'chart',
      src: '/charts/headline-regimes.svg',
      alt: `Daily headline ${span}; red spans were risk-off, green spans risk-on.`,
      caption: `Every scored day, ${span}, shaded by the status the model published (risk-off red, risk-on green).`,
      data: [],
      downloads: [...historyCsv(history.to), ...chartImages('headline-regimes', history.to, 'headline-regimes')],
      table: historyTable(history, 'The headline and the status the model published', headlineColumns(history)),
    },
    ...(parts
      ? [
          heading(3, 'What the level is made of', 'parts'),
          paragraph(
            'Each group’s part of the level on its fixed 0–100 scale, day by day: which group carried a reading. The parts of the weighted mean are each group’s weight times its reading, averaged over the days the level is smoothed over (as the level is), so a day’s part moves less than that day’s reading; the backstops’ part is how far their floor lifts the level above that mean.',
          ),
          parts,
        ]
      : []),
    ...groups.map(
      (g): Block => ({
        kind: 'chart',
        src: `/charts/subindex-${g.id}.svg`,
        alt: `${g.name}: its reading from 0 (loosest) to 100 (tightest) every day, ${span}.`,
        caption: `${g.name} — ${g.role === 'floor' ? groupWeightText(g) : `${groupWeightText(g)} of the nominal weight`}. 0 = loosest, 100 = tightest reading.`,
        data: [{ url: '/api/history', label: g.name, field: `subIndices.${g.id}` }],
        head: { title: g.name, unit: '0 = loosest, 100 = tightest reading of its inputs', scale: 'percent' },
        downloads: [...historyCsv(history.to), ...chartImages(`subindex-${g.id}`, history.to, `subindex-${g.id}`)],
        table: historyTable(history, `${g.name}: its reading (0 loosest … 100 tightest)`, [
          {
            header: `${groupShortName(g.name)} (0–100)`,
            cell: (i) => historyCell(history.subIndices[g.id as keyof typeof history.subIndices][i]),
          },
        ]),
      }),
    ),
  ];
}

/** Why there is no reading: the last refresh failed (and why), or has not finished. */
function noReadingText(data: SiteData): string {
  const run = data.health.lastRefresh;
  const reasons = data.health.reasons.join(' ');
  if (run && run.status !== 'running' && run.status !== 'ok') {
    return `No reading yet: the last refresh ${run.status === 'failed' ? 'failed' : `ended ${run.status}`}${reasons ? ` (${reasons})` : ''}. Refreshes are retried automatically.`;
  }
  if (run?.status === 'ok') return `No reading yet: ${reasons || 'not enough history is stored to score a day.'}`;
  return 'No reading yet: the first refresh has not finished.';
}

/**
 * What the confidence is read from, in the rule's own terms (analytics/model/regime.ts meanConfidence): the inputs
 * of the weighted mean — not the backstops, which are a floor — how many of them report, how many of those on stale
 * data, and in how many of the mean's groups (the coverage's counts span every input, and would seem to break the
 * rule). Example: "4 of the 6 inputs of the mean report (1 on stale data), in 3 of 3 groups (the backstops are a
 * floor under the level, not in the mean)".
 */
function confidenceBasis(data: SiteData, regime: RegimeBody): string {
  const groups = data.model?.groups.filter((group) => group.role !== 'floor');
  const { coverage } = regime;
  if (!groups) return `${coverage.indicators} of ${coverage.totalIndicators} inputs report`;
  const reports = new Set([...coverage.fed, ...coverage.dormant]);
  const inputs = groups.flatMap((group) => group.indicators.map((indicator) => indicator.id));
  const reporting = inputs.filter((id) => reports.has(id));
  const stale = reporting.filter((id) => coverage.stale.includes(id)).length;
  const reportingGroups = groups.filter((group) => group.indicators.some((indicator) => reports.has(indicator.id)));
  const staleText = stale > 0 ? ` (${stale} on stale data)` : '';
  // Why these counts differ from /api/regime's coverage, which counts the floor's inputs too.
  const floor = data.model?.groups.find((group) => group.role === 'floor');
  const floorText = floor
    ? ` (the ${groupShortName(floor.name).toLowerCase()} are a floor under the level, not in the mean)`
    : '';
  return `${reporting.length} of the ${inputs.length} inputs of the mean report${staleText}, in ${reportingGroups.length} of ${groups.length} groups${floorText}`;
}
