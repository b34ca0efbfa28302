import type { Static } from '@sinclair/typebox';
import { CORRELATION_INPUTS } from '../../analytics/correlation/correlation.ts';
import { type Resource, resource } from '../resource.ts';
import { Correlation } from '../schemas/correlation.ts';
import type { Published, PublishParts } from './published.ts';

/** GET /api/correlation: the correlation statistics and when they were computed. */
export type CorrelationBody = Static<typeof Correlation>;

/** GET /api/correlation: the statistics, without their weekly history (/api/correlation/history). */
export const correlation: Published<'correlation', Resource<CorrelationBody>> = {
  key: 'correlation',
  path: '/api/correlation',
  cache: 'correlation',
  schema: Correlation,
  onFailure: { error: 'correlation', keepPrevious: true },
  build: (parts) => {
    const { rollingHistory: _history, ...statistics } = correlationReport(parts);
    return resource<CorrelationBody>(
      { updatedAt: parts.stamp, ...statistics, provenance: correlationProvenance(parts) },
      correlation.cache,
    );
  },
  example: (r) => lastWeeks(r.body),
};

/** The model's correlation report; throws why there is none (the statistics and their history fail together). */
export function correlationReport(parts: PublishParts) {
  const report = parts.correlationReport;
  if (!report) throw new Error('the model has not been computed');
  if ('error' in report) throw new Error(report.error);
  return report;
}

/** The statistics read the model's inputs and the asset prices. */
export function correlationProvenance(parts: PublishParts) {
  return parts.provenance([...parts.modelInputs, ...CORRELATION_INPUTS]);
}

/** The example: the last three weeks of each path and the lags within a week. */
function lastWeeks(report: CorrelationBody): CorrelationBody {
  const copy = structuredClone(report);
  for (const asset of copy.assets) {
    for (const measure of ['headline', 'netLiquidity'] as const) {
      for (const w of ['13w', '26w', '52w'] as const)
        copy.correlations[asset][measure][w].path = copy.correlations[asset][measure][w].path.slice(-3);
      copy.leadLag[asset][measure].lags = copy.leadLag[asset][measure].lags.filter((l) => Math.abs(l.lag) <= 1);
    }
  }
  return copy;
}
