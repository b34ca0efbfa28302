import { type Static, Type } from '@sinclair/typebox';
import { INDICATOR_COUNT } from '../../timeseries/catalog.ts';
import {
  CONFIDENCES,
  GROUP_IDS as GroupIds,
  LEVEL_BANDS,
  RESERVE_SATIATION_PERCENT,
  STATUSES,
  THRESHOLDS as T,
  WINDOWS,
} from '../model/spec.ts';
import { closed } from './closed.ts';
import { keyed } from './keyed.ts';
import { literals, nullable } from './literals.ts';

/*
 * The regime reading's shape, written once: analytics/model/regime.ts computes it (its type is Static<> of these),
 * publish/schemas/regime.ts adds the publication's stamps (freshness, provenance, asOf) and serves it.
 */

export const Driver = closed({
  indicatorId: Type.String({
    description: `The model input: one of the ${INDICATOR_COUNT} indicator ids, or another input described in /api/model and the catalog (/api/series), served at url — reserve-ratio (bank reserves / commercial-bank assets), effr-iorb (EFFR − IORB), fed-repo (the Fed’s repurchase agreements, FRED WORAL), and from dli-4 core-net-liquidity (net liquidity less the Fed’s backstop lending) and fed-lending (primary credit + BTFP + other credit).`,
  }),
  url: Type.String({
    format: 'uri',
    description: `Where the driver's series is served, with the same windows, transforms and point in time: /api/series/{indicatorId} for one of the ${INDICATOR_COUNT} indicators, /api/data/{indicatorId} for the model's other inputs (effr-iorb, reserve-ratio, fed-repo…).`,
  }),
  group: literals(GroupIds, 'The model group of the indicator.'),
  weight: Type.Number({
    description:
      "The indicator's weight in today's aggregate (its group's share of the weights × its share of the group's presence); the weights add up to 1. dli-4's backstops carry no weight in the mean: 0 (when the floor binds, their contribution is the floor's change).",
  }),
  zScore: Type.Number({
    description: `Sign-aligned robust z-score (higher = tighter), clipped to ±${WINDOWS.winsorZ}; the last one while it fades out (dli-2). Inputs read on a fixed scale (dli-3 and dli-4: reserves / bank assets, the backstops): the normal quantile of their 0–1 reading, clipped alike.`,
  }),
  contribution: Type.Number({
    description: `dli-2 to dli-4: the change of the indicator's share (weight × reading) of the aggregate over ${T.momentumDays} days, positive = tightening; the contributions of all indicators add up to the aggregate's change (dli-3: of the smoothed aggregate, each share averaged over the smoothing window; dli-4: of the level, the backstop carrying the floor owning the floor's lift above the smoothed aggregate). dli-1: weight × (percentile − ½).`,
  }),
  direction: literals(
    ['tightening', 'easing', 'neutral'],
    `dli-2 to dli-4: tightening at contribution ≥ +${T.driverContribution}, easing at ≤ −${T.driverContribution}, neutral otherwise (dli-1: from z at ±${T.driverZ}).`,
  ),
});

const SubIndices = keyed(
  GroupIds,
  nullable(Type.Number({ minimum: 0, maximum: 100 })),
  "Group sub-indices, 0–100: the mean tightness reading of the group (dli-3 backstops: the most-used facility; dli-4 backstops: the floor, the highest new-draw reading, 0 when none reports: a floor with no draw known lifts nothing, and coverage.groups does not count it); null when none reports (dli-4's backstops excepted) or the group is not in the model version. dli-3 and dli-4: policy = quantity (reserves and net liquidity), funding = price (overnight funding against the Fed's floor), backstops = the Fed's dollar facilities, risk = VIX (confirming).",
);

const LevelParts = keyed(GroupIds, Type.Optional(Type.Number()));

const Dated = (unit: string) =>
  Type.Union(
    [
      closed({
        value: Type.Number({ description: unit }),
        date: Type.String({ format: 'date', description: 'Observation date.' }),
      }),
      Type.Null(),
    ],
    {
      description: `${unit}: the latest observation known on the reading's day, however old (its date says how old); null when none is.`,
    },
  );

export const FedTerms = closed(
  {
    reserveRatio: Dated(
      `Reserves / commercial-bank assets, percent (Fed staff research puts the turn from abundant to ample at ${RESERVE_SATIATION_PERCENT.low}–${RESERVE_SATIATION_PERCENT.high} %)`,
    ),
    effrIorbBps: Dated('EFFR − IORB (IOER before 2021-07-29), bp'),
    sofrIorbBps: Dated('SOFR − IORB, bp'),
    backstops: nullable(
      closed({
        reading: Type.Number({
          minimum: 0,
          maximum: 1,
          description: 'The highest backstop reading (dli-4: a new draw, fading over 13 weeks).',
        }),
        drawnOn: nullable(Type.String(), { description: 'The input carrying it; null when none reads above 0.' }),
        date: nullable(Type.String({ format: 'date' }), {
          description: 'The date of the observation carrying the draw; null when none reads above 0.',
        }),
        dataTo: nullable(Type.String({ format: 'date' }), {
          description: `The newest observation of any backstop known on the reading's day: a reading of 0 means no new draw in the data to this date, which may be older than the day (past ${WINDOWS.carryForwardDays} days no backstop reads, and the summary says so); null when none is known.`,
        }),
        fedLendingB: Dated('The Fed’s lending to banks outstanding (primary credit + BTFP + other credit), USD bn'),
      }),
    ),
  },
  { description: 'What the Fed’s own terms say on the reading day, each value with its own date.' },
);

export const Provisional = closed({
  date: Type.String({ format: 'date' }),
  dataAsOf: Type.String({ format: 'date' }),
  percentile5y: Type.Integer({ minimum: 0, maximum: 100 }),
  level: nullable(Type.Number({ minimum: 0, maximum: 100 })),
  liveWeightShare: Type.Number({ minimum: 0, maximum: 1 }),
  missing: Type.Array(Type.String(), {
    description:
      'Inputs of the weighted mean without fresh data that day (the live share counts only those; the backstops, a floor, are not among them).',
  }),
  summary: Type.String({ description: 'The provisional day in plain words: never a status or a verdict.' }),
});

/** The reading of one day, as analytics/model/regime.ts computes it (drivers without their url). */
export const RegimeReading = closed({
  status: literals(
    STATUSES,
    `dli-3 and dli-4 (with confirmation): risk-off is entered at percentile5y ≥ ${T.riskOff} and kept until it falls below 70; risk-on is entered at ≤ ${T.riskOn} and kept until it rises above 30; neutral otherwise (dli-4: over the days with a reading only; this regime always describes one). dli-1 and dli-2: risk-off at ≥ ${T.riskOff}, risk-on at ≤ ${T.riskOn}, from the day's value alone.`,
  ),
  momentum: literals(
    ['improving', 'stable', 'deteriorating'],
    `From the headline change over ${T.momentumDays} days: ≤ −${T.momentumPoints} improving, ≥ +${T.momentumPoints} deteriorating.`,
  ),
  confidence: literals(CONFIDENCES, 'From coverage, data freshness and agreement between groups (see /api/model).'),
  compositeScore: Type.Number({ minimum: -1, maximum: 1, description: '(50 − percentile5y) / 50; positive = easy.' }),
  previousScore: nullable(Type.Number({ minimum: -1, maximum: 1 }), {
    description: 'compositeScore on the previous business day.',
  }),
  percentile5y: Type.Integer({
    minimum: 0,
    maximum: 100,
    description: `Headline: trailing 5-year percentile of the aggregate; ≥ ${T.riskOff} tight, ≤ ${T.riskOn} loose. dli-3: of the aggregate smoothed over 10 business days, ranked against its trailing 5 years computed with the same inputs as today (like for like); dli-4: the same rank of the level (the smoothed aggregate with the backstops' floor).`,
  }),
  drivers: Type.Array(Driver, { description: `Top ${T.drivers} indicators by |contribution|.` }),
  coverage: closed({
    groups: Type.Integer({ minimum: 0 }),
    totalGroups: Type.Integer({ minimum: 0 }),
    indicators: Type.Integer({ minimum: 0 }),
    totalIndicators: Type.Integer({ minimum: 0 }),
    fed: Type.Array(Type.String(), { description: 'Indicators with a reading on the score date.' }),
    dormant: Type.Array(Type.String(), {
      description:
        'dli-1 only: reporting but dormant (ON RRP with no depletion under way). Always empty in dli-2 and dli-3.',
    }),
    fading: Type.Array(Type.String(), {
      description:
        'dli-2: carrying part of their weight, fading in after their data started or returned, or fading out (at their last reading) after it stopped. Always empty in dli-3, which does not fade (its headline is ranked like for like).',
    }),
    missing: Type.Array(Type.String(), { description: 'No usable data on the score date.' }),
    stale: Type.Array(Type.String(), {
      description: 'Fed or dormant, but older than their expected publication lag.',
    }),
    liveWeightShare: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description: `dli-3 and dli-4: the share of the model's nominal weight carried by inputs with live data on the score date (dli-4: fresh data, over the inputs whose framework had begun; a reading needs ${T.minLiveWeight}, so this is at least that). dli-3 under ${T.minLiveWeight}: confidence is low and freshness.reason names the missing inputs.`,
      }),
    ),
  }),
  subIndices: SubIndices,
  date: Type.String({
    format: 'date',
    description:
      'The business day this reading describes: the last day on which a scored input brought new information (its publication day, or the day a revision was first seen). No reading is produced for later days; the dashboard, /today, /today/{date}, the snapshot and /api/history show this same reading for this date.',
  }),
  dataAsOf: Type.String({ format: 'date', description: 'Latest observation date the score reflects.' }),
  updatedAt: Type.String({ format: 'date-time', description: 'Recompute time; not a data date.' }),
  modelVersion: Type.String({
    description: 'Model version, e.g. dli-4 (every version and its changelog: /api/model).',
  }),
  level: nullable(Type.Number({ minimum: 0, maximum: 100 }), {
    description:
      "dli-3 and later: the aggregate on its own fixed 0–100 scale, one decimal — not ranked against anything, so it does not move with the last five years (dli-4: with the backstops' floor). percentile5y is its rank in five years.",
  }),
  levelBand: nullable(
    literals(
      LEVEL_BANDS.map((b) => b.id),
      `The level in words: ${LEVEL_BANDS.map((b) => `${b.id} from ${b.from}`).join(', ')}.`,
    ),
  ),
  contributions: nullable(LevelParts, {
    description: "Each group's part of the level on this date, in level points; they add up to it.",
  }),
  fedTerms: nullable(FedTerms),
  summary: Type.String({
    description:
      'The reading in plain words: where the day ranks in five years, and what the fixed scale and the Fed’s own terms say, each with its date — the sentence every page, feed, note and MCP answer states.',
  }),
  provisional: nullable(Provisional, {
    description: `dli-4: the newest day, when its live data covers under ${Math.round(100 * T.minLiveWeight)} % of the nominal weight — published as provisional, never with a status; null when the reading above is the newest day.`,
  }),
});

/** One driver as published: its url is added by publish/resources/model.ts. */
export type PublishedDriver = Static<typeof Driver>;
