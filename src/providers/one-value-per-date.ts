import type { Observation } from '../timeseries/observation.ts';
import { type ProviderError, parseError } from './provider-error.ts';

/** Values equal to within this relative tolerance are one value (the same print, written with other decimals). */
function sameValue(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/**
 * One value per date, as every provider client must hand its answer on. A date listed again with the same value is
 * kept once (reported in `notes`); a date listed with two different values makes the whole answer malformed: which
 * one is the provider's cannot be told, and keeping either stores a revision that never happened (and, once the next
 * clean answer arrives, a second one undoing it). Order is kept; the first listing of a date stays.
 * Example: 2024-01-03 → 5.33, then 2024-01-03 → 5.33 again: one observation; then 5.38: refused.
 */
export function oneValuePerDate(
  observations: readonly Observation[],
  label: { source: string; seriesId: string },
  notes?: string[],
): Observation[] {
  const seen = new Map<string, number>();
  const out: Observation[] = [];
  let repeated = 0;
  for (const obs of observations) {
    const first = seen.get(obs.date);
    if (first === undefined) {
      seen.set(obs.date, obs.value);
      out.push(obs);
      continue;
    }
    if (!sameValue(first, obs.value)) throw conflictingDate(label, obs.date, first, obs.value);
    repeated++;
  }
  if (repeated > 0) notes?.push(`${repeated} date(s) listed twice with the same value, kept once`);
  return out;
}

/** The refusal of an answer that gives `date` two values (also raised where a client merges rows by date). */
export function conflictingDate(
  label: { source: string; seriesId: string },
  date: string,
  first: number,
  second: number,
): ProviderError {
  return parseError(
    label,
    `${date} is listed with two values (${first} and ${second}): the answer is malformed (refused)`,
  );
}
