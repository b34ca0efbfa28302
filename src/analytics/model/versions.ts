import type { ModelSpec } from './spec.ts';
import { DLI_1 } from './specs/dli-1.ts';
import { DLI_2 } from './specs/dli-2.ts';
import { DLI_3 } from './specs/dli-3.ts';

/** The version every reading, history and description is computed with. */
export const CURRENT_MODEL: ModelSpec = DLI_3;

export interface ModelVersionEntry {
  version: string;
  spec: ModelSpec;
  status: 'current' | 'retired';
  /** Day the version was first published, and (retired) the day it was replaced. */
  from: string;
  to: string | null;
  summary: string;
  changes: string[];
}

/** The changelog, newest first: every version ever published, what changed and why (docs/methodology.md). */
export const MODEL_VERSIONS: readonly ModelVersionEntry[] = [
  {
    version: DLI_3.version,
    spec: DLI_3,
    status: 'current',
    from: '2026-11-25',
    to: null,
    summary: DLI_3.summary,
    changes: [
      'What it measures: the quantity and price of US-dollar funding instead of broad financial conditions. dli-2 was mostly VIX (74 % of its variance since 2019; R² 0.62 on VIX’s own percentile out of sample), flipped 27 times a year and missed the September 2019 repo spike. Chosen by a protocol committed before any variant was run after 2018 (docs/dli-3-protocol.md): five variants, the one meeting most criteria on 2005–2018 wins; agreement with NFCI and STLFSI4 is reported per period, no longer a criterion.',
      'Inputs: reserves / commercial-bank assets on a fixed scale (13 % or more abundant, 8 % or less scarce), the 26-week change of net liquidity, EFFR − IORB (IOER before 2021-07-29), SOFR − IORB (highest of the last 5 business days), CP − T-bill, usage of the swap lines, Fed repo and standing repo (log scale, the most-used one), VIX at 10 %. No input reads before its framework existed (IOER: 2008-10-09).',
      'Like-for-like headline: today’s aggregate is ranked against the trailing 5 years computed with today’s inputs, and an input whose data stops keeps its last reading (named missing), so no input’s leaving moves the headline by itself (dli-2 went from 37 to 88 while only VIX’s weight faded). No fade.',
      'Persistence: the aggregate is smoothed over 10 business days, and the status has hysteresis (risk-off from 80 until below 70, risk-on from 20 until above 30).',
      'Coverage: when inputs carrying less than half of the nominal weight have live data, confidence is low and the reading names the missing inputs.',
    ],
  },
  {
    version: DLI_2.version,
    spec: DLI_2,
    status: 'retired',
    from: '2026-11-23',
    to: '2026-11-25',
    summary: DLI_2.summary,
    changes: [
      'Chosen by a protocol written before the test period was looked at (docs/dli-2-protocol.md): eight variants fixed in advance, the one with the highest mean Spearman ρ with NFCI and STLFSI4 over 2005–2018 wins; 2019 onwards is reported, never used to choose.',
      'Aggregation: a weighted mean with fixed weights (policy .25, funding .25, risk .50) replaces the CISS form, whose correlation matrix could go negative so that a tighter input lowered the score.',
      'Missing data: an input that stops is held for 45 days, then its weight fades out over 20 business days (and fades in when it starts or returns), so no input or group leaving moves the headline by more than a few points in a day.',
      'Inputs: the ICE BofA high-yield spread is no longer scored (FRED serves its last 3 years only, so a fresh install could not rebuild the history); the bank cash buffer, the dollar and the real yield are not in the chosen variant; the CP − T-bill spread joins funding; ON RRP is scored as its 13-week change instead of through a gate that switched it in and out by its own value.',
      'Dating: every input at its current value, known from its date plus its publication lag, so every install publishes the same history.',
      'Drivers: each indicator’s change of share in the aggregate over the momentum window; they add up to the aggregate’s move.',
    ],
  },
  {
    version: DLI_1.version,
    spec: DLI_1,
    status: 'retired',
    from: '2026-11-21',
    to: '2026-11-23',
    summary: DLI_1.summary,
    changes: [
      'First version. Retired on 2026-11-23: on the fuller real files it scored Spearman 0.195 with NFCI (−0.41 since 2023); a tighter funding reading lowered its aggregate on 34.5 % of funding days; SOFR going stale moved its headline from 34 to 78 with no input changing; its credit group rested on a spread whose history a fresh install cannot fetch.',
    ],
  },
];
