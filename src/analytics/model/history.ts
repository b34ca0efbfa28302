import { fromDayNumber } from '../../timeseries/dates.ts';
import { round } from '../stats/round.ts';
import type { ModelRun, Status } from './liquidity-model.ts';
import { type Confidence, confidenceOn, firstIndex, latestIndex } from './regime.ts';
import { GROUP_IDS, type GroupId } from './spec.ts';

export interface History {
  modelVersion: string;
  updatedAt: string;
  from: string;
  to: string;
  count: number;
  dates: string[];
  headline: number[];
  status: Status[];
  /** The reading's confidence on each date (see regimeAt). */
  confidence: Confidence[];
  aggregate: number[];
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
    confidence: [],
    aggregate: [],
    subIndices: { policy: [], funding: [], credit: [], risk: [], backstops: [] },
  };
  if (first < 0) return history;
  for (let g = first; g <= last; g++) {
    const headline = run.headline[g]!;
    if (Number.isNaN(headline)) continue;
    history.dates.push(fromDayNumber(run.grid[g]!));
    history.headline.push(headline);
    history.status.push(run.status[g]!);
    history.confidence.push(confidenceOn(run, g));
    history.aggregate.push(round(run.aggregate[g]!, 4));
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
