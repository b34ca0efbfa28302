import { contributionDirection, dayReading } from '../../publish/model/day-reading.ts';
import type { HistoryBody as History } from '../../publish/resources/model.ts';
import { seriesDef } from '../../timeseries/catalog.ts';
import { daysBetween } from '../../timeseries/dates.ts';
import { dayHeadlineChart, headlineChart } from '../charts/headline.ts';
import { partsChart } from '../charts/parts.ts';
import { dayChartRange } from '../charts/window.ts';
import { inputLabel } from '../freshness-line.ts';
import { headlineColumns, historyTable } from '../history-table.ts';
import { levelParts } from '../level-parts.ts';
import { type Block, heading, type Inline, type Page, paragraph, table } from '../page/page.ts';
import {
  formatAge,
  formatDate,
  formatSigned,
  type GroupNames,
  groupNames,
  groupShortName,
  type SiteData,
  seriesPageHref,
} from '../site-data.ts';
import { type NoteOf, weekBefore, weeklyNotes } from '../weekly-note.ts';
import { EFFECT } from '../words/regime.ts';
import { nearbyDays } from './archive.ts';

type GroupId = keyof History['subIndices'];

/** /today: the latest daily reading and links to the dated archive of every day in the history. */
export function todayPage(data: SiteData): Page {
  const history = data.history;
  if (!history || history.count === 0 || !data.regime) {
    return {
      path: '/today',
      title: 'Today’s reading',
      description: 'The latest daily US-dollar liquidity reading.',
      blocks: [paragraph('No reading yet: the model has not been computed.')],
    };
  }
  const names = groupNames(data);
  // The latest reading is the regime's day (the last with live data enough); newer days are provisional.
  const found = history.dates.lastIndexOf(data.regime.date);
  const last = found >= 0 ? found : history.count - 1;
  const date = history.dates[last]!;
  const age = daysBetween(date, data.generatedAt.slice(0, 10));
  const current = data.regime.freshness.state === 'current';
  const provisional = data.regime.provisional;
  const blocks: Block[] = [
    { kind: 'lead', inlines: [data.regime.summary], tone: dayReading(history, last).tone },
    paragraph(
      current
        ? `The latest reading is for ${formatDate(date)} (latest observation ${formatDate(data.regime.dataAsOf)}). `
        : `There is no reading for today: the latest is for ${formatDate(date)}, ${formatAge(age)} ago, the last day with live data enough for one (latest observation ${formatDate(data.regime.dataAsOf)}). `,
      { text: 'Permanent link', href: `/today/${date}` },
      '.',
    ),
    ...(provisional
      ? [paragraph(provisional.summary, ' ', { text: 'The provisional day', href: `/today/${provisional.date}` }, '.')]
      : []),
    ...dayBlocks(history, last, names),
    ...noteBlocks(weeklyNotes(data)(last)),
    {
      ...headlineChart(365, history.to, `The year to ${formatDate(history.to)}.`),
      table: historyTable(history, 'The headline, last 30 business days', headlineColumns(history)),
    },
    ...(data.lens ? [heading(2, 'Lens'), paragraph(data.lens.synthesis.narrative)] : []),
    ...recentDaysBlocks(history, names),
  ];
  return {
    path: '/today',
    title: current ? 'Today’s reading' : `The latest reading: ${formatDate(date)}`,
    description: 'The latest daily US-dollar liquidity reading and its archive.',
    blocks,
  };
}

/** /today/YYYY-MM-DD, or undefined when the date is not a day of the history. */
export function archivePage(data: SiteData, date: string, noteOf: NoteOf): Page | undefined {
  const history = data.history;
  if (!history) return undefined;
  const names = groupNames(data);
  // The model's own words on how its inputs are dated (/api/model `inputs`): whether a revision restates a day.
  const inputs = data.model?.inputs ?? '';
  const i = history.dates.indexOf(date);
  if (i < 0) return undefined;
  const range = dayChartRange(date);
  const blocks: Block[] = [
    { kind: 'lead', inlines: [daySentence(history, i)], tone: dayReading(history, i).tone },
    ...dayBlocks(history, i, names),
    ...noteBlocks(noteOf(i)),
    ...dayPartsBlocks(data, i),
    heading(2, 'Around this day', 'chart'),
    {
      ...dayHeadlineChart(date, range, history.to),
      table: historyTable(
        history,
        `The headline and its status, ${formatDate(range.start)} – ${formatDate(range.end)}`,
        headlineColumns(history),
        range,
      ),
    },
    ...[partsChart(data, date)].filter((chart) => chart !== undefined),
    ...groupMoves(history, i, names),
    ...driverList(data, data.dayDrivers?.[i]),
    { kind: 'links', label: 'Other days', items: nearbyDays(date, history.dates[i - 1], history.dates[i + 1]) },
    paragraph(
      `The ${history.modelVersion} reading for ${formatDate(date)}. How its inputs are dated: ${inputs || 'see the methodology'}`,
    ),
  ];
  return {
    path: `/today/${date}`,
    title: `Reading for ${formatDate(date)}`,
    description: daySentence(history, i),
    blocks,
  };
}

/** The groups that report on day i or on day j: a group that never has data (e.g. a retired one) is not shown. */
function reportingGroups(history: History, names: GroupNames, ...days: number[]): Array<[GroupId, string]> {
  return [...names].flatMap(([id, name]): Array<[GroupId, string]> => {
    const values: ReadonlyArray<number | null> | undefined = history.subIndices[id as GroupId];
    return days.some((d) => isValue(values?.[d])) ? [[id as GroupId, name]] : [];
  });
}

function isValue(value: number | null | undefined): value is number {
  return value !== null && value !== undefined;
}

/** The day in words: the reading (or that it is provisional), the change over the week before, the confidence. */
function daySentence(history: History, i: number): string {
  const back = weekBefore(history, i);
  const change = back < 0 ? null : history.headline[i]! - history.headline[back]!;
  const move =
    change === null
      ? ''
      : change === 0
        ? ' Unchanged from a week earlier.'
        : ` ${change > 0 ? 'Up' : 'Down'} ${Math.abs(change)} point${Math.abs(change) === 1 ? '' : 's'} from a week earlier (${formatDate(history.dates[back]!)}).`;
  const confidence = history.confidence[i]!;
  const previous = i > 0 ? history.confidence[i - 1] : undefined;
  const changed = previous && previous !== confidence ? ` (${previous} the business day before)` : '';
  const reading = dayReading(history, i);
  const sure = reading.status === null ? '' : ` Confidence ${confidence}${changed}.`;
  return `${reading.sentence}${sure}${move}`;
}

/** Which groups moved over the week: each group's reading then and now (0 loosest … 100 tightest). */
function groupMoves(history: History, i: number, names: GroupNames): Block[] {
  const back = weekBefore(history, i);
  if (back < 0) return [];
  const groups = reportingGroups(history, names, back, i);
  return [
    heading(2, 'What moved over the week', 'groups'),
    table(
      ['Group', formatDate(history.dates[back]!), formatDate(history.dates[i]!), 'Change', 'Toward'],
      [
        moveRow('Level (fixed scale)', history.level[back], history.level[i]),
        ...groups.map(([id, name]) => {
          const row = moveRow(name, history.subIndices[id][back], history.subIndices[id][i]);
          row[1] = [groupCell(history, id, back)];
          row[2] = [groupCell(history, id, i)];
          return row;
        }),
      ],
      `Each group's own reading (0 loosest … 100 tightest) on ${formatDate(history.dates[back]!)} and ${formatDate(history.dates[i]!)}, with its part of the level (the fixed 0–100 scale) in brackets; the parts add up to the level, its first row`,
    ),
  ];
}

/** A row of the week's moves: the name, the value then and now, the change and which way. */
function moveRow(name: string, then: number | null | undefined, now: number | null | undefined): string[][] {
  const delta = isValue(then) && isValue(now) ? now - then : null;
  return [
    [name],
    [fmt(then)],
    [fmt(now)],
    [delta === null ? 'n/a' : formatSigned(delta, 1)],
    [delta === null || Math.abs(delta) < 0.05 ? '—' : delta > 0 ? 'tighter' : 'looser'],
  ];
}

/** A group's reading on day i with its part of the level in brackets: "77.4 (38.7)". */
function groupCell(history: History, id: GroupId, i: number): string {
  const part = history.contributions[id]?.[i];
  return isValue(part) ? `${fmt(history.subIndices[id][i])} (${fmt(part)})` : fmt(history.subIndices[id][i]);
}

/** The inputs that moved the aggregate most over the week before the day, in words. */
function driverList(data: SiteData, drivers: ReadonlyArray<readonly [string, number]> | undefined): Block[] {
  if (!drivers || drivers.length === 0) return [];
  return [
    paragraph(
      'The inputs that moved the aggregate most — a different measure from the group readings above: an input’s share of the aggregate is its weight times its reading, so it also moves when inputs go missing or come back and the weights are shared anew, while its group’s reading stays put:',
    ),
    {
      kind: 'list',
      items: drivers.map(([id, contribution]): Inline[] => [
        { text: seriesDef(id)?.name ?? inputLabel(data, id), href: seriesPageHref(id) },
        // Which way it pushed, by the drivers' own rule (so /, /today and /api/regime agree).
        ` ${EFFECT[contributionDirection(contribution)]}: its share of the aggregate changed by ${formatSigned(contribution * 100, 1)} points over the week.`,
      ]),
    },
  ];
}

function dayBlocks(history: History, i: number, names: GroupNames): Block[] {
  const reading = dayReading(history, i);
  const level = history.level[i];
  return [
    {
      kind: 'stats',
      items: [
        // The date of every figure beside it (the page's title says it too, but a figure is read on its own).
        { label: 'Reading for', value: formatDate(history.dates[i]!) },
        {
          label: 'Headline',
          value: `${history.headline[i]} / 100`,
          note: '100 = tightest of 5 years',
          tone: reading.tone,
        },
        { label: 'Status', value: reading.label },
        ...(isValue(level)
          ? [{ label: 'Level', value: `${fmt(level)} / 100`, note: 'the fixed scale, not a rank' }]
          : []),
        ...reportingGroups(history, names, i).map(([id, name]) => ({
          label: name,
          value: groupCell(history, id, i),
          note: '0 loosest … 100 tightest (part of the level)',
        })),
      ],
    },
  ];
}

/**
 * The day's parts of the level: each group's part in level points and its share of the level, a small table under
 * its own heading (the chart of the parts around the day follows the headline's).
 */
function dayPartsBlocks(data: SiteData, i: number): Block[] {
  const history = data.history!;
  const level = history.level[i];
  const parts = levelParts(data).filter((p) => isValue(p.values[i]));
  if (!isValue(level) || parts.length === 0) return [];
  return [
    heading(2, 'What the level is made of', 'parts'),
    table(
      ['Part', 'Level points', 'Share of the level'],
      [
        ...parts.map((p) => [
          [p.name],
          [fmt(p.values[i])],
          [level > 0 ? `${Math.round((100 * p.values[i]!) / level)} %` : 'n/a'],
        ]),
        [['Level'], [fmt(level)], ['100 %']],
      ],
      `The level of ${fmt(level)} on ${formatDate(history.dates[i]!)}: each group's part, in level points (0–100) and as a share of the level; the parts add up to it`,
    ),
  ];
}

/** The week's note, under its own heading, with when it was published. */
function noteBlocks(note: ReturnType<NoteOf>): Block[] {
  if (!note) return [];
  return [
    heading(2, 'The week’s note', 'note'),
    paragraph(
      note.text,
      note.publishedAt
        ? ` (Published ${formatDate(note.publishedAt)}; kept as written then, though later revisions may restate the figures above.)`
        : '',
    ),
  ];
}

function fmt(value: number | null | undefined): string {
  return isValue(value) ? value.toFixed(1) : 'n/a';
}

/** The last 15 days in a table (headline, status, level, each group), newest first, and the archive's address. */
function recentDaysBlocks(history: History, names: GroupNames): Block[] {
  const recent = Math.max(0, history.count - 15);
  const groups = reportingGroups(
    history,
    names,
    ...Array.from({ length: history.count - recent }, (_, k) => recent + k),
  );
  return [
    heading(2, 'Recent days'),
    {
      kind: 'table',
      caption:
        'The headline (its rank in 5 years), the level (the fixed 0–100 scale) and each group’s reading, 0 loosest … 100 tightest, with its part of the level in brackets, over the last 15 days',
      // The groups by the first word of their names ("Quantity", "Price"): the table fits a phone.
      header: ['Date', 'Headline', 'Status', 'Level', ...groups.map(([, name]) => groupShortName(name))],
      rows: history.dates
        .slice(recent)
        .map((day, k) => {
          const i = recent + k;
          return [
            [{ text: day, href: `/today/${day}` }],
            [String(history.headline[i])],
            [dayReading(history, i).label],
            [fmt(history.level[i])],
            ...groups.map(([id]) => [groupCell(history, id, i)]),
          ];
        })
        .reverse(),
    },
    paragraph(`Archive pages exist for every business day from ${formatDate(history.from)}: /today/YYYY-MM-DD.`),
  ];
}
