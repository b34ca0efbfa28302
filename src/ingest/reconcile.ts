import { ProviderError } from '../providers/provider-error.ts';
import { staleAfterDays } from '../timeseries/catalog.ts';
import { daysBetween } from '../timeseries/dates.ts';
import type { Observation } from '../timeseries/observation.ts';
import type { SeriesDef } from '../timeseries/series.ts';

/**
 * Dates the provider no longer lists. A response covers every date from the first one asked for (`windowStart`, on
 * a routine refresh that asks only for recent observations) or else its own first one, to today; a stored date in
 * that window that the response lacks has been withdrawn — nothing stored before the window is ever withdrawn —
 * recorded as a withdrawal vintage, never deleted, so the current state and any past state stay right. So is a
 * value pending in quarantine for such a date.
 *
 * A response that would withdraw more than MAX_WITHDRAWN dates, or more than 2 % of the stored dates in its
 * window, is more likely partial (a mirror lagging, a page lost) than a provider withdrawing history: it is
 * refused, and nothing stored changes.
 */
const MAX_WITHDRAWN = 3;
const MAX_WITHDRAWN_SHARE = 0.02;

export function withdrawnDates(
  def: SeriesDef,
  response: readonly Observation[],
  stored: readonly Observation[],
  pendingDates: Iterable<string>,
  today: string,
  source = 'provider',
  windowStart?: string,
): string[] {
  if (response.length === 0) return [];
  refuseStale(def, response, stored, source);
  const from = windowStart !== undefined && windowStart < response[0]!.date ? windowStart : response[0]!.date;
  const listed = new Set(response.map((obs) => obs.date));
  const inWindow = (date: string) => date >= from && date <= today;
  const window = stored.filter((obs) => inWindow(obs.date));
  const missing = window.filter((obs) => !listed.has(obs.date)).map((obs) => obs.date);
  if (missing.length > Math.max(MAX_WITHDRAWN, MAX_WITHDRAWN_SHARE * window.length)) {
    throw new ProviderError({
      source,
      seriesId: def.id,
      kind: 'implausible',
      message: `the response lacks ${missing.length} of the ${window.length} stored dates from ${from} (${missing[0]} … ${missing.at(-1)}): refused as partial; nothing stored changed`,
    });
  }
  const pending = [...pendingDates].filter((date) => inWindow(date) && !listed.has(date));
  return [...new Set([...missing, ...pending])].sort();
}

/**
 * An answer ending before the newest stored observation by more than the series' staleness allowance (7 days
 * daily, 14 weekly, 75 monthly) is stale (a lagging mirror, a cached or truncated page), not a withdrawal: within
 * the 2 % bound above, one ending in January once withdrew 16 months of M2 and 115 days of CP rates while the
 * refresh reported success. It is refused whole (kind `stale`; what is stored keeps being served). A last print or
 * two dropped ends within the allowance and is withdrawn. Example (monthly): stored through 2026-06-01, answer
 * through 2025-01-01 → refused; through 2026-05-01 → 2026-06-01 withdrawn.
 */
function refuseStale(
  def: SeriesDef,
  response: readonly Observation[],
  stored: readonly Observation[],
  source: string,
): void {
  const answered = response.at(-1)!.date;
  const held = stored.at(-1)?.date;
  if (held === undefined || daysBetween(answered, held) <= staleAfterDays(def)) return;
  const after = stored.filter((obs) => obs.date > answered).length;
  throw new ProviderError({
    source,
    seriesId: def.id,
    kind: 'stale',
    message: `the answer ends on ${answered}, before the ${after} stored observation(s) through ${held}: refused as stale; nothing withdrawn, the stored series is still served`,
  });
}

/** A derived series is recomputed in full: any stored date it no longer produces is withdrawn. */
export function underivedDates(output: readonly Observation[], stored: readonly Observation[]): string[] {
  const produced = new Set(output.map((obs) => obs.date));
  return stored.filter((obs) => !produced.has(obs.date)).map((obs) => obs.date);
}
