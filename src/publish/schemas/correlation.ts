import { Type } from '@sinclair/typebox';
import { CorrelationFigures, RollingCorrelation } from '../../analytics/schemas/correlation.ts';
import { Provenance } from './provenance.ts';

const updatedAt = Type.String({ format: 'date-time' });

/** GET /api/correlation: the statistics (analytics/schemas/correlation.ts), when computed, and their provenance. */
export const Correlation = Type.Object(
  { updatedAt, ...CorrelationFigures.properties, provenance: Provenance },
  { $id: 'Correlation', additionalProperties: false },
);

/** GET /api/correlation/history: the rolling correlation of every week, when computed, and its provenance. */
export const CorrelationHistory = Type.Object(
  { updatedAt, ...RollingCorrelation.properties, provenance: Provenance },
  { $id: 'CorrelationHistory', additionalProperties: false },
);
