import type { HistoryBody as History } from '../../publish/resources/model.ts';
import { seriesDef } from '../../timeseries/catalog.ts';
import { addDays } from '../../timeseries/dates.ts';
import type { Block, Inline, Page, Tone } from '../page.ts';
import { formatDate, type SiteData } from '../site-data.ts';
import { dayChartRange } from './archive.ts';

/** /today: the latest daily reading and links to the dated archive of every day in the history. */
export function todayPage(data: SiteData): Page {
  const blocks: Block[] = [];
  const history = data.history;
  if (!history || history.count === 0 || !data.regime) {
    blocks.push({ kind: 'paragraph', inlines: ['No reading yet: the model has not been computed.'] });
    return {
      path: '/today',
      title: 'Today’s reading',
      description: 'The latest daily US-dollar liquidity reading.',
      blocks,
    };
  }
  const last = history.count - 1;
  blocks.push(
    {
      kind: 'paragraph',
      inlines: [
        `The latest reading is for ${formatDate(history.dates[last]!)}, the last day a scored input brought new data (latest observation ${formatDate(data.regime.dataAsOf)}). `,
        { text: 'Permanent link', href: `/today/${history.dates[last]}` },
        '.',
      ],
    },
    ...dayBlocks(history, last),
  );
  if (data.lens)
    blocks.push(
      { kind: 'heading', level: 2, text: 'Lens' },
      { kind: 'paragraph', inlines: [data.lens.synthesis.narrative] },
    );
  const recent = Math.max(0, history.count - 15);
  blocks.push(
    { kind: 'heading', level: 2, text: 'Recent days' },
    {
      kind: 'table',
      header: ['Date', 'Headline', 'Status', 'Policy', 'Funding', 'Credit', 'Risk'],
      rows: history.dates
        .slice(recent)
        .map((date, k) => {
          const i = recent + k;
          const s = history.subIndices;
          return [
            [{ text: date, href: `/today/${date}` }],
            [String(history.headline[i])],
            [history.status[i]!],
            [fmt(s.policy[i])],
            [fmt(s.funding[i])],
            [fmt(s.credit[i])],
            [fmt(s.risk[i])],
          ];
        })
        .reverse(),
    },
    {
      kind: 'paragraph',
      inlines: [`Archive pages exist for every business day from ${formatDate(history.from)}: /today/YYYY-MM-DD.`],
    },
  );
  return {
    path: '/today',
    title: 'Today’s reading',
    description: 'The latest daily US-dollar liquidity reading and its archive.',
    blocks,
  };
}

/** /today/YYYY-MM-DD, or undefined when the date is not a day of the history. */
export function archivePage(
  history: History,
  date: string,
  dayDrivers?: ReadonlyArray<ReadonlyArray<readonly [string, number]>>,
): Page | undefined {
  const i = history.dates.indexOf(date);
  if (i < 0) return undefined;
  const range = dayChartRange(date);
  const chartQuery = `?start=${range.start}&end=${range.end}`;
  const blocks: Block[] = [
    { kind: 'lead', inlines: [daySentence(history, i)], tone: toneOf(history.status[i]!) },
    ...dayBlocks(history, i),
    { kind: 'heading', level: 2, text: 'Around this day', id: 'chart' },
    {
      kind: 'chart',
      src: `/charts/headline.svg${chartQuery}`,
      alt: `The headline from ${formatDate(range.start)} to ${formatDate(range.end)}, around ${formatDate(date)}.`,
      caption: `From the month three months before ${formatDate(date)} to the end of the month after, as far as the history goes.`,
      data: [{ url: '/api/history', label: 'Headline', from: range.start, to: range.end }],
      downloads: [
        { text: 'CSV (full history)', href: '/api/history.csv' },
        { text: 'SVG', href: `/charts/headline.svg${chartQuery}` },
        { text: 'PNG', href: `/charts/headline.png${chartQuery}` },
      ],
    },
    ...groupMoves(history, i),
    ...driverList(dayDrivers?.[i]),
    {
      kind: 'links',
      label: 'Other days',
      items: [
        ...(i > 0 ? [{ text: `← ${formatDate(history.dates[i - 1]!)}`, href: `/today/${history.dates[i - 1]}` }] : []),
        { text: `Calendar ${date.slice(0, 4)}`, href: `/archive/${date.slice(0, 4)}` },
        ...(i < history.count - 1
          ? [{ text: `${formatDate(history.dates[i + 1]!)} →`, href: `/today/${history.dates[i + 1]}` }]
          : []),
      ],
    },
    {
      kind: 'paragraph',
      inlines: [
        `The ${history.modelVersion} reading for ${formatDate(date)}, computed from the data published by that day (later revisions do not change it).`,
      ],
    },
  ];
  return {
    path: `/today/${date}`,
    title: `Reading for ${formatDate(date)}`,
    description: daySentence(history, i),
    blocks,
  };
}

const GROUP_NAMES: Record<string, string> = {
  policy: 'Policy / reserves',
  funding: 'Funding / plumbing',
  credit: 'Credit',
  risk: 'Risk / price',
};

/** The day in words: its status, its headline and the change over the week before. */
function daySentence(history: History, i: number): string {
  const date = history.dates[i]!;
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
  const sure = ` Confidence ${confidence}${changed}.`;
  return `On ${formatDate(date)} the headline read ${history.headline[i]} of 100: ${history.status[i]}.${sure}${move}`;
}

/** The last day at least 7 days before day i, or −1. */
function weekBefore(history: History, i: number): number {
  const target = addDays(history.dates[i]!, -7);
  for (let k = i - 1; k >= 0; k--) if (history.dates[k]! <= target) return k;
  return -1;
}

/** Which groups moved over the week: each group's reading then and now (0 loosest … 100 tightest). */
function groupMoves(history: History, i: number): Block[] {
  const back = weekBefore(history, i);
  if (back < 0) return [];
  const groups = Object.keys(history.subIndices) as Array<keyof History['subIndices']>;
  return [
    { kind: 'heading', level: 2, text: 'What moved over the week', id: 'groups' },
    {
      kind: 'table',
      caption: `Group readings (0 loosest … 100 tightest) on ${formatDate(history.dates[back]!)} and ${formatDate(history.dates[i]!)}`,
      header: ['Group', formatDate(history.dates[back]!), formatDate(history.dates[i]!), 'Change', 'Toward'],
      rows: groups.map((g) => {
        const then = history.subIndices[g][back];
        const now = history.subIndices[g][i];
        const delta = then === null || now === null || then === undefined || now === undefined ? null : now - then;
        return [
          [GROUP_NAMES[g] ?? g],
          [fmt(then)],
          [fmt(now)],
          [delta === null ? 'n/a' : `${delta > 0 ? '+' : delta < 0 ? '−' : '±'}${Math.abs(delta).toFixed(1)}`],
          [delta === null || Math.abs(delta) < 0.05 ? '—' : delta > 0 ? 'tighter' : 'looser'],
        ];
      }),
    },
  ];
}

/** The inputs that moved the aggregate most over the week before the day, in words. */
function driverList(drivers: ReadonlyArray<readonly [string, number]> | undefined): Block[] {
  if (!drivers || drivers.length === 0) return [];
  return [
    { kind: 'paragraph', inlines: ['The inputs that moved the aggregate most:'] },
    {
      kind: 'list',
      items: drivers.map(([id, contribution]): Inline[] => [
        { text: seriesDef(id)?.name ?? id, href: `/indicators/${id}` },
        ` pushed toward ${contribution > 0 ? 'tighter' : 'looser'}: its share of the aggregate changed by ${contribution > 0 ? '+' : '−'}${Math.abs(contribution * 100).toFixed(1)} points over the week.`,
      ]),
    },
  ];
}

function toneOf(status: string): Tone {
  return status === 'risk-off' ? 'bad' : status === 'risk-on' ? 'good' : 'neutral';
}

function dayBlocks(history: History, i: number): Block[] {
  const s = history.subIndices;
  return [
    {
      kind: 'stats',
      items: [
        {
          label: 'Headline',
          value: `${history.headline[i]} / 100`,
          note: '100 = tightest of 5 years',
          tone: toneOf(history.status[i]!),
        },
        { label: 'Status', value: history.status[i]! },
        { label: 'Policy / reserves', value: fmt(s.policy[i]), note: '0 loosest … 100 tightest' },
        { label: 'Funding / plumbing', value: fmt(s.funding[i]), note: '0 loosest … 100 tightest' },
        { label: 'Credit', value: fmt(s.credit[i]), note: '0 loosest … 100 tightest' },
        { label: 'Risk / price', value: fmt(s.risk[i]), note: '0 loosest … 100 tightest' },
      ],
    },
  ];
}

function fmt(value: number | null | undefined): string {
  return value === null || value === undefined ? 'n/a' : value.toFixed(1);
}
