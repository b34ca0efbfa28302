import { Type } from '@sinclair/typebox';
import { nullable } from '../../analytics/schemas/literals.ts';

/** GET /api/changelog: the API's and the model's versions, what changed, and the deprecation policy. */
export const Changelog = Type.Object(
  {
    apiVersion: Type.String(),
    api: Type.Array(
      Type.Object(
        {
          version: Type.String(),
          date: Type.String(),
          openapiFingerprint: nullable(Type.String()),
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
