import { fromDayNumber } from '../../timeseries/dates.ts';
import { round } from '../stats/round.ts';
import { liveWeightShare, type ModelRun, type Status } from './liquidity-model.ts';
import { type Confidence, confidenceOn, contributionsAt, firstIndex, latestIndex, levelOn } from './regime.ts';
import { GROUP_IDS, type GroupId } from './spec.ts';

export interface History {
  modelVersion: string;
  updatedAt: string;
  from: string;
  to: string;
  count: number;
  dates: string[];
  headline: number[];
  /** The status on each date; null on a provisional day (dli-4: live data under half of the nominal weight). */
  status: Array<Status | null>;
  /** dli-4: true on a day without live data enough for a reading (its headline and level are provisional). */
  provisional: boolean[];
  /** like-for-like models: the share of the nominal weight whose inputs had live data on each date (0–1). */
  liveWeightShare: Array<number | null>;
  /** The reading's confidence on each date (see regimeAt). */
  confidence: Confidence[];
  aggregate: number[];
  /** The aggregate (dli-4: with its floor) on its fixed 0–100 scale; null for models without one. */
  level: Array<number | null>;
  /** Each group's part of the level, in level points (they add up to it); null for models without a level. */
  contributions: Record<GroupId, Array<number | null>>;
  subIndices: Record<GroupId, Array<number | null>>;
}

/** The daily headline from the first warmed-up day, columnar: one array per field, aligned by index. */
export function historyOf(run: ModelRun, updatedAt: string): History {
  const first = firstIndex(run);
  const last = latestIndex(run);
  const history: History = {
    modelVersion: run.spec.version,
    updatedAt,
    from: '',
    to: '',
    count: 0,
    dates: [],
    headline: [],
    status: [],
    provisional: [],
    liveWeightShare: [],
    confidence: [],
    aggregate: [],
    level: [],
    contributions: { policy: [], funding: [], credit: [], risk: [], backstops: [] },
    subIndices: { policy: [], funding: [], credit: [], risk: [], backstops: [] },
  };
  if (first < 0) return history;
  for (let g = first; g <= last; g++) {
    const headline = run.headline[g]!;
    if (Number.isNaN(headline)) continue;
    history.dates.push(fromDayNumber(run.grid[g]!));
    history.headline.push(headline);
    history.status.push(run.status[g] ?? null);
    history.provisional.push(!run.reading[g]);
    history.liveWeightShare.push(
      run.spec.headline === 'like-for-like' ? round(liveWeightShare(run.spec, run.readings, g), 3) : null,
    );
    history.confidence.push(confidenceOn(run, g));
    history.aggregate.push(round(run.aggregate[g]!, 4));
    history.level.push(levelOn(run, g));
    const parts = contributionsAt(run, g);
    for (const id of GROUP_IDS) history.contributions[id].push(parts?.[id] ?? null);
    for (const id of GROUP_IDS) {
      const value = run.groups[id]?.[g] ?? Number.NaN;
      history.subIndices[id].push(Number.isNaN(value) ? null : round(100 * value, 1));
    }
  }
  history.from = history.dates[0] ?? '';
  history.to = history.dates.at(-1) ?? '';
  history.count = history.dates.length;
  return history;
}
