import { fromDayNumber } from '../../../timeseries/dates.ts';
import { SortedWindow, slideWindow } from '../../stats/sorted-window.ts';
import { type IndicatorReadings, type ModelRun, mapReading } from '../liquidity-model.ts';
import { WINDOWS } from '../spec.ts';
import { DayCombiner } from '../weighted-mean.ts';

/**
 * The monotonicity check of dli-2 and of the like-for-like headline: on every day `day` checks, each indicator with
 * a reading is made tighter twice — by its robust-scale floor, and to beyond anything in its window (a mapped
 * reading: to 1) — and its reading and the aggregate are recomputed with all else unchanged. A violation is the
 * reading falling or anything `day` checks falling: `day` fills the presences `e` and readings `h` day g combines,
 * and says whether anything after the aggregate fell when input r read p and made that aggregate (null: skip g).
 */
export function tightenEachInput(
  run: ModelRun,
  day: (
    g: number,
    e: Float64Array,
    h: Float64Array,
  ) => ((r: IndicatorReadings, p: number, aggregate: number) => boolean) | null,
  method: string,
) {
  const combiner = new DayCombiner(run.spec, run.readings);
  const windows = run.readings.map(() => new SortedWindow(WINDOWS.normalizationDays));
  const e = new Float64Array(run.readings.length);
  const h = new Float64Array(run.readings.length);
  let checks = 0;
  let violations = 0;
  let first = -1;
  for (let g = 0; g < run.grid.length; g++) {
    run.readings.forEach((r, i) => {
      slideWindow(windows[i]!, r.x, g, WINDOWS.normalizationDays);
    });
    const falls = day(g, e, h);
    if (!falls) continue;
    run.readings.forEach((r, i) => {
      if (Number.isNaN(r.p[g]!) || e[i] === 0) return;
      const x = r.x[g]!;
      const sign = r.spec.risingIsTighter ? 1 : -1;
      const mapped = r.spec.reading && r.spec.reading.kind !== 'percentile';
      for (const tighter of [x + sign * r.spec.minScale, sign * Number.POSITIVE_INFINITY]) {
        checks++;
        // A percentile reading is the rank in its window; a mapped one reads the value (beyond everything: 1).
        const rank = mapped ? 0 : windows[i]!.rankReplacing(tighter, x);
        let p = r.spec.risingIsTighter ? rank : 1 - rank;
        if (mapped) p = Number.isFinite(tighter) ? mapReading(tighter, r.spec.reading!) : 1;
        const before = h[i]!;
        h[i] = p;
        const aggregate = combiner.combine(e, h);
        h[i] = before;
        if (p < r.p[g]! - 1e-12 || falls(r, p, aggregate)) {
          violations++;
          if (first < 0) first = g;
        }
      }
    });
  }
  return { checks, violations, firstViolation: first >= 0 ? fromDayNumber(run.grid[first]!) : null, method };
}
