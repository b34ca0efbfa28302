import type { Static } from '@sinclair/typebox';
import type { ModelDescriptionFields } from '../schemas/model-description.ts';
import type { ModelSpec } from './spec.ts';
import { DLI_1 } from './specs/dli-1.ts';
import { DLI_2 } from './specs/dli-2.ts';
import { DLI_3 } from './specs/dli-3.ts';
import { DLI_4 } from './specs/dli-4.ts';

/** The version every reading, history and description is computed with. */
export const CURRENT_MODEL: ModelSpec = DLI_4;

/** A changelog entry (from: first published; to: replaced on) and the spec it describes. */
export type ModelVersionEntry = Omit<
  Static<typeof ModelDescriptionFields>['versions'][number],
  'groups' | 'aggregation'
> & {
  spec: ModelSpec;
};

/** A version's changelog entry: its spec, status, dates and what changed; its id and summary are the spec's. */
const entry = (
  spec: ModelSpec,
  status: ModelVersionEntry['status'],
  from: string,
  to: string | null,
  changes: string[],
): ModelVersionEntry => ({ version: spec.version, spec, status, from, to, summary: spec.summary, changes });

/** The changelog, newest first: every version ever published, what changed and why (docs/methodology.md). */
export const MODEL_VERSIONS: readonly ModelVersionEntry[] = [
  entry(DLI_4, 'current', '2026-11-27', null, [
    'A fresh draw on a Fed facility reads as stress. dli-3 read SVB (2023-03-13) as easy — headline 17, status risk-on — because it had no input for the discount window, the BTFP or the FDIC bridge-bank loans. New H.4.1 series: primary credit (WLCFLPCL), the BTFP (H41RESPPALDKNWW), other credit extensions (WLCFOCEL), total loans (WLCFLL) and the PPPLF (H41RESPPALDJNWW). The first three make one input, the Fed’s lending to banks; with the swap lines, the Fed’s repo and the standing repo it is read as a new draw — usage above the most drawn over the previous year, on a log scale, fading over 13 weeks — and the highest backstop puts a floor under the level. SVB now reads 100; Lehman 87 (dli-3: 66).',
    'The Fed’s emergency lending no longer reads as easing: the net-liquidity flow is measured on net liquidity less the swap lines, the Fed’s repo and its lending to banks (core-net-liquidity).',
    'A status is a verdict on live data, by the published rule alone: a day has one only when inputs carrying at least half of the nominal weight have fresh data (of the inputs whose framework has begun); the thresholds and their hysteresis then decide, over those days. dli-3 held its status on thin data (neutral from 2004-12 to 2007-12, even on the 87 days its headline read 98–100; risk-off at the end of the real files on 15 % of the weight). Newer days are provisional: published with their headline and level, never a status.',
    'The fixed scale beside the rank: /api/regime and /api/history publish the level (the aggregate with its floor, 0–100, not ranked) and each group’s contribution to it, which add up to it; /api/regime says in one sentence where the day ranks in five years and what the fixed scale and the Fed’s own terms (reserves against bank assets, overnight rates against IORB, backstop usage) say, each with its date.',
    'Chosen by a protocol committed before any variant was run after 2018 (docs/dli-4-protocol.md): five variants; V3 met 6 of the 7 in-sample criteria among those keeping the guarantees. V4 (fixed maps for the price inputs) met all 7 and every target but moved its headline by up to 37 points through a composition change in 2004, over the protocol’s 5-point bound, so the rule set it aside. T8 (Spearman with NFCI and STLFSI4 over 2008–2015 ≥ 0.45) is still missed: 0.25 and 0.33.',
  ]),
  entry(DLI_3, 'retired', '2026-11-25', '2026-11-27', [
    'What it measures: the quantity and price of US-dollar funding instead of broad financial conditions. dli-2 was mostly VIX (74 % of its variance since 2019; R² 0.62 on VIX’s own percentile out of sample), flipped 27 times a year and missed the September 2019 repo spike. Chosen by a protocol committed before any variant was run after 2018 (docs/dli-3-protocol.md): five variants, the one meeting most criteria on 2005–2018 wins; agreement with NFCI and STLFSI4 is reported per period, no longer a criterion.',
    'Inputs: reserves / commercial-bank assets on a fixed scale (13 % or more abundant, 8 % or less scarce), the 26-week change of net liquidity, EFFR − IORB (IOER before 2021-07-29), SOFR − IORB (highest of the last 5 business days), CP − T-bill, usage of the swap lines, Fed repo and standing repo (log scale, the most-used one), VIX at 10 %. No input reads before its framework existed (IOER: 2008-10-09).',
    'Like-for-like headline: today’s aggregate is ranked against the trailing 5 years computed with today’s inputs, and an input whose data stops keeps its last reading (named missing), so no input’s leaving moves the headline by itself (dli-2 went from 37 to 88 while only VIX’s weight faded). No fade.',
    'Persistence: the aggregate is smoothed over 10 business days, and the status has hysteresis (risk-off from 80 until below 70, risk-on from 20 until above 30).',
    'Coverage: when inputs carrying less than half of the nominal weight have live data, confidence is low and the reading names the missing inputs.',
  ]),
  entry(DLI_2, 'retired', '2026-11-23', '2026-11-25', [
    'Chosen by a protocol written before the test period was looked at (docs/dli-2-protocol.md): eight variants fixed in advance, the one with the highest mean Spearman ρ with NFCI and STLFSI4 over 2005–2018 wins; 2019 onwards is reported, never used to choose.',
    'Aggregation: a weighted mean with fixed weights (policy .25, funding .25, risk .50) replaces the CISS form, whose correlation matrix could go negative so that a tighter input lowered the score.',
    'Missing data: an input that stops is held for 45 days, then its weight fades out over 20 business days (and fades in when it starts or returns), so no input or group leaving moves the headline by more than a few points in a day.',
    'Inputs: the ICE BofA high-yield spread is no longer scored (FRED serves its last 3 years only, so a fresh install could not rebuild the history); the bank cash buffer, the dollar and the real yield are not in the chosen variant; the CP − T-bill spread joins funding; ON RRP is scored as its 13-week change instead of through a gate that switched it in and out by its own value.',
    'Dating: every input at its current value, known from its date plus its publication lag, so every install publishes the same history.',
    'Drivers: each indicator’s change of share in the aggregate over the momentum window; they add up to the aggregate’s move.',
  ]),
  entry(DLI_1, 'retired', '2026-11-21', '2026-11-23', [
    'First version. Retired on 2026-11-23: on the fuller real files it scored Spearman 0.195 with NFCI (−0.41 since 2023); a tighter funding reading lowered its aggregate on 34.5 % of funding days; SOFR going stale moved its headline from 34 to 78 with no input changing; its credit group rested on a spread whose history a fresh install cannot fetch.',
  ]),
];
