import { Type } from '@sinclair/typebox';
import {
  BACKTEST_HORIZONS,
  LEAD_LAG_WEEKS,
  MAX_LAG_WEEKS,
  MEASURES,
  PATH_WEEKS,
  WINDOWS_WEEKS,
} from '../correlation/correlation.ts';
import { ASSETS } from '../model/validation/forward-returns.ts';
import { closed } from './closed.ts';
import { keyed } from './keyed.ts';
import { nullable } from './literals.ts';
import { ForwardReturns } from './validation.ts';

const Rho = nullable(Type.Number({ minimum: -1, maximum: 1 }));
const WINDOW_KEYS = WINDOWS_WEEKS.map((w) => `${w}w` as const);
const HORIZON_KEYS = BACKTEST_HORIZONS.map((h) => `${h}d` as const);
const LAGS = 2 * MAX_LAG_WEEKS + 1;

const Rolling = closed({
  latest: Rho,
  n: Type.Integer({ minimum: 0, description: 'Weeks behind the latest value.' }),
  asOf: nullable(Type.String({ format: 'date' })),
  path: Type.Array(Type.Object({ date: Type.String({ format: 'date' }), rho: Rho, n: Type.Integer({ minimum: 0 }) }), {
    description: `The last ${PATH_WEEKS} weekly values, ascending.`,
  }),
});

const LeadLag = closed({
  window: Type.Object({
    from: nullable(Type.String()),
    to: nullable(Type.String()),
  }),
  lags: Type.Array(
    Type.Object({
      lag: Type.Integer({ minimum: -MAX_LAG_WEEKS, maximum: MAX_LAG_WEEKS }),
      rho: Rho,
      n: Type.Integer({ minimum: 0 }),
    }),
    {
      description: 'ρ(liquidity change at week t, asset return at week t + lag); lag > 0: liquidity leads.',
    },
  ),
  best: nullable(Type.Object({ lag: Type.Integer(), rho: Type.Number(), n: Type.Integer() })),
  threshold95: nullable(Type.Number(), { description: '1.96 / √n: a single-lag 95 % threshold.' }),
  thresholdBonferroni: nullable(Type.Number(), {
    description: `z(1 − 0.025/${LAGS}) / √n: the threshold the best of ${LAGS} lags must pass.`,
  }),
  significant: Type.Boolean({ description: 'Whether |best.rho| exceeds thresholdBonferroni.' }),
});

/** The correlation statistics as analytics/correlation/correlation.ts computes them. */
export const CorrelationFigures = closed({
  frequency: Type.Literal('weekly', { description: 'Fridays; every value as known that day.' }),
  dataAsOf: nullable(Type.String({ format: 'date' })),
  assets: Type.Array(Type.Union(ASSETS.map((a) => Type.Literal(a)))),
  correlations: keyed(
    ASSETS,
    keyed(
      MEASURES,
      keyed(WINDOW_KEYS, Rolling, 'Rolling windows in weeks.'),
      'headline: weekly change of the 0–100 headline (higher = tighter); netLiquidity: weekly change in USD bn.',
    ),
    "Rolling Pearson correlation of weekly liquidity changes with weekly log returns, keyed by asset. An asset without prices (its provider sent none: /api/health's sources say why; provenance.inputs[].lastDate is null) keeps its key with n 0 and null figures.",
  ),
  leadLag: keyed(
    ASSETS,
    keyed(MEASURES, LeadLag, 'By liquidity measure.'),
    `Cross-correlation over the last ${LEAD_LAG_WEEKS} weeks, keyed by asset.`,
  ),
  backtest: keyed(
    ASSETS,
    closed({ horizons: keyed(HORIZON_KEYS, ForwardReturns, 'Forward horizons in business days.') }),
    'Forward returns by regime state (the non-overlapping sample at the top level, every daily window with Newey–West errors, and every sampling phase; the state uses only data published by that day), keyed by asset.',
  ),
});

/** The rolling correlation over the whole history, as analytics computes it. */
export const RollingCorrelation = closed({
  windowWeeks: Type.Integer({ minimum: 1, description: 'The rolling window, in weeks (52).' }),
  dates: Type.Array(Type.String({ format: 'date' }), {
    description: 'Every Friday from the first to the last week with a value, ascending; every value as known that day.',
  }),
  rho: keyed(
    ASSETS,
    keyed(
      MEASURES,
      Type.Array(Rho, { description: 'One value per date; null where the window holds under 80 % of its weeks.' }),
      'headline: weekly change of the 0–100 headline (higher = tighter); netLiquidity: weekly change in USD bn.',
    ),
    'Pearson correlation of weekly liquidity changes with weekly log returns, keyed by asset.',
  ),
});
