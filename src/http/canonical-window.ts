import { CACHE_CONTROL } from '../publish/cache-policy.ts';
import { type PreparedResponse, prepared, strongEtag } from '../publish/prepared-response.ts';
import { COMMON_DAYS } from '../publish/resources/series.ts';
import type { RouteRequest } from './routes/route.ts';

/**
 * Charts and indicator pages are rendered, and rendering costs CPU per distinct URL: they are drawn for a fixed
 * set of windows only (COMMON_DAYS), and any other `days` is redirected (308) to the next larger one, so 100,000
 * distinct URLs cost at most a few hundred renders (issue 13, finding 5). Undefined when `days` is canonical.
 * Example: /charts/vix.svg?days=100&style=spark → 308 to /charts/vix.svg?days=180&style=spark.
 */
export const CANONICAL_WINDOWS_TEXT = `Other values are redirected (308) to the next of ${COMMON_DAYS.join(', ')}.`;

export function canonicalWindow(request: RouteRequest, days: number): PreparedResponse | undefined {
  if (COMMON_DAYS.includes(days)) return undefined;
  const canonical = COMMON_DAYS.find((d) => d >= days) ?? COMMON_DAYS.at(-1)!;
  const query = new URLSearchParams(request.query);
  query.set('days', String(canonical));
  // The path was validated by the route (a known id), so it is safe to repeat as it came.
  const location = `${request.path}?${query}`;
  return prepared(Buffer.alloc(0), strongEtag(location), 'text/plain; charset=utf-8', CACHE_CONTROL.redirect, 308, {
    location,
  });
}
