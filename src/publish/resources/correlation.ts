import type { CorrelationReport } from '../../analytics/correlation/correlation.ts';
import type { Provenance } from '../provenance.ts';

/** GET /api/correlation: the correlation statistics and when they were computed. */
export type CorrelationBody = { updatedAt: string; provenance: Provenance } & CorrelationReport;
