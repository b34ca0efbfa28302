import { type Static, Type } from '@sinclair/typebox';
import { publishedAnswer, publishedRoute } from '../../../src/http/routes/published.ts';
import { type Resource, resource } from '../../../src/publish/resource.ts';
import type { Published } from '../../../src/publish/resources/published.ts';

/**
 * docs/contributing.md, "Add an endpoint", done once: GET /api/thresholds, the status rule alone. In the service it
 * would be two files, as here in one: the resource's module in src/publish/resources/ (added to the list in
 * list.ts) and its route in src/http/routes/ (added to published-routes.ts and placed in table.ts). The publication builds it with the others, from
 * the model it built before it; the directory, the OpenAPI document (with the real example) and the parameter
 * checks follow from the route.
 */
const Thresholds = Type.Object(
  {
    riskOffAtOrAbove: Type.Integer(),
    riskOnAtOrBelow: Type.Integer(),
  },
  { $id: 'Thresholds', additionalProperties: false },
);

export const thresholds: Published<'thresholds', Resource<Static<typeof Thresholds>>> = {
  key: 'thresholds',
  path: '/api/thresholds',
  cache: 'model',
  schema: Thresholds,
  build: ({ built }) => {
    const t = built.model?.body.thresholds;
    if (!t) return undefined;
    return resource({ riskOffAtOrAbove: t.riskOffAtOrAbove, riskOnAtOrBelow: t.riskOnAtOrBelow }, thresholds.cache);
  },
  example: (r) => r.body,
};

export const getThresholds = publishedRoute(thresholds, {
  spec: {
    operationId: 'getThresholds',
    summary: 'The status thresholds',
    description: 'The headline at or above which the status is risk-off, and at or below which it is risk-on.',
    parameters: [],
    errors: ['model_unavailable', 'no_data_yet'],
    tag: 'model',
  },
  handle: (_request, context) =>
    publishedAnswer(context, thresholds, 'model_unavailable', 'thresholds', (p) => p?.errors.model),
});
