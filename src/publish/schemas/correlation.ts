import { type TSchema, Type } from '@sinclair/typebox';
import { ForwardReturns } from '../../analytics/schemas/validation.ts';
import { Provenance } from './provenance.ts';

const ASSETS = ['spx', 'qqq', 'btc', 'gold'] as const;
const Rho = Type.Union([Type.Number({ minimum: -1, maximum: 1 }), Type.Null()]);
const keyed = <T extends TSchema>(keys: readonly string[], value: T, description: string) =>
  Type.Object(Object.fromEntries(keys.map((k) => [k, value])), { additionalProperties: false, description });

const Rolling = Type.Object(
  {
    latest: Rho,
    n: Type.Integer({ minimum: 0, description: 'Weeks behind the latest value.' }),
    asOf: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
    path: Type.Array(
      Type.Object({ date: Type.String({ format: 'date' }), rho: Rho, n: Type.Integer({ minimum: 0 }) }),
      {
        description: 'The last 26 weekly values, ascending.',
      },
    ),
  },
  { additionalProperties: false },
);

const LeadLag = Type.Object(
  {
    window: Type.Object({
      from: Type.Union([Type.String(), Type.Null()]),
      to: Type.Union([Type.String(), Type.Null()]),
    }),
    lags: Type.Array(
      Type.Object({ lag: Type.Integer({ minimum: -13, maximum: 13 }), rho: Rho, n: Type.Integer({ minimum: 0 }) }),
      {
        description: 'ρ(liquidity change at week t, asset return at week t + lag); lag > 0: liquidity leads.',
      },
    ),
    best: Type.Union([Type.Object({ lag: Type.Integer(), rho: Type.Number(), n: Type.Integer() }), Type.Null()]),
    threshold95: Type.Union([Type.Number(), Type.Null()], { description: '1.96 / √n: a single-lag 95 % threshold.' }),
    thresholdBonferroni: Type.Union([Type.Number(), Type.Null()], {
      description: 'z(1 − 0.025/27) / √n: the threshold the best of 27 lags must pass.',
    }),
    significant: Type.Boolean({ description: 'Whether |best.rho| exceeds thresholdBonferroni.' }),
  },
  { additionalProperties: false },
);

export const Correlation = Type.Object(
  {
    updatedAt: Type.String({ format: 'date-time' }),
    frequency: Type.Literal('weekly', { description: 'Fridays; every value as known that day.' }),
    dataAsOf: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
    assets: Type.Array(Type.Union(ASSETS.map((a) => Type.Literal(a)))),
    correlations: keyed(
      ASSETS,
      keyed(
        ['headline', 'netLiquidity'],
        keyed(['13w', '26w', '52w'], Rolling, 'Rolling windows in weeks.'),
        'headline: weekly change of the 0–100 headline (higher = tighter); netLiquidity: weekly change in USD bn.',
      ),
      'Rolling Pearson correlation of weekly liquidity changes with weekly log returns, keyed by asset.',
    ),
    leadLag: keyed(
      ASSETS,
      keyed(['headline', 'netLiquidity'], LeadLag, 'By liquidity measure.'),
      'Cross-correlation over the last 260 weeks, keyed by asset.',
    ),
    backtest: keyed(
      ASSETS,
      Type.Object(
        { horizons: keyed(['20d', '60d'], ForwardReturns, 'Forward horizons in business days.') },
        { additionalProperties: false },
      ),
      'Forward returns by regime state (the non-overlapping sample at the top level, every daily window with Newey–West errors, and every sampling phase; the state uses only data published by that day), keyed by asset.',
    ),
    provenance: Provenance,
  },
  { $id: 'Correlation', additionalProperties: false },
);

export const CorrelationHistory = Type.Object(
  {
    updatedAt: Type.String({ format: 'date-time' }),
    windowWeeks: Type.Integer({ minimum: 1, description: 'The rolling window, in weeks (52).' }),
    dates: Type.Array(Type.String({ format: 'date' }), {
      description:
        'Every Friday from the first to the last week with a value, ascending; every value as known that day.',
    }),
    rho: keyed(
      ASSETS,
      keyed(
        ['headline', 'netLiquidity'],
        Type.Array(Rho, { description: 'One value per date; null where the window holds under 80 % of its weeks.' }),
        'headline: weekly change of the 0–100 headline (higher = tighter); netLiquidity: weekly change in USD bn.',
      ),
      'Pearson correlation of weekly liquidity changes with weekly log returns, keyed by asset.',
    ),
    provenance: Provenance,
  },
  { $id: 'CorrelationHistory', additionalProperties: false },
);
