import { publicationLagDays, seriesDef } from '../../src/timeseries/catalog.ts';
import type { VintagedSeries } from '../../src/timeseries/vintages.ts';

const DAY_MS = 86_400_000;

/**
 * A store that has run for a year before `builtAt`, made from series stored in one load (a harness's), so that
 * instants over that year knew different things: first loaded at builtAt − 365 days with every date up to then;
 * each later date first seen its publication lag after it (at least a day, never after builtAt); every 20th
 * later date first printed 1 % off and revised 30 days after it was seen (when that is by builtAt); and a deep
 * revision, as the H.8's annual benchmark revises years of bank assets: every 100th earlier date of `deep` revised
 * 120 days after the first load. The pattern is assumed, not taken from a real store: the real files carry no
 * vintages.
 */
export function longRunningStore(
  store: ReadonlyMap<string, VintagedSeries>,
  builtAt: string,
  deep = 'reserve-ratio',
): Map<string, VintagedSeries> {
  const built = Date.parse(builtAt);
  const loadedAt = new Date(built - 365 * DAY_MS).toISOString();
  const deepAt = new Date(built - 245 * DAY_MS).toISOString();
  const out = new Map<string, VintagedSeries>();
  for (const [id, s] of store) {
    const def = seriesDef(id);
    const lag = Math.max(1, def ? publicationLagDays(def) : 1);
    const firstSeen: string[] = [];
    const firstValues = [...s.firstValues];
    const revisions = new Map(s.revisions);
    s.dates.forEach((date, i) => {
      const dated = Date.parse(`${date}T12:00:00Z`);
      if (dated <= Date.parse(loadedAt)) {
        firstSeen.push(loadedAt);
        if (id === deep && i % 100 === 0 && !revisions.has(i)) {
          firstValues[i] = s.firstValues[i]! * 1.01;
          revisions.set(i, [{ value: s.firstValues[i]!, seenAt: deepAt }]);
        }
        return;
      }
      const seen = Math.min(built, dated + lag * DAY_MS);
      firstSeen.push(new Date(seen).toISOString());
      const revisedAt = seen + 30 * DAY_MS;
      if (i % 20 === 0 && revisedAt <= built && !revisions.has(i)) {
        firstValues[i] = s.firstValues[i]! * 1.01;
        revisions.set(i, [{ value: s.firstValues[i]!, seenAt: new Date(revisedAt).toISOString() }]);
      }
    });
    out.set(id, { dates: s.dates, firstValues, firstSeen, revisions });
  }
  return out;
}
