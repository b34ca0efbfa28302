import { dayReading } from '../publish/model/day-reading.ts';
import type { HistoryBody as History } from '../publish/resources/model.ts';
import type { ChartBlock } from './page/page.ts';

/** A column of a history table: its header, and its cell on history day i (one decimal, as the API gives it). */
export interface HistoryColumn {
  header: string;
  cell: (i: number) => string;
}

/** The columns of the headline's tables: its value and the status the model published. */
export function headlineColumns(history: History): HistoryColumn[] {
  return [
    { header: 'Headline (0–100)', cell: (i) => String(history.headline[i]) },
    { header: 'Status', cell: (i) => dayReading(history, i).label },
  ];
}

/** A value as the API gives it (one decimal at most), or "n/a" for a day without one. */
export function historyCell(value: number | null | undefined): string {
  return value === null || value === undefined ? 'n/a' : String(value);
}

/** Where every day's row is: the archive's table of each year (the newest year on /archive). */
export const EVERY_DAY = { text: 'Every day, as a table, year by year', href: '/archive#data' };

/** How many of the latest days a whole-history chart's own table shows, newest first. */
export const LATEST_ROWS = 30;

/**
 * A chart's data as a table over history days (newest first): the days of the range given, or the latest
 * LATEST_ROWS of the whole history with a link to the archive's tables of every day.
 * Example: historyTable(h, 'The headline', [{ header: 'Headline', cell: (i) => String(h.headline[i]) }]).
 */
export function historyTable(
  history: History,
  caption: string,
  columns: readonly HistoryColumn[],
  range?: { start: string; end: string },
): NonNullable<ChartBlock['table']> {
  const all = range === undefined;
  const shown = all
    ? Array.from({ length: Math.min(LATEST_ROWS, history.count) }, (_, k) => history.count - 1 - k)
    : history.dates.flatMap((d, i) => (d >= range.start && d <= range.end ? [i] : [])).reverse();
  return {
    caption,
    header: ['Date', ...columns.map((c) => c.header)],
    rows: shown.map((i) => [history.dates[i]!, ...columns.map((c) => c.cell(i))]),
    ...(all && history.count > LATEST_ROWS
      ? { total: history.count, note: 'The full history is in the CSV.', more: EVERY_DAY }
      : {}),
  };
}
