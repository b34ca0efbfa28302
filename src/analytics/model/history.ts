import type { Static } from '@sinclair/typebox';
import { fromDayNumber } from '../../timeseries/dates.ts';
import type { HistoryColumns } from '../schemas/history.ts';
import { round } from '../stats/round.ts';
import { liveWeightShare, type ModelRun } from './liquidity-model.ts';
import { confidenceOn, contributionsAt, levelOn } from './regime.ts';
import { GROUP_IDS } from './spec.ts';

/** The daily history, columnar (GET /api/history without the stamps); its schema: analytics/schemas/history.ts. */
export type History = Static<typeof HistoryColumns>;

/**
 * The daily headline from the first warmed-up day, columnar: one array per field, aligned by index. With `fromDay`
 * (a day number), only the days from it on: an `asOf` history takes its earlier days from one computed before
 * (publish/model/history-text.ts) rather than computing them again.
 */
export function historyOf(run: ModelRun, updatedAt: string, fromDay = Number.NEGATIVE_INFINITY): History {
  const inHistory = (g: number) => !Number.isNaN(run.headline[g]!) && run.grid[g]! >= fromDay;
  let count = 0;
  for (let g = 0; g < run.grid.length; g++) if (inHistory(g)) count++;
  // Each column allocated at its length once, not grown by push: the grown arrays' copies lived long enough to be
  // promoted by the garbage collector.
  const column = <T>() => new Array<T>(count);
  const history: History = {
    modelVersion: run.spec.version,
    updatedAt,
    from: '',
    to: '',
    count,
    dates: column(),
    headline: column(),
    status: column(),
    provisional: column(),
    liveWeightShare: column(),
    confidence: column(),
    aggregate: column(),
    level: column(),
    contributions: { policy: column(), funding: column(), credit: column(), risk: column(), backstops: column() },
    subIndices: { policy: column(), funding: column(), credit: column(), risk: column(), backstops: column() },
  };
  if (count === 0) return history;
  let k = 0;
  for (let g = 0; g < run.grid.length; g++) {
    if (!inHistory(g)) continue;
    const headline = run.headline[g]!;
    history.dates[k] = fromDayNumber(run.grid[g]!);
    history.headline[k] = headline;
    history.status[k] = run.status[g] ?? null;
    history.provisional[k] = !run.reading[g];
    history.liveWeightShare[k] =
      run.spec.headline === 'like-for-like' ? round(liveWeightShare(run.spec, run.readings, g), 3) : null;
    history.confidence[k] = confidenceOn(run, g);
    history.aggregate[k] = round(run.aggregate[g]!, 4);
    history.level[k] = levelOn(run, g);
    const parts = contributionsAt(run, g);
    for (const id of GROUP_IDS) {
      history.contributions[id][k] = parts?.[id] ?? null;
      const value = run.groups[id]?.[g] ?? Number.NaN;
      history.subIndices[id][k] = Number.isNaN(value) ? null : round(100 * value, 1);
    }
    k++;
  }
  history.from = history.dates[0]!;
  history.to = history.dates[count - 1]!;
  return history;
}

/**
 * The history's rows before `day` (a day number): how many, and the last one's date (null when none). What a
 * history from `day` on (historyOf's fromDay) leaves to an earlier one. Example: headlines on 2024-01-02 and
 * 2024-01-03, day 2024-01-03 → { rows: 1, lastDate: '2024-01-02' }.
 */
export function rowsBefore(run: ModelRun, day: number): { rows: number; lastDate: string | null } {
  let rows = 0;
  let lastDay = -1;
  for (let g = 0; g < run.grid.length && run.grid[g]! < day; g++) {
    if (Number.isNaN(run.headline[g]!)) continue;
    rows++;
    lastDay = run.grid[g]!;
  }
  return { rows, lastDate: rows > 0 ? fromDayNumber(lastDay) : null };
}
