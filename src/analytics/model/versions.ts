import type { ModelSpec } from './spec.ts';
import { DLI_1 } from './specs/dli-1.ts';
import { DLI_2 } from './specs/dli-2.ts';

/** The version every reading, history and description is computed with. */
export const CURRENT_MODEL: ModelSpec = DLI_2;

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
    version: DLI_2.version,
    spec: DLI_2,
    status: 'current',
    from: '2026-11-23',
    to: null,
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
