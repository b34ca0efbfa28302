import { Type } from '@sinclair/typebox';
import { BENCHMARKS, BOOTSTRAP, LEADS_WEEKS } from '../model/validation/benchmark-correlations.ts';
import { CRISES } from '../model/validation/crisis-checks.ts';
import { ASSETS } from '../model/validation/forward-returns.ts';
import { PERIODS } from '../model/validation/periods.ts';
import { STABILITY_LIMIT_POINTS } from '../model/validation/robustness.ts';
import { closed } from './closed.ts';
import { literals, nullable } from './literals.ts';

const NullableDate = nullable(Type.String({ format: 'date' }));

const StateReturns = closed({
  count: Type.Integer({ minimum: 0 }),
  meanPct: nullable(Type.Number()),
  medianPct: nullable(Type.Number()),
  hitRate: nullable(Type.Number({ minimum: 0, maximum: 1 })),
});

const ByState = closed({ 'risk-on': StateReturns, neutral: StateReturns, 'risk-off': StateReturns });

/** One asset at one horizon: used by /api/model (validation) and /api/correlation (backtest). */
export const ForwardReturns = closed({
  asset: literals(ASSETS, 'asset id'),
  horizonBusinessDays: Type.Integer({ minimum: 1 }),
  sampling: Type.String({ description: 'How the non-overlapping sample (the top-level figures) was drawn.' }),
  from: nullable(Type.String({ format: 'date' }), {
    description: 'Start of the first window of the non-overlapping sample.',
  }),
  to: nullable(Type.String({ format: 'date' }), {
    description: 'End of the last window of the non-overlapping sample.',
  }),
  byState: ByState,
  riskOnMinusRiskOffPct: nullable(Type.Number()),
  welch: closed(
    { t: nullable(Type.Number()), df: nullable(Type.Number()), p: nullable(Type.Number({ minimum: 0, maximum: 1 })) },
    { description: "Welch's t-test of risk-on vs risk-off on the non-overlapping sample." },
  ),
  allWindows: closed(
    {
      byState: ByState,
      riskOnMinusRiskOffPct: nullable(Type.Number()),
      neweyWest: closed(
        {
          lag: Type.Integer({ minimum: 0 }),
          se: nullable(Type.Number({ minimum: 0 })),
          t: nullable(Type.Number()),
          p: nullable(Type.Number({ minimum: 0, maximum: 1 })),
        },
        {
          description:
            'Newey–West (Bartlett, lag = horizon − 1) standard error of the spread; p from Student t with (windows ÷ horizon − 2) degrees of freedom.',
        },
      ),
    },
    { description: 'Every daily window (overlapping).' },
  ),
  phases: closed(
    {
      count: Type.Integer({ minimum: 0 }),
      positive: Type.Integer({ minimum: 0 }),
      negative: Type.Integer({ minimum: 0 }),
      minPct: nullable(Type.Number()),
      maxPct: nullable(Type.Number()),
    },
    {
      description:
        'The risk-on minus risk-off spread for each of the `horizon` possible starting offsets of the non-overlapping sample: how many are positive and negative (a spread of exactly 0 is neither, so the two can add up to less than count), and their range.',
    },
  ),
});

const Correlation = closed({
  benchmark: literals(BENCHMARKS, 'benchmark id'),
  period: literals(
    PERIODS.map((p) => p.id),
    `sample period: ${PERIODS.map((p) => `${p.id} ${p.from} → ${p.to.startsWith('2999') ? 'end' : p.to}`).join('; ')}. in-sample chose the model; the rest are reported.`,
  ),
  leadWeeks: Type.Integer({
    minimum: 0,
    description: `Benchmark taken this many weeks later: ${LEADS_WEEKS.join(', ')}.`,
  }),
  rho: nullable(Type.Number({ minimum: -1, maximum: 1 })),
  interval90: Type.Union(
    [Type.Array(Type.Number({ minimum: -1, maximum: 1 }), { minItems: 2, maxItems: 2 }), Type.Null()],
    {
      description: `90 % moving-block bootstrap interval (${BOOTSTRAP.blockLength}-week blocks, ${BOOTSTRAP.resamples} resamples, seed ${BOOTSTRAP.seed}): [low, high].`,
    },
  ),
  n: Type.Integer({ minimum: 0, description: 'Fridays in the sample.' }),
  from: NullableDate,
  to: NullableDate,
});

const Crisis = closed({
  id: literals(
    CRISES.map((c) => c.id),
    'crisis id',
  ),
  name: Type.String(),
  date: Type.String({ format: 'date' }),
  test: Type.String(),
  hit: nullable(Type.Boolean(), { description: 'null when the model did not score the window.' }),
  peak: nullable(Type.Number()),
  firstHit: NullableDate,
});

const Robustness = closed(
  {
    monotonicity: closed({
      checks: Type.Integer({ minimum: 0 }),
      violations: Type.Integer({ minimum: 0 }),
      firstViolation: NullableDate,
      method: Type.String(),
    }),
    stability: closed({
      days: Type.Integer({ minimum: 0 }),
      limitPoints: Type.Integer({
        description: `Always ${STABILITY_LIMIT_POINTS}: dli-2 per day, dli-3 and dli-4 in total over any span of 65 business days (see method).`,
      }),
      daysOverLimit: Type.Integer({ minimum: 0 }),
      maxMovePoints: Type.Number({ minimum: 0 }),
      worstDate: NullableDate,
      method: Type.String(),
    }),
    drivers: closed({
      days: Type.Integer({ minimum: 0 }),
      sumMatches: Type.Integer({ minimum: 0 }),
      signAgrees: Type.Integer({ minimum: 0 }),
      signAgreesShare: nullable(Type.Number({ minimum: 0, maximum: 1 })),
      method: Type.String(),
    }),
  },
  { description: "The model's guarantees, checked on every scored day." },
);

export const Validation = closed({
  correlations: Type.Array(Correlation),
  crises: Type.Array(Crisis),
  forwardReturns: Type.Array(ForwardReturns),
  robustness: nullable(Robustness, { description: 'null for dli-1, whose CISS aggregation made no such guarantees.' }),
  targets: Type.Array(
    closed({
      id: Type.String({
        description: 'T1–T8 as in docs/dli-3-protocol.md; dli-4 adds T9–T12 (docs/dli-4-protocol.md).',
      }),
      target: Type.String(),
      figure: Type.String({ description: 'What was measured on this history.' }),
      pass: nullable(Type.Boolean(), { description: 'null when the history does not cover what the target needs.' }),
    }),
    {
      description:
        "The model's targets on the published history, pass or fail: set by studies that had seen 2019–2025, so they are not a blind test (docs/dli-3-protocol.md, docs/dli-4-protocol.md).",
    },
  ),
});
