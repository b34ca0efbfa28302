import type { Static } from '@sinclair/typebox';
import type { Correlation, CorrelationHistory } from '../schemas/correlation.ts';

/** GET /api/correlation: the correlation statistics and when they were computed. */
export type CorrelationBody = Static<typeof Correlation>;

/**
 * GET /api/correlation/history: the 52-week rolling correlation for every week of the history. Its own resource:
 * it is twice the size of the statistics (~66 of ~105 kB), which clients and MCP tools asking for the latest figures
 * should not have to read.
 */
export type CorrelationHistoryBody = Static<typeof CorrelationHistory>;
