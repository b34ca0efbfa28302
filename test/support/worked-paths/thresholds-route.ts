import { Type } from '@sinclair/typebox';
import { type Route, resourceAnswer } from '../../../src/http/routes/route.ts';
import { CACHE_CONTROL } from '../../../src/publish/cache-policy.ts';
import { type PreparedResponse, prepareJson } from '../../../src/publish/prepared-response.ts';
import type { Publication } from '../../../src/publish/publication/build.ts';

/**
 * docs/contributing.md, "Add an endpoint", done once: GET /api/thresholds, the status rule alone. A new file like
 * this one in src/http/routes/ and one line in src/http/routes/table.ts; the directory, the OpenAPI document and
 * the parameter checks follow from the route. Its answer is made once per publication from a resource the
 * publication already holds, so the serving thread computes nothing per request.
 */
const Thresholds = Type.Object(
  {
    riskOffAtOrAbove: Type.Integer(),
    riskOnAtOrBelow: Type.Integer(),
  },
  { $id: 'Thresholds', additionalProperties: false },
);

const kept = new WeakMap<Publication, PreparedResponse>();

function thresholdsOf(p: Publication): PreparedResponse | undefined {
  const t = p.model?.body.thresholds;
  if (!t) return undefined;
  if (!kept.has(p)) {
    const body = { riskOffAtOrAbove: t.riskOffAtOrAbove, riskOnAtOrBelow: t.riskOnAtOrBelow };
    kept.set(p, prepareJson(body, CACHE_CONTROL.model));
  }
  return kept.get(p);
}

export const getThresholds: Route = {
  path: '/api/thresholds',
  listed: 'api',
  cache: 'model',
  spec: {
    operationId: 'getThresholds',
    summary: 'The status thresholds',
    description: 'The headline at or above which the status is risk-off, and at or below which it is risk-on.',
    parameters: [],
    response: Thresholds,
    errors: ['model_unavailable', 'no_data_yet'],
    tag: 'model',
  },
  handle: (_request, context) =>
    resourceAnswer(context, thresholdsOf, 'model_unavailable', 'thresholds', (p) => p?.errors.model),
};
