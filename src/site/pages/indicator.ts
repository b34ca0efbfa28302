import { lastRefreshFailure } from '../../publish/resources/health.ts';
import type { IndicatorSummary } from '../../publish/resources/indicators.ts';
import type { ChartQuery } from '../../publish/site-port.ts';
import { wholeMonths } from '../../timeseries/date-window.ts';
import { daysBetween } from '../../timeseries/dates.ts';
import type { Observation } from '../../timeseries/observation.ts';
import { defaultDays, effectiveWindow, pointsIn, queryString, rangesFor, windowLabel } from '../charts/window.ts';
import { citationBlocks, seriesCitation } from '../citation.ts';
import { moveCue, risingMeans } from '../direction.ts';
import { chartImages, named } from '../downloads.ts';
import { freshnessBadge } from '../indicator-cards.ts';
import { nextPrint } from '../next-print.ts';
import {
  type Block,
  type ChartBlock,
  heading,
  type Inline,
  inlines,
  type Page,
  paragraph,
  table,
} from '../page/page.ts';
import {
  formatAge,
  formatChange,
  formatDate,
  formatValue,
  inputLinks,
  type SiteData,
  unitLabel,
  unitName,
} from '../site-data.ts';
import { frequencyLabel } from '../themes.ts';

type Stat = Extract<Block, { kind: 'stats' }>['items'][number];

/** The data table under a chart shows at most this many rows (newest first); the CSV has them all. */
const TABLE_ROWS = 400;

/**
 * An indicator page: what the series is, its latest value and what its last move means for liquidity, a chart
 * (ranges fit for its frequency, a custom date range, a second series to compare), the data as a table and as
 * downloads, its source and licence, and its role in the model — with the same weights and directions as the
 * dashboard, each labelled.
 */
export function indicatorPage(data: SiteData, item: IndicatorSummary, query: ChartQuery): Page {
  const def = item.def;
  const blocks: Block[] = [paragraph(def.description)];
  if (item.withheld) blocks.push(...withheldBlocks(data, item));
  else if (item.latest) blocks.push(...latestBlocks(data, item), ...chartBlocks(data, item, query));
  else blocks.push(paragraph(noDataText(data, item.def.id)));
  blocks.push(
    heading(2, 'Source and unit', 'source'),
    table(['Field', 'Value'], sourceRows(item), 'Where the data comes from'),
    heading(2, 'Role in the model', 'model'),
    { kind: 'paragraph', inlines: modelRole(data, item) },
    ...citationBlocks(seriesCitation(item, data)),
  );
  return {
    path: `/indicators/${def.id}`,
    title: def.name,
    description: def.description,
    blocks,
    ...(item.withheld ? {} : { image: `/charts/${def.id}.png?days=${defaultDays(def.frequency)}` }),
  };
}

function withheldBlocks(data: SiteData, item: IndicatorSummary): Block[] {
  return [
    paragraph(
      { strong: 'Values withheld. ' },
      `The provider's terms prohibit reproducing this series (${item.license.name}), so this service publishes only statistics computed from it. See the values at the source: `,
      { text: item.license.url, href: item.license.url },
      '.',
    ),
    {
      kind: 'stats',
      items: [
        ...(item.latestDate ? [{ label: 'Latest data', value: formatDate(item.latestDate) }] : []),
        ...(item.percentile5y !== null ? [{ label: 'Percentile (5y)', value: String(item.percentile5y) }] : []),
        freshnessStat(item, data.generatedAt.slice(0, 10)),
      ],
    },
  ];
}

function latestBlocks(data: SiteData, item: IndicatorSummary): Block[] {
  const def = item.def;
  const latest = item.latest!;
  const cue = moveCue(item);
  const driver = data.regime?.drivers.find((d) => d.indicatorId === def.id);
  const items: Stat[] = [
    {
      label: 'Latest',
      value: formatValue(latest.value, def.unit),
      note: `${frequencyLabel(def.frequency)} · ${formatDate(latest.date)}`,
    },
  ];
  if (item.change !== null && item.previous)
    items.push({
      label: 'Change',
      value: formatChange(item.change, def.unit),
      note: `since the previous print, ${formatDate(item.previous.date)}${cue ? ` · ${cue.text}` : ''}`,
      ...(cue && cue.tone !== 'neutral' ? { tone: cue.tone } : {}),
    });
  if (item.zScore !== null)
    items.push({
      label: 'Level z-score',
      value: item.zScore.toFixed(2),
      note: 'latest value against the mean and standard deviation of its last 5 years',
    });
  if (item.percentile5y !== null)
    items.push({
      label: 'Level percentile',
      value: String(item.percentile5y),
      note: 'of its last 5 years (100 = highest)',
    });
  if (driver)
    items.push({
      label: 'Model input z',
      value: driver.zScore.toFixed(2),
      note: `a different z from the level's: the model's robust z (median and MAD of 5 years) of ${item.transform ?? 'its reading'}, signed so + is tighter`,
    });
  items.push(freshnessStat(item, data.generatedAt.slice(0, 10)));
  return [{ kind: 'stats', items }];
}

function chartBlocks(data: SiteData, item: IndicatorSummary, query: ChartQuery): Block[] {
  const def = item.def;
  const base = `/indicators/${def.id}`;
  const window = effectiveWindow(query.window, def.frequency);
  const fallback = defaultDays(def.frequency);
  const other = query.compare ? data.indicators.find((i) => i.def.id === query.compare) : undefined;
  const points = pointsIn(item.observations, window);
  // From the first stored observation to the last, both counted: the ranges offered fit it.
  const spanDays = daysBetween(item.observations[0]!.date, item.observations.at(-1)!.date) + 1;
  // The chart is asked for by whole months (as the chart URL would be redirected to), the data table by the day.
  const chartQuery = queryString({ window: wholeMonths(window), compare: query.compare }, -1);
  const label = windowLabel(window, def.frequency);
  // The interactive chart draws exactly the SVG's dates.
  const span = points.length > 0 ? { from: points[0]!.date, to: points.at(-1)!.date } : {};
  // Each file named by what it holds and when: tga-2026-08-26.csv, tga-vs-onrrp-2025-01-01-to-2026-08-26.png.
  const when =
    points.length === 0
      ? undefined
      : 'days' in window
        ? points.at(-1)!.date
        : `${points[0]!.date}-to-${points.at(-1)!.date}`;
  const csv = (d: { id: string; name: string }) =>
    named(d.id, when, [{ text: `CSV (${d.name})`, href: `/api/series/${d.id}.csv?days=${linkDays(window)}` }]);
  const downloads: ChartBlock['downloads'] = [
    ...csv(def),
    ...(other && !other.withheld ? csv(other.def) : []),
    ...chartImages(other ? `${def.id}-vs-${other.def.id}` : def.id, when, def.id, chartQuery),
  ];
  const compareUsable = other && !other.withheld && other.observations.length > 0;
  const chart: ChartBlock = {
    kind: 'chart',
    src: `/charts/${def.id}.svg${chartQuery}`,
    alt: compareUsable
      ? `${def.name} (${unitLabel(def.unit)}, left axis) and ${other.def.name} (${unitLabel(other.def.unit)}, right axis), ${label}.`
      : `${def.name} in ${unitLabel(def.unit)}, ${label}; latest ${formatValue(item.latest!.value, def.unit)} on ${formatDate(item.latest!.date)}.`,
    caption: `${points.length.toLocaleString('en-US')} ${def.frequency} observations, ${label}. Embed: ${data.baseUrl}/charts/${def.id}.svg${chartQuery}`,
    data: (compareUsable ? [def, other.def] : [def]).map((d) => ({
      url: `/api/series/${d.id}?days=${linkDays(window)}`,
      label: `${d.name} (${unitLabel(d.unit)})`,
      ...span,
    })),
    downloads,
    head: {
      title: compareUsable ? `${def.name} vs ${other.def.name}` : def.name,
      unit: compareUsable
        ? `${unitLabel(def.unit)} (left axis) and ${unitLabel(other.def.unit)} (right axis), ${label}`
        : `${unitLabel(def.unit)}, ${label}`,
    },
    table: dataTable(item, points, compareUsable ? pointsIn(other.observations, spanOf(points)) : undefined, other),
  };
  const blocks: Block[] = [
    heading(2, 'Chart', 'chart'),
    {
      kind: 'links',
      label: 'Chart range',
      items: rangesFor(def.frequency, spanDays).map(([days, text]) => ({
        text,
        href: `${base}${queryString({ window: { days }, compare: query.compare }, fallback)}`,
        current: 'days' in window && window.days === days,
      })),
    },
    chart,
  ];
  if (query.compare && !compareUsable) {
    blocks.push(
      paragraph(`${other?.def.name ?? query.compare} cannot be drawn here: its values are withheld or not stored yet.`),
    );
  }
  blocks.push(rangeForm(data, item, window, query));
  return blocks;
}

/** The form for a custom range and a series to compare with. */
function rangeForm(
  data: SiteData,
  item: IndicatorSummary,
  window: ReturnType<typeof effectiveWindow>,
  query: ChartQuery,
): Block {
  const def = item.def;
  const base = `/indicators/${def.id}`;
  // A date within the stored data, filled in with the range asked for.
  const dateField = (name: string, label: string, value: string | undefined) => ({
    name,
    label,
    type: 'date' as const,
    value,
    min: item.observations[0]!.date,
    max: item.latest!.date,
  });
  return {
    kind: 'form',
    action: base,
    label: 'Custom range and comparison',
    submit: 'Show',
    fields: [
      dateField('start', 'From', 'start' in window ? window.start : undefined),
      dateField('end', 'To (blank: latest)', 'start' in window ? (window.end ?? undefined) : undefined),
      {
        name: 'compare',
        label: 'Compare with',
        type: 'select',
        value: query.compare ?? '',
        options: [
          ['', 'nothing'],
          ...data.indicators
            .filter((i) => i.def.id !== def.id && !i.withheld && i.observations.length > 0)
            .map((i): [string, string] => [i.def.id, i.def.name]),
        ],
      },
    ],
  };
}

/**
 * The trailing window the JSON and CSV links ask for: the JSON has trailing windows only, so a date range is drawn
 * from the longest (the chart then shows the range's dates, as the SVG does).
 */
function linkDays(window: ReturnType<typeof effectiveWindow>): number {
  return 'days' in window ? window.days : 4000;
}

function spanOf(points: readonly Observation[]): { start: string; end: string | null } {
  return { start: points[0]?.date ?? '9999-12-31', end: points.at(-1)?.date ?? null };
}

/** The chart's data, newest first; with a comparison, both series side by side on the union of their dates. */
function dataTable(
  item: IndicatorSummary,
  points: readonly Observation[],
  compared: readonly Observation[] | undefined,
  other: IndicatorSummary | undefined,
): NonNullable<ChartBlock['table']> {
  const unit = unitLabel(item.def.unit);
  // More rows than are shown: how many, and where they all are.
  const cut = (total: number, what: string) =>
    total > TABLE_ROWS ? { note: `The latest ${TABLE_ROWS} of ${total} ${what} all.`, total } : {};
  if (!compared || !other) {
    const rows = points
      .slice(-TABLE_ROWS)
      .reverse()
      .map((p) => [p.date, String(p.value)]);
    return {
      caption: `${item.def.name}, ${unit}`,
      header: ['Date', `Value (${unit})`],
      rows,
      ...cut(points.length, 'rows; the CSV has'),
    };
  }
  const byDate = new Map<string, [string, string]>();
  for (const p of points) byDate.set(p.date, [String(p.value), '']);
  for (const p of compared) byDate.set(p.date, [byDate.get(p.date)?.[0] ?? '', String(p.value)]);
  const dates = [...byDate.keys()].sort().reverse();
  return {
    caption: `${item.def.name} and ${other.def.name}`,
    header: ['Date', `${item.def.name} (${unit})`, `${other.def.name} (${unitLabel(other.def.unit)})`],
    rows: dates.slice(0, TABLE_ROWS).map((d) => [d, ...byDate.get(d)!]),
    ...cut(dates.length, 'dates; the CSVs have'),
  };
}

/** Its place in the model, with the weights labelled as the dashboard and the methodology label them. */
function modelRole(data: SiteData, item: IndicatorSummary): Inline[] {
  if (!item.scored) {
    return [
      'Context series: shown and served, not scored in the headline. A rise means ',
      risingMeans(item),
      '. ',
      { text: 'Methodology', href: '/methodology' },
      '.',
    ];
  }
  const group = data.model?.groups.find((g) => g.id === item.group);
  return [
    `Scored in the ${item.group} group of model ${data.model?.version ?? 'the current model'}, read as ${item.transform}; a rise means ${risingMeans(item)}. `,
    ...weightWords(data, item, group),
    { text: 'How the weights work', href: '/methodology#how-it-works' },
    '.',
  ];
}

type ModelGroup = NonNullable<SiteData['model']>['groups'][number];

/**
 * The input's weight in the model's own terms: a backstop is no part of the weighted mean but a floor under the level;
 * a mean input carries its group's weight shared among the group's inputs, from its first reading on, and keeps it —
 * at its last reading (held, named missing) — on a day without current data.
 */
function weightWords(data: SiteData, item: IndicatorSummary, group: ModelGroup | undefined): string[] {
  if (group?.role === 'floor') {
    return [
      `Its group, ${group.name}, is not part of the weighted mean: its highest reading puts a floor under the level. `,
    ];
  }
  const nominal = group
    ? `Its group, ${group.name}, carries a nominal ${pct(group.weight)} of the aggregate, shared by its inputs: a nominal ${pct(item.weight)} for this one. `
    : `It carries a nominal ${pct(item.weight)} of the aggregate. `;
  const regime = data.regime;
  if (!regime) return [nominal];
  const weight = regime.drivers.find((d) => d.indicatorId === item.def.id)?.weight ?? item.weight;
  const held = regime.coverage.missing.includes(item.def.id)
    ? ', at its last reading: it has no current data, so it is held and named missing'
    : '';
  return [nominal, `On ${formatDate(regime.date)} it carries ${pct(weight)}${held}. `];
}

/** Why there is nothing to show: the last refresh's failure when health knows it, as the API's 503 says it. */
function noDataText(data: SiteData, id: string): string {
  const failed = lastRefreshFailure(data.health, id);
  if (!failed) return 'No data has been stored for this series yet.';
  return `No data has been stored for this series: its last refresh failed (${failed}). Each refresh tries again; /api/health says when the next one runs.`;
}

/** The next print in words (next-print.ts). */
const NEXT_WORDS = { next: 'next print expected', due: 'next print was due', late: 'late since' } as const;

function pct(weight: number): string {
  return `${(weight * 100).toFixed(1)} %`;
}

function sourceRows(item: IndicatorSummary): Inline[][][] {
  const def = item.def;
  const rows: Array<[string, Inline[]]> = [
    ['Series id', [{ code: def.id }]],
    ['Unit', [`${unitName(def.unit)} (${unitLabel(def.unit)}); in the API, meta.unit `, { code: def.unit }]],
    ['Frequency', [frequencyLabel(def.frequency)]],
    ['Publisher', [def.publisher]],
    ['Terms of use', [{ text: item.license.name, href: item.license.url }]],
    ['Cite as', [item.license.attribution]],
  ];
  if (def.source?.provider === 'fred')
    rows.push([
      'FRED id',
      [{ text: def.source.seriesId, href: `https://fred.stlouisfed.org/series/${def.source.seriesId}` }],
    ]);
  if (def.formulaText) rows.push(['Formula', [def.formulaText]]);
  if (def.formula) rows.push(['Inputs', inputLinks(def.formula)]);
  rows.push(['Rising means', [risingMeans(item)]]);
  rows.push([
    'Data',
    inlines(
      item.withheld
        ? `[/api/series/${def.id}](/api/series/${def.id}) (statistics and licence only; values withheld)`
        : `[JSON](/api/series/${def.id}) · [CSV (max)](/api/series/${def.id}.csv?days=4000) · [revisions (page)](/indicators/${def.id}/revisions) · [revisions (JSON)](/api/series/${def.id}/vintages) · [xlsx](/api/series/${def.id}.xlsx?days=4000) · [Atom feed of new values](/api/series/${def.id}/feed.xml)`,
    ),
  ]);
  return rows.map(([label, value]) => [[label], value]);
}

/** The data's freshness: its state, its age, and when it would count as late. */
function freshnessStat(item: IndicatorSummary, today: string): Stat {
  const f = item.freshness;
  const badge = freshnessBadge(item);
  const next = nextPrint(item, today);
  const when = next && `${NEXT_WORDS[next.kind]} ${formatDate(next.date)}`;
  const note =
    f.ageDays === null || !when
      ? (f.error ?? 'not fetched yet')
      : `data ${formatAge(f.ageDays)} old (${formatDate(f.dataDate!)}); ${when} (usually ${f.expectedLagDays} day${f.expectedLagDays === 1 ? '' : 's'} after its date); late after ${f.lateAfterDays} days${f.error ? ` · our last refresh failed: ${f.error}` : ''}`;
  return { label: 'Freshness', value: badge.text, note, tone: badge.tone };
}
