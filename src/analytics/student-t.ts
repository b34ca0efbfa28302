/**
 * Student's t distribution: two-sided p-values for t statistics, via the regularized incomplete beta function
 * (continued fraction, modified Lentz). Example: t = 2.228 with 10 degrees of freedom → p ≈ 0.05.
 */
export function tTwoSidedP(t: number, df: number): number {
  if (!Number.isFinite(t) || df <= 0) return Number.NaN;
  const x = df / (df + t * t);
  return regularizedBeta(x, df / 2, 0.5);
}

export function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  // The continued fraction converges fast for x < (a+1)/(a+b+2); use the symmetry otherwise.
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(x, a, b)) / a;
  return 1 - (front * betaFraction(1 - x, b, a)) / b;
}

function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = 1 / (Math.abs(d) < tiny ? tiny : d);
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 / (Math.abs(1 + aa * d) < tiny ? tiny : 1 + aa * d);
    c = Math.abs(1 + aa / c) < tiny ? tiny : 1 + aa / c;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 / (Math.abs(1 + aa * d) < tiny ? tiny : 1 + aa * d);
    c = Math.abs(1 + aa / c) < tiny ? tiny : 1 + aa / c;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-12) break;
  }
  return h;
}

/** Lanczos approximation of ln Γ(x), x > 0. */
export function logGamma(x: number): number {
  const g = 7;
  const coefficients = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const shifted = x - 1;
  let sum = coefficients[0]!;
  for (let i = 1; i < g + 2; i++) sum += coefficients[i]! / (shifted + i);
  const t = shifted + g + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (shifted + 0.5) * Math.log(t) - t + Math.log(sum);
}

export interface WelchResult {
  t: number;
  df: number;
  p: number;
}

/** Welch's two-sample t-test (unequal variances). NaN fields when either sample has fewer than 2 values. */
export function welchTTest(a: readonly number[], b: readonly number[]): WelchResult {
  if (a.length < 2 || b.length < 2) return { t: Number.NaN, df: Number.NaN, p: Number.NaN };
  const stats = (xs: readonly number[]) => {
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length - 1);
    return { mean, v: variance / xs.length, n: xs.length };
  };
  const sa = stats(a);
  const sb = stats(b);
  const se2 = sa.v + sb.v;
  const t = (sa.mean - sb.mean) / Math.sqrt(se2);
  const df = se2 ** 2 / (sa.v ** 2 / (sa.n - 1) + sb.v ** 2 / (sb.n - 1));
  return { t, df, p: tTwoSidedP(t, df) };
}
