import { averageRanks } from './average-ranks.ts';
import { pearson } from './pearson.ts';

/**
 * Spearman rank correlation: the Pearson correlation of average ranks (ties share their mean rank).
 * Example: spearman([1, 2, 3, 4], [10, 20, 30, 25]) = 0.8.
 */
export function spearman(x: readonly number[], y: readonly number[]): number {
  if (x.length !== y.length) throw new Error('spearman: samples differ in length');
  return pearson(averageRanks(x), averageRanks(y));
}
