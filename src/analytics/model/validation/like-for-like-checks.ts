import { fromDayNumber } from '../../../timeseries/dates.ts';
import { SortedWindow, slideWindow } from '../../stats/sorted-window.ts';
import { type CompositionLevel, compositionLevel, levelOf } from '../like-for-like.ts';
import type { IndicatorReadings, ModelRun } from '../liquidity-model.ts';
import { WINDOWS } from '../spec.ts';
import { DayCombiner, fillDay } from '../weighted-mean.ts';
import { tightenEachInput } from './monotonicity.ts';

/**
 * dli-3's guarantees checked on every day through the model's own code (DayCombiner, compositionLevel and the
 * same trailing windows): monotonicity, and how far composition changes alone moved the headline.
 */

/** Most the composition changes within any span of TRANSITION_DAYS business days may move the headline, in total. */
export const TRANSITION_LIMIT_POINTS = 5;
export const TRANSITION_DAYS = 65;

/**
 * Per composition used: its raw aggregate, smoothed aggregate, floor and level (like-for-like.ts), how many raw days
 * each smoothed value averages, and the trailing window of its levels the headline ranks in.
 */
interface CompositionSeries extends CompositionLevel {
  count: Int32Array;
  window: SortedWindow;
}

function seriesOf(run: ModelRun, mask: number): CompositionSeries {
  // On every day: the run computed each composition only on the days its headline reads (like-for-like.ts).
  const { raw, ...kept } = compositionLevel(run.spec, run.readings, run.effective, run.held, mask);
  const days = run.spec.smoothingDays ?? 1;
  const count = new Int32Array(raw.length);
  for (let g = 0; g < raw.length; g++)
    for (let k = Math.max(0, g - days + 1); k <= g; k++) if (!Number.isNaN(raw[k]!)) count[g]!++;
  return { raw, ...kept, count, window: new SortedWindow(WINDOWS.headlineDays) };
}

/** Slides every composition's headline window to day g (the value leaving out, the day's value in). */
function slideAll(all: Map<number, CompositionSeries>, g: number): void {
  for (const c of all.values()) slideWindow(c.window, c.level, g, WINDOWS.headlineDays);
}

function allCompositions(run: ModelRun): Map<number, CompositionSeries> {
  const all = new Map<number, CompositionSeries>();
  for (const mask of run.byComposition?.keys() ?? []) all.set(mask, seriesOf(run, mask));
  return all;
}

/**
 * On every scored day, each indicator with a reading is made tighter twice — by its robust-scale floor, and to
 * beyond anything in its window (a mapped reading: to 1) — and its reading, the day's aggregate, the smoothed
 * aggregate and the headline are recomputed with all else unchanged. A violation is any of them falling.
 */
export function likeForLikeMonotonicity(run: ModelRun) {
  const all = allCompositions(run);
  const day = (g: number, e: Float64Array, h: Float64Array) => {
    slideAll(all, g);
    const headline = run.headline[g]!;
    const mask = run.composition?.[g] ?? 0;
    const c = all.get(mask);
    if (Number.isNaN(headline) || !c) return null;
    fillDay(e, h, run, g, mask);
    return (r: IndicatorReadings, p: number, aggregate: number) => {
      const smoothed = c.smoothed[g]! + (aggregate - c.raw[g]!) / c.count[g]!;
      // A floor member (dli-4's backstops) moves the floor, not the mean: the floor is its members' highest.
      const floor = r.spec.group === run.spec.floor ? Math.max(c.floor[g]!, p) : c.floor[g]!;
      const level = levelOf(smoothed, floor);
      const moved = c.window.percentReplacing(level, c.level[g]!);
      return (
        aggregate < c.raw[g]! - 1e-12 ||
        smoothed < c.smoothed[g]! - 1e-12 ||
        level < c.level[g]! - 1e-12 ||
        moved < headline
      );
    };
  };
  return tightenEachInput(
    run,
    day,
    'On every scored day, each indicator with a reading is made tighter by its robust-scale floor and, separately, beyond every value in its 5-year window (a mapped reading: to 1); its reading, the aggregate, the smoothed aggregate, the level (with the floor, where the model has one) and the like-for-like headline are recomputed with all else unchanged. A violation is any of them falling.',
  );
}

/**
 * What composition changes alone moved the headline. On each day the composition changes, the headline is
 * recomputed as if it had not: yesterday's composition, the inputs that left held at the reading they had
 * yesterday, the inputs that joined left out — ranked against yesterday's composition's own history. The
 * published headline minus that is the move the change made. These moves are summed over every span of
 * TRANSITION_DAYS business days (an input can leave and another join within weeks: the whole transition counts).
 */
export function compositionMoves(run: ModelRun) {
  const combiner = new DayCombiner(run.spec, run.readings);
  const all = allCompositions(run);
  const k = run.readings.length;
  const e = new Float64Array(k);
  const h = new Float64Array(k);
  const moves = new Float64Array(run.grid.length);
  let days = 0;
  for (let g = 0; g < run.grid.length; g++) {
    slideAll(all, g);
    const mask = run.composition?.[g] ?? 0;
    const previous = g > 0 ? (run.composition?.[g - 1] ?? 0) : 0;
    const headline = run.headline[g]!;
    if (mask === previous || previous === 0 || Number.isNaN(headline) || Number.isNaN(run.headline[g - 1]!)) continue;
    const c = all.get(previous);
    if (!c || Number.isNaN(c.level[g]!)) continue;
    for (let i = 0; i < k; i++) {
      const was = (previous & (1 << i)) !== 0;
      const is = (mask & (1 << i)) !== 0;
      e[i] = was ? (is ? run.effective[i]![g]! : run.effective[i]![g - 1]!) : 0;
      h[i] = was && !is ? run.held[i]![g - 1]! : run.held[i]![g]!;
    }
    const aggregate = combiner.combine(e, h);
    if (Number.isNaN(aggregate)) continue;
    const smoothed = c.smoothed[g]! + (aggregate - c.raw[g]!) / c.count[g]!;
    if (c.window.size < WINDOWS.headlineMinHistory) continue;
    days++;
    moves[g] = headline - c.window.percentReplacing(levelOf(smoothed, c.floor[g]!), c.level[g]!);
  }
  return {
    days,
    limitPoints: TRANSITION_LIMIT_POINTS,
    ...movesOver(run, moves, TRANSITION_DAYS, TRANSITION_LIMIT_POINTS),
    method: `On each of the ${days} days the composition changed, the headline recomputed with yesterday's composition (inputs that left held at yesterday's reading, inputs that joined left out) and ranked against that composition's own history; the published headline minus that is the change's move. maxMovePoints is the largest total of those moves over any ${TRANSITION_DAYS} business days; daysOverLimit counts the days ending a span whose total exceeds ${TRANSITION_LIMIT_POINTS}.`,
  };
}

/**
 * Daily headline moves (0 on days not checked) totalled over every `span` days: how many days end a span whose
 * total is over `limit`, the largest total and the day it ends on.
 */
export function movesOver(run: ModelRun, moves: Float64Array, span: number, limit: number) {
  let max = 0;
  let worst = -1;
  let over = 0;
  let sum = 0;
  for (let g = 0; g < moves.length; g++) {
    sum += moves[g]!;
    if (g >= span) sum -= moves[g - span]!;
    if (Math.abs(sum) > limit) over++;
    if (Math.abs(sum) > max) {
      max = Math.abs(sum);
      worst = g;
    }
  }
  return { daysOverLimit: over, maxMovePoints: max, worstDate: worst >= 0 ? fromDayNumber(run.grid[worst]!) : null };
}
