/** Calendar arithmetic on `YYYY-MM-DD` strings, in UTC (no clock: callers pass dates in). */

const DAY_MS = 86_400_000;

export function toDayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function fromDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromDayNumber(toDayNumber(date) + days);
}

export function daysBetween(from: string, to: string): number {
  return toDayNumber(to) - toDayNumber(from);
}

export function isoDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}
