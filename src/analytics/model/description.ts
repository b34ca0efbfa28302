import { type ModelSpec, THRESHOLDS, WINDOWS } from './spec.ts';
import type { Validation } from './validation.ts';

/**
 * The model as published (`dliModel` in the snapshot, GET /api/model): version, groups with their weights and
 * indicators, every window and threshold, and the validation figures computed from the stored data.
 */
export interface ModelDescription {
  version: string;
  computedAt: string;
  dataAsOf: string | null;
  summary: string;
  groups: Array<{
    id: string;
    name: string;
    weight: number;
    indicators: Array<{
      id: string;
      transform: string;
      risingIsTighter: boolean;
      robustScaleFloor: number;
      staleAfterDays: number;
    }>;
  }>;
  normalization: string;
  aggregation: string;
  headline: string;
  thresholds: {
    riskOffAtOrAbove: number;
    riskOnAtOrBelow: number;
    momentumPoints: number;
    momentumDays: number;
    driverZ: number;
    onrrpDepletion: string;
  };
  windows: Record<string, number>;
  validation: Validation | null;
  methodologyUrl: string;
}

export function describeModel(
  spec: ModelSpec,
  opts: { computedAt: string; dataAsOf: string | null; validation: Validation | null; baseUrl: string },
): ModelDescription {
  const rrp = spec.scored.find((s) => s.transform.kind === 'rrp-depletion')?.transform;
  return {
    version: spec.version,
    computedAt: opts.computedAt,
    dataAsOf: opts.dataAsOf,
    summary:
      'A coincident gauge of US-dollar liquidity conditions: 10 indicators in 4 groups, each normalized against its own trailing 5 years, combined CISS-style so that co-moving stress amplifies, and reported as the trailing 5-year percentile of the aggregate (higher = tighter). It is not a timing signal: see the forward-return validation.',
    groups: spec.groups.map((group) => ({
      id: group.id,
      name: group.name,
      weight: group.weight,
      indicators: spec.scored
        .filter((s) => s.group === group.id)
        .map((s) => ({
          id: s.id,
          transform:
            s.transform.kind === 'level'
              ? 'level'
              : s.transform.kind === 'change'
                ? `change over ${s.transform.days} days`
                : `ON RRP depletion: change over ${s.transform.days} days, live only while a drawdown is under way`,
          risingIsTighter: s.risingIsTighter,
          robustScaleFloor: s.minScale,
          staleAfterDays: s.maxAgeDays,
        })),
    })),
    normalization: `Each indicator's transformed value is ranked against its trailing ${WINDOWS.normalizationDays} business days (5 years; readings start after ${WINDOWS.minHistory}): percentile (ties counted half) and robust z = (x − median) / max(1.4826 × MAD, floor), clipped to ±${WINDOWS.winsorZ}; both sign-aligned so that higher = tighter.`,
    aggregation: `Group sub-index = mean percentile of the group's live indicators (missing ones renormalize within the group). Aggregate = √((w∘s)ᵀ C (w∘s)) over the groups reporting that day (weights renormalized; at least ${WINDOWS.minGroups}), C the correlation matrix from an EWMA (λ = ${WINDOWS.ewmaLambda} per business day) of (s_i − ½)(s_j − ½).`,
    headline: `percentile5y = round(100 × percent rank of today's aggregate among the last ${WINDOWS.headlineDays} business days of aggregates), from ${WINDOWS.headlineMinHistory} days of history. compositeScore = (50 − percentile5y) / 50, in [-1, +1], positive = easy.`,
    thresholds: {
      riskOffAtOrAbove: THRESHOLDS.riskOff,
      riskOnAtOrBelow: THRESHOLDS.riskOn,
      momentumPoints: THRESHOLDS.momentumPoints,
      momentumDays: THRESHOLDS.momentumDays,
      driverZ: THRESHOLDS.driverZ,
      onrrpDepletion:
        rrp?.kind === 'rrp-depletion'
          ? `live while the balance is ≤ $${rrp.maxBalanceB}B and has fallen by ≥ $${rrp.minDrawdownB}B and ≥ ${rrp.minDrawdownShare * 100}% over ${rrp.days} days; otherwise dormant`
          : 'not scored',
    },
    windows: { ...WINDOWS },
    validation: opts.validation,
    methodologyUrl: `${opts.baseUrl}/methodology`,
  };
}
