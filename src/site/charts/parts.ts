import { chartImages } from '../downloads.ts';
import { historyCell, historyTable } from '../history-table.ts';
import { hasLevel, levelParts } from '../level-parts.ts';
import type { ChartBlock } from '../page/page.ts';
import { formatDate, type SiteData } from '../site-data.ts';
import { historyCsv } from './headline.ts';
import { dayChartRange } from './window.ts';

/** The stacked chart's words, the static one's and the interactive one's alike. */
export const PARTS_HEAD = {
  title: 'What the level is made of',
  unit: 'each group’s part of the fixed 0–100 scale, stacked; the line is the level',
  scale: 'percent' as const,
  stack: true,
};

/**
 * Each group's part of the fixed-scale level over time, stacked, the level drawn over them (as the OFR draws its
 * stress index's categories): over the whole history, or around a day with the day marked. The static chart
 * (/charts/contributions.svg, /charts/contributions-{day}.svg), the interactive one from /api/history's
 * `contributions` and `level`, the same values as a table, and the history CSV, which has every part of every day.
 * Undefined before the model has a level (dli-4).
 */
export function partsChart(data: SiteData, day?: string): ChartBlock | undefined {
  const history = data.history;
  const parts = levelParts(data);
  if (!history || !hasLevel(data) || parts.length === 0) return undefined;
  const range = day ? dayChartRange(day) : undefined;
  const window = range ? { from: range.start, to: range.end } : {};
  const id = day ? `contributions-${day}` : 'contributions';
  const span = range
    ? `from ${formatDate(range.start)} to ${formatDate(range.end)}, ${formatDate(day!)} marked`
    : `from ${formatDate(history.from)} to ${formatDate(history.to)}`;
  return {
    kind: 'chart',
    src: `/charts/${id}.svg`,
    alt: `Each group's part of the level (${parts.map((p) => p.name).join(', ')}), stacked, with the level drawn over them, ${span}.`,
    caption: `The parts add up to the level (each rounded to a tenth). ${parts.map((p) => p.name).join(', ')}, bottom up.`,
    data: [
      ...parts.map((p) => ({
        url: '/api/history',
        label: p.name,
        field: `contributions.${p.id}`,
        color: p.color,
        ...window,
      })),
      { url: '/api/history', label: 'Level', field: 'level', ...window },
    ],
    head: { ...PARTS_HEAD, ...(day ? { mark: day } : {}) },
    downloads: [
      ...historyCsv(history.to),
      ...chartImages(day ? `level-parts-around-${day}` : 'level-parts', day ? undefined : history.to, id),
    ],
    table: historyTable(
      history,
      `The level and each group's part of it, in level points (0–100)`,
      [
        { header: 'Level', cell: (i) => historyCell(history.level[i]) },
        ...parts.map((p) => ({ header: p.name, cell: (i: number) => historyCell(p.values[i]) })),
      ],
      range,
    ),
  };
}
