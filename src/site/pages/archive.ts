import { dayReading } from '../../publish/model/day-reading.ts';
import type { HistoryBody as History } from '../../publish/resources/model.ts';
import { type Block, type CalendarDay, heading, type Inline, type Page, prose } from '../page/page.ts';
import { formatDate } from '../site-data.ts';
import { firstDayOnOrAfter, lastDayOnOrBefore, type NoteOf, weekEnds } from '../weekly-note.ts';

/** The years the history covers, ascending. */
export function archiveYears(history: History): number[] {
  if (history.count === 0) return [];
  const first = Number(history.from.slice(0, 4));
  const last = Number(history.to.slice(0, 4));
  return Array.from({ length: last - first + 1 }, (_, k) => first + k);
}

/**
 * /archive and /archive/{year}: a calendar of every scored (business) day, coloured by status, each linking to its
 * page. /archive shows the latest year.
 */
export function archiveCalendarPage(history: History, year: number, latest: boolean, noteOf: NoteOf): Page | undefined {
  const years = archiveYears(history);
  if (!years.includes(year)) return undefined;
  const days = new Map<number, Map<number, CalendarDay>>();
  // Each scored day's status (null: provisional), to count them by status.
  const statuses: Array<string | null> = [];
  for (let i = 0; i < history.count; i++) {
    const date = history.dates[i]!;
    if (Number(date.slice(0, 4)) !== year) continue;
    const month = Number(date.slice(5, 7));
    if (!days.has(month)) days.set(month, new Map());
    const reading = dayReading(history, i);
    days.get(month)!.set(Number(date.slice(8, 10)), {
      href: `/today/${date}`,
      tone: reading.tone,
      label: `${formatDate(date)}: ${reading.label}, headline ${history.headline[i]}`,
    });
    statuses.push(reading.status);
  }
  const tally = (status: string | null) => statuses.filter((s) => s === status).length;
  const provisional = tally(null);
  const months = [...days.keys()].sort((a, b) => b - a).map((month) => ({ year, month, days: days.get(month)! }));
  const blocks: Block[] = [
    prose(
      `${statuses.length} scored business days in ${year}: ${tally('risk-off')} risk-off (red), ${tally('risk-on')} risk-on (green), ${provisional > 0 ? `${provisional} provisional (live data under half of the model's weight: no status, no colour), ` : ''}the rest neutral. Weekends have no reading; a market holiday is scored from the values published before it. The whole history: [CSV](/api/history.csv).`,
    ),
    {
      kind: 'links',
      label: 'Year',
      items: [...years].reverse().map((y) => ({ text: String(y), href: `/archive/${y}`, current: y === year })),
    },
    // The anchor every "Every day, as a table, year by year" link points at (history-table.ts EVERY_DAY).
    heading(2, `Every day of ${year}`, 'data'),
    { kind: 'calendar', months },
    heading(2, `The weekly notes of ${year}`, 'notes'),
    {
      kind: 'list',
      items: weekEnds(history, String(year)).flatMap((i): Inline[][] => {
        const note = noteOf(i);
        return note ? [[{ text: history.dates[i]!, href: `/today/${history.dates[i]}#note` }, ` ${note.text}`]] : [];
      }),
    },
  ];
  return {
    path: latest ? '/archive' : `/archive/${year}`,
    title: `Archive: ${year}`,
    description: `Every daily US-dollar liquidity reading of ${year}, by month.`,
    blocks,
  };
}

/**
 * A valid date without a reading (a weekend, a holiday, or outside the history): a helpful page, answered with
 * status 404, that links the nearest readings before and after.
 */
export function noReadingPage(history: History, date: string): Page {
  const before = history.dates[lastDayOnOrBefore(history, date)];
  const after = history.dates[firstDayOnOrAfter(history, date)];
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const why =
    weekday === 0 || weekday === 6
      ? `${formatDate(date)} is a ${weekday === 0 ? 'Sunday' : 'Saturday'}: readings exist for business days only.`
      : date < history.from
        ? `${formatDate(date)} is before the first scored day (${formatDate(history.from)}).`
        : date > history.to
          ? `${formatDate(date)} is after the latest reading (${formatDate(history.to)}).`
          : `${formatDate(date)} has no reading.`;
  return {
    path: `/today/${date}`,
    title: `No reading for ${formatDate(date)}`,
    description: why,
    blocks: [
      { kind: 'lead', inlines: [why], tone: 'warn' },
      { kind: 'links', label: 'Nearest readings', items: nearbyDays(date, before, after) },
    ],
  };
}

/** Links to the days before and after a date (where there are), and to its year's calendar. */
export function nearbyDays(date: string, before: string | undefined, after: string | undefined) {
  return [
    ...(before !== undefined ? [{ text: `← ${formatDate(before)}`, href: `/today/${before}` }] : []),
    { text: `Calendar ${date.slice(0, 4)}`, href: `/archive/${date.slice(0, 4)}` },
    ...(after !== undefined ? [{ text: `${formatDate(after)} →`, href: `/today/${after}` }] : []),
  ];
}
