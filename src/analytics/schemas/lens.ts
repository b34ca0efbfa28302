import { type TObject, Type } from '@sinclair/typebox';
import { LENS_RULES as R } from '../lens/rules.ts';
import { closed } from './closed.ts';
import { nullable, nullableLiterals as states } from './literals.ts';

/** Signed numbers as the documentation writes them: +0.15, −25. */
const signed = (x: number) => (x > 0 ? `+${x}` : x < 0 ? `−${-x}` : '0');
const Date_ = nullable(Type.String({ format: 'date' }), {
  description:
    "Latest observation date this axis uses: the newest of its inputs' (each tiering carries its own; provenance.inputs[].lastDate gives every input's).",
});
const Trend = (what: string) => states(['rising', 'flat', 'falling'], what);
const tierValue = (description: string) => nullable(Type.Number({ description }));
const tierState = (rule: string) => states(['calm', 'elevated', 'stressed'], rule);
const tierDirection = () =>
  states(['widening', 'stable', 'narrowing'], `Direction of the ${R.tieringTrendDays}-day change (see methodology).`);
const tierDate = () =>
  nullable(Type.String({ format: 'date' }), {
    description:
      "Date of the latest observation this reading uses: it can be much older than the axis' dataAsOf (a spread whose inputs stopped).",
  });
type TierProperties<V extends string, K extends string> = {
  [P in V | K | 'state' | 'direction' | 'dataAsOf']: P extends 'state'
    ? ReturnType<typeof tierState>
    : P extends 'direction'
      ? ReturnType<typeof tierDirection>
      : P extends 'dataAsOf'
        ? ReturnType<typeof tierDate>
        : ReturnType<typeof tierValue>;
};

/** A tiering reading: its value and its trend under their own keys (typed, so that Static<> keeps them). */
const Tier = <V extends string, K extends string>(
  valueKey: V,
  trendKey: K,
  unit: string,
  rule: string,
): TObject<TierProperties<V, K>> => {
  const properties = {
    [valueKey]: tierValue(unit),
    state: tierState(rule),
    [trendKey]: tierValue(`Change over ${R.tieringTrendDays} days (${unit}).`),
    direction: tierDirection(),
    dataAsOf: tierDate(),
  } as TierProperties<V, K>;
  return closed(properties);
};

/**
 * The lens as analytics/lens/lens.ts computes it (its type is Static<> of this); publish/schemas/lens.ts adds the
 * narrative, the locale and the publication's stamps.
 */
export const LensReading = closed({
  quantity: closed({
    stance: states(
      ['expanding', 'neutral', 'draining'],
      `expanding: flow > 0 and dial ≥ ${R.stanceDialHigh}; draining: flow < 0 and dial ≤ ${R.stanceDialLow}.`,
    ),
    flow: nullable(Type.Number({ description: `Net-liquidity change over ${R.flowWindowDays} days, USD billions.` })),
    dial: nullable(
      Type.Integer({
        minimum: 0,
        maximum: 100,
        description: `Percentile of that flow among ${R.flowWindowDays}-day flows of the last 5 years.`,
      }),
    ),
    bufferPct: nullable(Type.Number({ description: 'Reserves + ON RRP as % of commercial bank assets.' })),
    bufferState: states(
      ['ample', 'adequate', 'scarce'],
      `ample ≥ ${R.bufferAmplePct} %, scarce < ${R.bufferScarcePct} %, adequate between. The lens' own scale, of reserves + ON RRP: its "ample" is what the Fed's staff call abundant (the regime's fedTerms and summary use their words, of reserves alone: the turn from abundant to ample at 12–13 % of bank assets).`,
    ),
    srfNonZeroShare90d: nullable(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description: `Share of days in the last ${R.srfWindowDays} with standing-repo usage > 0.`,
      }),
    ),
    realized: nullable(Type.Boolean(), {
      description: `Funding prices confirm the stance: SOFR − IORB (${R.realizedMeanDays}-day mean) ≥ ${signed(R.realizedDrainingBps)} bps for draining, ≤ ${signed(R.realizedExpandingBps)} bps for expanding, within ${signed(R.realizedNeutralBps[0])}…${signed(R.realizedNeutralBps[1])} bps for neutral.`,
    }),
    dataAsOf: Date_,
  }),
  price: closed({
    pathSpreadBps: nullable(Type.Number({ description: '2-year Treasury minus effective fed funds, bps.' })),
    pathPricing: states(
      ['cuts', 'on-hold', 'hikes'],
      `cuts ≤ ${signed(R.pathCutsBps)} bps, hikes ≥ ${signed(R.pathHikesBps)} bps.`,
    ),
    realYieldPct: nullable(Type.Number({ description: '10-year TIPS yield, percent.' })),
    realYieldTrendPp: nullable(Type.Number({ description: `Change over ${R.trendWindowDays} days, pp.` })),
    realYieldTrend: Trend(`rising ≥ +${R.trendPp} pp, falling ≤ −${R.trendPp} pp over ${R.trendWindowDays} days.`),
    termPremiumPct: nullable(Type.Number({ description: 'Kim–Wright 10-year term premium, percent.' })),
    termPremiumLevel: states(
      ['negative', 'low', 'normal', 'elevated'],
      `< 0 negative, < ${R.termPremiumLowPct} low, < ${R.termPremiumElevatedPct} normal, else elevated.`,
    ),
    termPremiumTrendPp: nullable(Type.Number({ description: `Change over ${R.trendWindowDays} days, pp.` })),
    termPremiumTrend: Trend(`rising ≥ +${R.trendPp} pp, falling ≤ −${R.trendPp} pp over ${R.trendWindowDays} days.`),
    curveContextBps: nullable(Type.Number({ description: '10-year minus 2-year Treasury, bps.' })),
    dataAsOf: Date_,
  }),
  structure: closed({
    tgaFlow: nullable(
      Type.Number({
        description: `TGA change over ${R.flowWindowDays} days, USD billions; positive drains reserves.`,
      }),
    ),
    fiscalPulse: states(
      ['adding', 'neutral', 'draining'],
      `draining at tgaFlow ≥ +${R.fiscalBn}, adding at ≤ −${R.fiscalBn}.`,
    ),
    rrpBalanceB: nullable(Type.Number({ description: 'ON RRP balance, USD billions.' })),
    rrpBufferState: states(
      ['ample', 'low', 'depleted'],
      `ample ≥ ${R.rrpAmpleBn}, low ≥ ${R.rrpLowBn}, else depleted (USD bn).`,
    ),
    billsShareContext: closed({
      levelPct: nullable(Type.Number({ description: 'Bills as % of marketable Treasury debt.' })),
      direction6m: Trend(
        `rising ≥ +${R.billsTrendPp} pp, falling ≤ −${R.billsTrendPp} pp over ${R.billsWindowDays} days.`,
      ),
    }),
    fundingOverride: nullable(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description: `max(${R.overrideWindowDays}-day max SOFR − IORB / ${R.overrideSofrBps} bps, ${R.overrideWindowDays}-day max SRF / ${R.overrideSrfBn} bn), clipped to 0–1.`,
      }),
    ),
    dominantFundingLeg: states(
      ['sofr-iorb', 'srf'],
      `The larger leg when fundingOverride ≥ ${R.overrideStress}; null when there is no stress.`,
    ),
    cpTbillTiering: Tier<'spreadBps', 'trendBps'>(
      'spreadBps',
      'trendBps',
      'bps',
      `CP − T-bill: calm < ${R.cpTbill.elevated}, elevated < ${R.cpTbill.stressed}, stressed ≥ ${R.cpTbill.stressed} bps.`,
    ),
    hyIgTiering: Tier<'spreadBps', 'trendBps'>(
      'spreadBps',
      'trendBps',
      'bps',
      `HY OAS − IG OAS: calm < ${R.hyIg.elevated}, elevated < ${R.hyIg.stressed}, stressed ≥ ${R.hyIg.stressed} bps. Both spreads are ICE BofA indices, whose terms prohibit reproduction: spreadBps and trendBps are always null (withheld); state and direction are published.`,
    ),
    bankCashTiering: Tier<'gapPp', 'trendPp'>(
      'gapPp',
      'trendPp',
      'pp',
      `Bank cash buffer minus its 5-year median: elevated ≤ ${signed(R.bankCash.elevated)}, stressed ≤ ${signed(R.bankCash.stressed)} pp.`,
    ),
    dataAsOf: Date_,
  }),
  synthesis: closed({
    cell: closed({
      posture: states(
        ['supportive', 'neutral', 'restrictive'],
        'Structural: buffer, ON RRP buffer and path pricing (see methodology).',
      ),
      pulse: states(
        ['easing', 'steady', 'tightening'],
        'Tactical: stance, fiscal pulse, real-yield trend, funding stress.',
      ),
    }),
    dataAsOf: Date_,
  }),
  dataAsOf: Date_,
});
