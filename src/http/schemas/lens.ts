import { type TSchema, Type } from '@sinclair/typebox';
import { LOCALES } from '../../timeseries/locales.ts';

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const states = (values: readonly string[], description: string) =>
  Type.Union([...values.map((v) => Type.Literal(v)), Type.Null()], {
    description: `${description} Null until its inputs exist.`,
  });
const Date_ = Type.Union([Type.String({ format: 'date' }), Type.Null()], {
  description: 'Latest observation date this axis uses.',
});
const Trend = (what: string) => states(['rising', 'flat', 'falling'], what);
const Tier = (valueKey: string, trendKey: string, unit: string, rule: string) =>
  Type.Object(
    {
      [valueKey]: nullable(Type.Number({ description: unit })),
      state: states(['calm', 'elevated', 'stressed'], rule),
      [trendKey]: nullable(Type.Number({ description: `Change over 28 days (${unit}).` })),
      direction: states(['widening', 'stable', 'narrowing'], 'Direction of the 28-day change (see methodology).'),
    },
    { additionalProperties: false },
  );

export const Lens = Type.Object(
  {
    quantity: Type.Object(
      {
        stance: states(
          ['expanding', 'neutral', 'draining'],
          'expanding: flow > 0 and dial ≥ 60; draining: flow < 0 and dial ≤ 40.',
        ),
        flow: nullable(Type.Number({ description: 'Net-liquidity change over 28 days, USD billions.' })),
        dial: nullable(
          Type.Integer({
            minimum: 0,
            maximum: 100,
            description: 'Percentile of that flow among 28-day flows of the last 5 years.',
          }),
        ),
        bufferPct: nullable(Type.Number({ description: 'Reserves + ON RRP as % of commercial bank assets.' })),
        bufferState: states(['ample', 'adequate', 'scarce'], 'ample ≥ 13 %, scarce < 10 %.'),
        srfNonZeroShare90d: nullable(
          Type.Number({
            minimum: 0,
            maximum: 1,
            description: 'Share of days in the last 90 with standing-repo usage > 0.',
          }),
        ),
        realized: Type.Union([Type.Boolean(), Type.Null()], {
          description:
            'Funding prices confirm the stance: SOFR − IORB (20-day mean) ≥ −2 bps for draining, ≤ −5 bps for expanding, within −10…+2 bps for neutral.',
        }),
        dataAsOf: Date_,
      },
      { additionalProperties: false },
    ),
    price: Type.Object(
      {
        pathSpreadBps: nullable(Type.Number({ description: '2-year Treasury minus effective fed funds, bps.' })),
        pathPricing: states(['cuts', 'on-hold', 'hikes'], 'cuts ≤ −25 bps, hikes ≥ +25 bps.'),
        realYieldPct: nullable(Type.Number({ description: '10-year TIPS yield, percent.' })),
        realYieldTrendPp: nullable(Type.Number({ description: 'Change over 91 days, pp.' })),
        realYieldTrend: Trend('rising ≥ +0.15 pp, falling ≤ −0.15 pp over 91 days.'),
        termPremiumPct: nullable(Type.Number({ description: 'Kim–Wright 10-year term premium, percent.' })),
        termPremiumLevel: states(
          ['negative', 'low', 'normal', 'elevated'],
          '< 0 negative, < 0.5 low, < 1.5 normal, else elevated.',
        ),
        termPremiumTrendPp: nullable(Type.Number({ description: 'Change over 91 days, pp.' })),
        termPremiumTrend: Trend('rising ≥ +0.15 pp, falling ≤ −0.15 pp over 91 days.'),
        curveContextBps: nullable(Type.Number({ description: '10-year minus 2-year Treasury, bps.' })),
        dataAsOf: Date_,
      },
      { additionalProperties: false },
    ),
    structure: Type.Object(
      {
        tgaFlow: nullable(
          Type.Number({ description: 'TGA change over 28 days, USD billions; positive drains reserves.' }),
        ),
        fiscalPulse: states(['adding', 'neutral', 'draining'], 'draining at tgaFlow ≥ +50, adding at ≤ −50.'),
        rrpBalanceB: nullable(Type.Number({ description: 'ON RRP balance, USD billions.' })),
        rrpBufferState: states(['ample', 'low', 'depleted'], 'ample ≥ 500, low ≥ 50, else depleted (USD bn).'),
        billsShareContext: Type.Object(
          {
            levelPct: nullable(Type.Number({ description: 'Bills as % of marketable Treasury debt.' })),
            direction6m: Trend('rising ≥ +1 pp, falling ≤ −1 pp over 182 days.'),
          },
          { additionalProperties: false },
        ),
        fundingOverride: nullable(
          Type.Number({
            minimum: 0,
            maximum: 1,
            description: 'max(7-day max SOFR − IORB / 15 bps, 7-day max SRF / 25 bn), clipped to 0–1.',
          }),
        ),
        dominantFundingLeg: states(
          ['sofr-iorb', 'srf'],
          'The larger leg when fundingOverride ≥ 0.2; null when there is no stress.',
        ),
        cpTbillTiering: Tier(
          'spreadBps',
          'trendBps',
          'bps',
          'CP − T-bill: calm < 30, elevated < 85, stressed ≥ 85 bps.',
        ),
        hyIgTiering: Tier(
          'spreadBps',
          'trendBps',
          'bps',
          'HY OAS − IG OAS: calm < 450, elevated < 700, stressed ≥ 700 bps. Both spreads are ICE BofA indices, whose terms prohibit reproduction: spreadBps and trendBps are always null (withheld); state and direction are published.',
        ),
        bankCashTiering: Tier(
          'gapPp',
          'trendPp',
          'pp',
          'Bank cash buffer minus its 5-year median: elevated ≤ −1, stressed ≤ −2.5 pp.',
        ),
        dataAsOf: Date_,
      },
      { additionalProperties: false },
    ),
    synthesis: Type.Object(
      {
        cell: Type.Object(
          {
            posture: states(
              ['supportive', 'neutral', 'restrictive'],
              'Structural: buffer, ON RRP buffer and path pricing (see methodology).',
            ),
            pulse: states(
              ['easing', 'steady', 'tightening'],
              'Tactical: stance, fiscal pulse, real-yield trend, funding stress.',
            ),
          },
          { additionalProperties: false },
        ),
        narrative: Type.String({ description: 'Two to four sentences explaining the cell, in the requested locale.' }),
        dataAsOf: Date_,
      },
      { additionalProperties: false },
    ),
    dataAsOf: Date_,
    updatedAt: Type.String({ format: 'date-time' }),
    lang: Type.Union(
      LOCALES.map((l) => Type.Literal(l)),
      { description: 'The locale the narrative is written in (resolved from the lang parameter).' },
    ),
  },
  { $id: 'Lens', additionalProperties: false },
);
