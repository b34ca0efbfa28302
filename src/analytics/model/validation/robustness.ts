import type { Static } from '@sinclair/typebox';
import type { Validation as ValidationSchema } from '../../schemas/validation.ts';
import { round } from '../../stats/round.ts';
import { SortedWindow, slideWindow } from '../../stats/sorted-window.ts';
import { contributionsOn, momentumBase } from '../drivers.ts';
import type { ModelRun } from '../liquidity-model.ts';
import { WINDOWS } from '../spec.ts';
import { DayCombiner, fillDay } from '../weighted-mean.ts';
import { compositionMoves, likeForLikeMonotonicity, movesOver } from './like-for-like-checks.ts';
import { tightenEachInput } from './monotonicity.ts';

/** Most a change of weights alone (an input or group leaving or returning) may move the headline in a day. */
export const STABILITY_LIMIT_POINTS = 5;

/**
 * The guarantees of dli-2 checked on every day of the run, through the model's own code (DayCombiner and the
 * trailing windows), not restated: what is published is what was checked.
 */
export type Robustness = NonNullable<Static<typeof ValidationSchema>['robustness']>;

/** null for a model whose aggregation is not a weighted mean (dli-1's CISS makes no such promises). */
export function robustness(run: ModelRun): Robustness | null {
  if (run.spec.aggregation !== 'weighted-mean') return null;
  if (run.spec.headline === 'like-for-like')
    return {
      monotonicity: likeForLikeMonotonicity(run),
      stability: compositionMoves(run),
      drivers: driverAgreement(run),
    };
  return { monotonicity: monotonicity(run), stability: stability(run), drivers: driverAgreement(run) };
}

/**
 * On every scored day, for every indicator with a reading, its transformed value is made tighter twice — by its
 * robust-scale floor, and to beyond anything in its window — and its percentile, the aggregate and the headline
 * are recomputed with everything else as it was. A violation is any of the three going down.
 */
function monotonicity(run: ModelRun): Robustness['monotonicity'] {
  const headlineWindow = new SortedWindow(WINDOWS.headlineDays);
  const day = (g: number, e: Float64Array, h: Float64Array) => {
    slideWindow(headlineWindow, run.aggregate, g, WINDOWS.headlineDays);
    const headline = run.headline[g]!;
    if (Number.isNaN(headline)) return null;
    fillDay(e, h, run, g);
    return (_r: unknown, _p: number, aggregate: number) =>
      aggregate < run.aggregate[g]! - 1e-12 ||
      Math.round(100 * headlineWindow.rankReplacing(aggregate, run.aggregate[g]!)) < headline;
  };
  return tightenEachInput(
    run,
    day,
    'On every scored day, each indicator with a reading is made tighter by its robust-scale floor and, separately, beyond every value in its 5-year window; its percentile, the aggregate and the headline are recomputed with all else unchanged. A violation is any of them falling.',
  );
}

/**
 * On every scored day, the aggregate is recomputed with the previous day's weights (presences) and today's
 * values; the headline it would have had is compared with the published one. The difference is what the change
 * of weights alone — an input or a group fading in or out — moved the headline that day.
 */
function stability(run: ModelRun): Robustness['stability'] {
  const combiner = new DayCombiner(run.spec, run.readings);
  const headlineWindow = new SortedWindow(WINDOWS.headlineDays);
  const e = new Float64Array(run.readings.length);
  const h = new Float64Array(run.readings.length);
  const moves = new Float64Array(run.grid.length);
  let days = 0;
  for (let g = 0; g < run.grid.length; g++) {
    slideWindow(headlineWindow, run.aggregate, g, WINDOWS.headlineDays);
    const headline = run.headline[g]!;
    if (g === 0 || Number.isNaN(headline)) continue;
    for (let i = 0; i < run.readings.length; i++) {
      e[i] = run.effective[i]![g - 1]!;
      // An input that left today carries the percentile it held yesterday.
      h[i] = Number.isNaN(run.held[i]![g]!) ? run.held[i]![g - 1]! : run.held[i]![g]!;
    }
    const aggregate = combiner.combine(e, h);
    if (Number.isNaN(aggregate)) continue;
    days++;
    moves[g] = Math.abs(headline - Math.round(100 * headlineWindow.rankReplacing(aggregate, run.aggregate[g]!)));
  }
  return {
    days,
    limitPoints: STABILITY_LIMIT_POINTS,
    ...movesOver(run, moves, 1, STABILITY_LIMIT_POINTS),
    method:
      "On every scored day, the headline recomputed with the previous day's weights and today's values, against the published headline: what changing weights alone moved.",
  };
}

/**
 * On every scored day with a scored momentum base: do the driver contributions add up to the aggregate's move
 * (to 1e-9), and does that move have the sign of the headline's move (days where both moved)?
 */
function driverAgreement(run: ModelRun): Robustness['drivers'] {
  let days = 0;
  let sumMatches = 0;
  let moved = 0;
  let agrees = 0;
  for (let g = 0; g < run.grid.length; g++) {
    const back = momentumBase(run, g);
    if (back === g || Number.isNaN(run.headline[g]!) || Number.isNaN(run.headline[back]!)) continue;
    const level = run.level ?? run.aggregate;
    const change = level[g]! - level[back]!;
    const sum = contributionsOn(run, g).reduce((a, b) => a + b, 0);
    days++;
    if (Math.abs(sum - change) <= 1e-9) sumMatches++;
    const headlineMove = run.headline[g]! - run.headline[back]!;
    if (headlineMove === 0 || Math.abs(sum) <= 1e-12) continue;
    moved++;
    if (Math.sign(headlineMove) === Math.sign(sum)) agrees++;
  }
  return {
    days,
    sumMatches,
    signAgrees: agrees,
    signAgreesShare: moved > 0 ? round(agrees / moved, 3) : null,
    method: `Contributions are each indicator's change of share in ${run.spec.floor ? 'the level (the smoothed aggregate, with the backstops’ floor)' : run.level ? 'the smoothed aggregate' : 'the aggregate'} since the momentum base day; they add up to its change. The sign share counts days on which both the headline and the contributions moved.`,
  };
}
