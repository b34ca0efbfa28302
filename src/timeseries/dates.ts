/** Calendar arithmetic on `YYYY-MM-DD` strings, in UTC (no clock: callers pass dates in). */

const DAY_MS = 86_400_000;

/**
 * Days since 1970-01-01 of a YYYY-MM-DD date, by the civil-calendar arithmetic of H. Hinnant's days_from_civil
 * (no Date parsing: this runs for every stored observation at each publish).
 * Example: toDayNumber('1970-01-01') = 0, toDayNumber('2000-03-01') = 11017.
 */
export function toDayNumber(date: string): number {
  const digit = (i: number) => date.charCodeAt(i) - 48;
  const year = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3);
  const month = digit(5) * 10 + digit(6);
  const day = digit(8) * 10 + digit(9);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/**
 * The YYYY-MM-DD date of a day number, by Hinnant's civil_from_days (the inverse of toDayNumber, no Date: a
 * history writes one per day, ~5,600 per run). Years outside 0–9999 go through Date, as ISO writes them.
 * Example: fromDayNumber(0) = '1970-01-01', fromDayNumber(11017) = '2000-03-01'.
 */
export function fromDayNumber(day: number): string {
  const shifted = day + 719468;
  const era = Math.floor(shifted / 146097);
  const dayOfEra = shifted - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const dayOfMonth = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  if (year < 0 || year > 9999) return new Date(day * DAY_MS).toISOString().slice(0, 10);
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${dayOfMonth < 10 ? '0' : ''}${dayOfMonth}`;
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

/** "every 6 hours", "every hour", "every 30 minutes": the interval in words. */
export function everyInterval(hours: number): string {
  if (hours >= 1) return hours === 1 ? 'every hour' : `every ${hours} hours`;
  const minutes = Math.round(hours * 60);
  return minutes === 1 ? 'every minute' : `every ${minutes} minutes`;
}
