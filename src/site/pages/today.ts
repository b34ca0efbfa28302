import type { HistoryBody as History } from '../../publish/resources/model.ts';
import type { Block, Page } from '../page.ts';
import { formatDate, type SiteData } from '../site-data.ts';

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
export function archivePage(history: History, date: string): Page | undefined {
  const i = history.dates.indexOf(date);
  if (i < 0) return undefined;
  const blocks: Block[] = [
    {
      kind: 'paragraph',
      inlines: [
        `The ${history.modelVersion} reading for ${formatDate(date)}, computed from the data published by that day.`,
      ],
    },
    ...dayBlocks(history, i),
    {
      kind: 'paragraph',
      inlines: [
        ...(i > 0 ? [{ text: `← ${history.dates[i - 1]}`, href: `/today/${history.dates[i - 1]}` }, ' · '] : []),
        { text: 'Today', href: '/today' },
        ...(i < history.count - 1
          ? [' · ', { text: `${history.dates[i + 1]} →`, href: `/today/${history.dates[i + 1]}` }]
          : []),
      ],
    },
  ];
  return {
    path: `/today/${date}`,
    title: `Reading for ${formatDate(date)}`,
    description: `The US-dollar liquidity headline and sub-indices on ${date}.`,
    blocks,
  };
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
          tone: history.status[i] === 'risk-off' ? 'bad' : history.status[i] === 'risk-on' ? 'good' : 'neutral',
        },
        { label: 'Status', value: history.status[i]! },
        { label: 'Policy / reserves', value: fmt(s.policy[i]) },
        { label: 'Funding / plumbing', value: fmt(s.funding[i]) },
        { label: 'Credit', value: fmt(s.credit[i]) },
        { label: 'Risk / price', value: fmt(s.risk[i]) },
      ],
    },
  ];
}

function fmt(value: number | null | undefined): string {
  return value === null || value === undefined ? 'n/a' : value.toFixed(1);
}
