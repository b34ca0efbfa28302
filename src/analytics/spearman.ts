/**
 * Spearman rank correlation: Pearson correlation of average ranks (ties share their mean rank).
 * Example: spearman([1, 2, 3, 4], [10, 20, 30, 25]) = 0.8.
 */
export function spearman(x: readonly number[], y: readonly number[]): number {
  if (x.length !== y.length) throw new Error('spearman: samples differ in length');
  return pearson(averageRanks(x), averageRanks(y));
}

export function pearson(x: readonly number[], y: readonly number[]): number {
  const n = x.length;
  if (n < 3) return Number.NaN;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i]!;
    my += y[i]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? Number.NaN : sxy / Math.sqrt(sxx * syy);
}

/** 1-based ranks, ties averaged. Example: [10, 20, 20, 5] → [2, 3.5, 3.5, 1]. */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const ranks = new Array<number>(values.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[order[k]![1]] = rank;
    i = j + 1;
  }
  return ranks;
}
