import type { Logger } from 'pino';
import type { ApiError } from '../errors/api-error.ts';

/** At most one line per error code in this long; the line counts the answers since the code's previous line. */
export const UNAVAILABLE_LOG_EVERY_MS = 60_000;

/**
 * The log of answers the service could not give (5xx envelopes): the first of each code at once, then at most one
 * line a minute per code, saying how many were answered so since that code's previous line: one line per answer
 * is a client's to multiply (a flood of `busy` refusals, each a synchronous write, and gigabytes of log). A `busy` or a
 * `service_unavailable` is the service shedding load or starting (warn); a 500 is a fault (error).
 */
export function unavailableLog(log: Logger, now: () => number = Date.now): (error: ApiError, url: string) => void {
  const byCode = new Map<string, { loggedAtMs: number; since: number }>();
  return (error, url) => {
    const t = now();
    const seen = byCode.get(error.code);
    if (seen && t - seen.loggedAtMs < UNAVAILABLE_LOG_EVERY_MS) {
      seen.since++;
      return;
    }
    const answered = (seen?.since ?? 0) + 1;
    byCode.set(error.code, { loggedAtMs: t, since: 0 });
    const level = error.status === 503 ? 'warn' : 'error';
    log[level](
      { code: error.code, status: error.status, url, reason: error.message, answered },
      answered === 1 ? 'unavailable' : `unavailable: ${answered} answers with this code since its last line`,
    );
  };
}
