import { CACHE_CONTROL } from '../publish/cache-policy.ts';
import { type PreparedResponse, prepared, strongEtag } from '../publish/prepared-response.ts';
import { COMMON_DAYS } from '../publish/resources/series/responses.ts';
import { type DateWindow, wholeMonths } from '../timeseries/date-window.ts';
import type { RouteRequest } from './routes/route.ts';

/**
 * Charts and indicator pages are rendered, and rendering costs CPU per distinct URL: they are drawn for a fixed
 * set of windows only (COMMON_DAYS), and any other `days` is redirected (308) to the next larger one, so 100,000
 * distinct URLs cost at most a few hundred renders. Undefined for a canonical `days` or a range.
 * Example: /charts/vix.svg?days=100&style=spark → 308 to /charts/vix.svg?days=180&style=spark.
 */
export const CANONICAL_WINDOWS_TEXT = `Other values are redirected (308) to the next of ${COMMON_DAYS.join(', ')}.`;

export function canonicalWindow(request: RouteRequest, window: DateWindow): PreparedResponse | undefined {
  if (!('days' in window) || COMMON_DAYS.includes(window.days)) return undefined;
  const canonical = COMMON_DAYS.find((d) => d >= window.days) ?? COMMON_DAYS.at(-1)!;
  return redirectWith(request, { days: String(canonical) });
}

/**
 * A chart's `start`/`end` range is drawn by whole months (wholeMonths): any other range is redirected (308) to the
 * months that hold it, so distinct days cost no more drawings than distinct months. Undefined when the range is
 * already whole months.
 * Example: /charts/tga.png?start=2021-03-17 → 308 to /charts/tga.png?start=2021-03-01.
 */
export const CANONICAL_RANGE_TEXT =
  'A chart range is drawn by whole months: other start or end dates are redirected (308) to the first (start) or last (end) day of their month.';

export function canonicalRange(request: RouteRequest, window: DateWindow): PreparedResponse | undefined {
  if ('days' in window) return undefined;
  const months = wholeMonths(window) as { start: string; end: string | null };
  if (months.start === window.start && months.end === window.end) return undefined;
  return redirectWith(request, { start: months.start, ...(months.end ? { end: months.end } : {}) });
}

function redirectWith(request: RouteRequest, values: Record<string, string>): PreparedResponse {
  const query = request.query.copy();
  for (const [name, value] of Object.entries(values)) query.set(name, value);
  // The path was validated by the route (a known id), so it is safe to repeat as it came.
  const location = `${request.path}?${query}`;
  return prepared(Buffer.alloc(0), strongEtag(location), 'text/plain; charset=utf-8', CACHE_CONTROL.redirect, 308, {
    location,
  });
}
