import type { Static } from '@sinclair/typebox';
import { type Resource, resource } from '../resource.ts';
import { CorrelationHistory } from '../schemas/correlation.ts';
import { correlationProvenance, correlationReport } from './correlation.ts';
import type { Published } from './published.ts';

/**
 * GET /api/correlation/history: the 52-week rolling correlation for every week of the history. Its own resource:
 * it is twice the size of the statistics, which clients and MCP tools asking for the latest figures should not
 * have to read.
 */
export type CorrelationHistoryBody = Static<typeof CorrelationHistory>;

export const correlationHistory: Published<'correlationHistory', Resource<CorrelationHistoryBody>> = {
  key: 'correlationHistory',
  path: '/api/correlation/history',
  cache: 'correlation',
  schema: CorrelationHistory,
  onFailure: { error: 'correlation', keepPrevious: true },
  build: (parts) =>
    resource<CorrelationHistoryBody>(
      { updatedAt: parts.stamp, ...correlationReport(parts).rollingHistory, provenance: correlationProvenance(parts) },
      correlationHistory.cache,
    ),
  example: (r) => lastWeeks(r.body),
};

/** The example: the last three weeks of the rolling correlations. */
function lastWeeks(history: CorrelationHistoryBody): CorrelationHistoryBody {
  const k = Math.max(0, history.dates.length - 3);
  const rho = Object.fromEntries(
    Object.entries(history.rho).map(([asset, byMeasure]) => [
      asset,
      { headline: byMeasure.headline.slice(k), netLiquidity: byMeasure.netLiquidity.slice(k) },
    ]),
  ) as CorrelationHistoryBody['rho'];
  return { ...history, dates: history.dates.slice(k), rho };
}
