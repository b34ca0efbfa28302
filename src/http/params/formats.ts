import { FormatRegistry } from '@sinclair/typebox';
import { resolveLocale } from '../../timeseries/locales.ts';

/**
 * The string formats the query parameters' schemas name (params/query.ts), registered with TypeBox so that its
 * check refuses what they refuse. Registered when this module is first imported (route-query.ts imports it).
 */

/** A day that exists, written YYYY-MM-DD, from 1900 on. Example: "2024-02-29" is one; "2023-02-29" is not. */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text && date.getUTCFullYear() >= 1900;
}

// RFC 3339 with any fraction of a second (Python's isoformat() writes microseconds); T and Z in either case.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/;

/** An instant as `asOf` takes it: a calendar date, or a date-time with a zone. Example: "2026-03-01T12:00:00Z". */
function isInstant(text: string): boolean {
  return isCalendarDate(text) || (DATE_TIME.test(text) && !Number.isNaN(Date.parse(text)));
}

/**
 * An `asOf` (checked by isInstant) as the instant it names, `YYYY-MM-DDTHH:mm:ss.sssZ`: a date is the end of that
 * day, UTC. Example: "2026-03-01" → "2026-03-01T23:59:59.999Z".
 */
export function instantOf(text: string): string {
  return isCalendarDate(text) ? `${text}T23:59:59.999Z` : new Date(Date.parse(text)).toISOString();
}

FormatRegistry.Set('date', isCalendarDate);
FormatRegistry.Set('instant', isInstant);
FormatRegistry.Set('locale', (text) => resolveLocale(text) !== undefined);
