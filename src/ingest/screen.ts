import { medianAbsoluteDeviation } from 'simple-statistics';
import type { PendingQuarantine } from '../store/observations.ts';
import { firstIndexOnOrAfter } from '../timeseries/as-of.ts';
import type { Observation } from '../timeseries/observation.ts';
import type { SeriesDef } from '../timeseries/series.ts';

/**
 * The jump check: a new or revised value that moves more than JUMP_SCALES robust scales away from the value
 * before it is held in quarantine instead of entering the current state, logged, and shown in /api/health.
 *
 * - The scale is the series' own recent behaviour: over its last RECENT_CHANGES stored changes (a year of daily
 *   data), the larger of 1.4826 × their median absolute deviation and their mean absolute size. The mean keeps
 *   a series that rarely moves (standing repo usage, zero most days; an administered rate) from a scale of zero;
 *   nothing else floors it. A fixed floor (1 % of the plausible range, as before) let a phantom of +280 bn
 *   through on ON RRP, whose recent days move by a few billion, and it moved the headline by 8 points.
 * - A series that never moved in that window (scale 0) holds any new value until it is confirmed.
 * - A quarantined value enters when a refresh at least CONFIRM_HOURS after it was first seen still receives the
 *   same value for that date: a provider's typo is corrected or withdrawn within that time (assumed: we have no
 *   measured correction times), while a real jump (SOFR 2.43 → 5.25 % on 2019-09-17, VIX 17 → 37 on 2018-02-05)
 *   stays, and enters one refresh late — late, never wrong.
 * - A later different value, or the provider no longer listing the date, resolves the quarantine.
 * - A series with too little history to judge (a first load) is guarded by its plausible ranges only.
 */
export const JUMP_SCALES = 10;
export const CONFIRM_HOURS = 5;
const RECENT_CHANGES = 260;
const MIN_HISTORY = 30;

export interface Screened {
  accepted: Observation[];
  quarantined: Observation[];
  notes: string[];
}

export function screenJumps(
  def: SeriesDef,
  incoming: readonly Observation[],
  stored: readonly Observation[],
  pending: ReadonlyMap<string, PendingQuarantine>,
  now: Date,
): Screened {
  if (stored.length < MIN_HISTORY) return { accepted: [...incoming], quarantined: [], notes: [] };
  const scale = changeScale(stored);
  const current = new Map(stored.map((obs) => [obs.date, obs.value]));
  const lastStored = stored.at(-1)!;
  let lastAccepted: Observation = lastStored;
  const confirmedBefore = new Date(now.getTime() - CONFIRM_HOURS * 3_600_000).toISOString();
  const out: Screened = { accepted: [], quarantined: [], notes: [] };
  for (const obs of incoming) {
    if (current.get(obs.date) === obs.value) {
      out.accepted.push(obs);
      continue;
    }
    // Past the stored series, the last value accepted; else the stored value on the last date before it.
    const previous =
      obs.date > lastStored.date ? lastAccepted.value : stored[firstIndexOnOrAfter(stored, obs.date) - 1]?.value;
    const limit = JUMP_SCALES * scale;
    const jumped = previous !== undefined && Math.abs(obs.value - previous) > limit;
    const held = pending.get(obs.date);
    if (!jumped || (held && held.value === obs.value && held.seenAt <= confirmedBefore)) {
      if (jumped)
        out.notes.push(`released ${obs.date} = ${obs.value} from quarantine: confirmed since ${held!.seenAt}`);
      out.accepted.push(obs);
      if (obs.date > lastAccepted.date) lastAccepted = obs;
      continue;
    }
    out.quarantined.push(obs);
    out.notes.push(
      `quarantined ${obs.date} = ${obs.value} ${def.unit}: ${Math.abs(obs.value - previous!).toPrecision(4)} from the value before it (${previous}), over ${JUMP_SCALES} × its scale ${(limit / JUMP_SCALES).toPrecision(3)}; enters if confirmed ${CONFIRM_HOURS} h later`,
    );
  }
  return out;
}

/**
 * The scale of the series' recent changes: max(1.4826 × MAD, mean |change|) over the last RECENT_CHANGES; 0 when
 * they never move. Example: changes 0, 0, 0, 0, 50 (a quarter-end draw) → MAD 0, mean 10 → 10.
 */
export function changeScale(stored: readonly Observation[]): number {
  const from = Math.max(1, stored.length - RECENT_CHANGES);
  const changes: number[] = [];
  for (let i = from; i < stored.length; i++) changes.push(stored[i]!.value - stored[i - 1]!.value);
  if (changes.length === 0) return 0;
  const meanAbs = changes.reduce((sum, c) => sum + Math.abs(c), 0) / changes.length;
  return Math.max(1.4826 * medianAbsoluteDeviation(changes), meanAbs);
}
