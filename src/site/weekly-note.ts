import bounds from 'binary-search-bounds';
import { contributionDirection, dayReading } from '../publish/model/day-reading.ts';
import type { HistoryBody as History } from '../publish/resources/model.ts';
import { seriesDef } from '../timeseries/catalog.ts';
import { addDays } from '../timeseries/dates.ts';
import { formatDate, formatSigned, groupNames, groupShortName, type SiteData } from './site-data.ts';

/**
 * The week's note: what changed in the week to a scored day, in words — the headline's move and status, the groups
 * that moved most, the inputs that moved the aggregate most, and the confidence. It is written from the stored
 * point-in-time history (each day as the model published it; later revisions do not change a past day), so the note
 * of a week reads the same in the archive as on the day it was published. Example: "Week to Aug 27, 2026: the
 * headline rose 1 point to 86 (risk-off, as a week earlier). Groups: Price 77.4 (+3.0) … Moved most: Net liquidity
 * toward tighter. Confidence low."
 */
export function weeklyNote(
  history: History,
  i: number,
  names: ReadonlyMap<string, string>,
  drivers?: ReadonlyArray<readonly [string, number]>,
  /** Inputs without current data on the latest day: not named as movers (they moved only by dropping out). */
  missing: readonly string[] = [],
): string | undefined {
  const back = weekBefore(history, i);
  if (back < 0) return undefined;
  const now = history.headline[i]!;
  const then = history.headline[back]!;
  const change = now - then;
  const move =
    change === 0
      ? `was unchanged at ${now}`
      : `${change > 0 ? 'rose' : 'fell'} ${Math.abs(change)} point${Math.abs(change) === 1 ? '' : 's'} to ${now}`;
  const status = dayReading(history, i).label;
  const before = dayReading(history, back).label;
  const statusText = status === before ? `${status}, as a week earlier` : `${status}, from ${before}`;
  const level = history.level[i];
  const groups = [...names]
    .map(([id, name]) => {
      const g = id as keyof History['subIndices'];
      const a = history.subIndices[g]?.[back];
      const b = history.subIndices[g]?.[i];
      const part = history.contributions[g]?.[i];
      return a === null || a === undefined || b === null || b === undefined
        ? undefined
        : { name, b, delta: b - a, part: part ?? null };
    })
    .filter((g) => g !== undefined)
    .sort((x, y) => Math.abs(y.delta) - Math.abs(x.delta))
    .slice(0, 2)
    .map(
      (g) =>
        `${groupShortName(g.name)} ${g.b.toFixed(1)} (${formatSigned(g.delta, 1)}${g.part === null ? '' : `; ${g.part.toFixed(1)} of the level`})`,
    );
  const movers = (drivers ?? [])
    .filter(([id]) => !missing.includes(id))
    .slice(0, 2)
    .map(([id, c]) => `${seriesDef(id)?.name ?? id} ${moved(c)}`);
  return [
    `Week to ${formatDate(history.dates[i]!)}: the headline ${move} (${statusText})${level === null || level === undefined ? '' : `; the level reads ${level.toFixed(1)} of 100 on the fixed scale`}.`,
    groups.length > 0 ? ` Groups that moved most: ${groups.join('; ')}.` : '',
    movers.length > 0 ? ` Inputs that moved the aggregate most: ${movers.join('; ')}.` : '',
    ` Confidence ${history.confidence[i]}.`,
  ].join('');
}

/** Which way an input moved the aggregate, by the drivers' rule: a change under their threshold barely moved it. */
function moved(contribution: number): string {
  const direction = contributionDirection(contribution);
  if (direction === 'neutral') return `barely (${formatSigned(contribution * 100, 1)} points)`;
  return direction === 'tightening' ? 'toward tighter' : 'toward looser';
}

/** A day's note: as first published when kept, else written now from the history (then without publishedAt). */
export type NoteOf = (i: number) => { text: string; publishedAt?: string } | undefined;

/**
 * The notes of a publication's history: the kept one of a reading where there is one (what was said that week),
 * else the note written from the history now. The latest reading's movers leave out inputs without current data.
 */
export function weeklyNotes(data: SiteData): NoteOf {
  const history = data.history;
  const names = groupNames(data);
  const missing = data.regime?.coverage.missing ?? [];
  return (i) => {
    if (!history || i < 0 || i >= history.count) return undefined;
    const kept = data.weeklyNotes.get(history.dates[i]!);
    if (kept) return kept;
    const text = weeklyNote(history, i, names, data.dayDrivers?.[i], i === history.count - 1 ? missing : []);
    return text === undefined ? undefined : { text };
  };
}

/** The last scored day of each calendar week of a year (its notes, for the archive), newest first. */
export function weekEnds(history: History, year: string): number[] {
  const ends = history.dates.flatMap((date, i) =>
    date.startsWith(year) && endsItsWeek(date, history.dates[i + 1]) ? [i] : [],
  );
  return ends.reverse();
}

/** Whether a date is its week's last in a series: the last date, or the next one (`next`) is in another week. */
export function endsItsWeek(date: string, next: string | undefined): boolean {
  return next === undefined || weekOf(next) !== weekOf(date);
}

/** The Monday of a date's week. */
function weekOf(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

/** The last day at least 7 days before day i, or −1. */
export function weekBefore(history: History, i: number): number {
  return lastDayOnOrBefore(history, addDays(history.dates[i]!, -7));
}

/** ISO dates order as text (binary-search-bounds would otherwise subtract them). */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The index of the last history day on or before `date`; −1 when the history begins after it. */
export function lastDayOnOrBefore(history: History, date: string): number {
  return bounds.le(history.dates as string[], date, byText);
}

/** The index of the first history day on or after `date`; the history's length when it ends before it. */
export function firstDayOnOrAfter(history: History, date: string): number {
  return bounds.ge(history.dates as string[], date, byText);
}
