import { Type } from '@sinclair/typebox';
import type { Route } from './route.ts';
import { resourceAnswer } from './route.ts';

/** GET /api/changelog: the API's and the model's versions, what changed, and the deprecation policy. */
export const Changelog = Type.Object(
  {
    apiVersion: Type.String(),
    api: Type.Array(
      Type.Object(
        {
          version: Type.String(),
          date: Type.String(),
          openapiFingerprint: Type.Union([Type.String(), Type.Null()]),
          changes: Type.Array(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
    model: Type.Array(Type.Unknown(), { description: 'Every model version, as /api/model → versions.' }),
    deprecationPolicy: Type.String(),
    deprecations: Type.Array(
      Type.Object({ what: Type.String(), deprecatedAt: Type.String(), sunsetAt: Type.String() }),
      { description: 'What is deprecated now (empty: nothing).' },
    ),
  },
  { $id: 'Changelog', additionalProperties: false },
);

export const getChangelog: Route = {
  path: '/api/changelog',
  listed: 'api',
  cache: 'model',
  spec: {
    operationId: 'getChangelog',
    summary: 'API and model versions, and the deprecation policy',
    description:
      'Every API version with its date, what changed and the fingerprint of its OpenAPI document; every model version (as /api/model → versions); the deprecation policy and what is deprecated now. Also as a page at /changelog (HTML and Markdown).',
    parameters: [],
    response: Changelog,
    errors: ['model_unavailable', 'no_data_yet'],
    tag: 'model',
  },
  handle: (_request, context) =>
    resourceAnswer(
      context,
      (p) => p.changelog?.response,
      'model_unavailable',
      'changelog',
      (p) => p?.errors.model,
    ),
};
