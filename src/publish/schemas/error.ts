import { type Static, Type } from '@sinclair/typebox';

/** The error envelope every non-2xx /api response carries (contract §7). */
export const ErrorEnvelope = Type.Object(
  {
    error: Type.Object(
      {
        code: Type.String({ pattern: '^[a-z][a-z0-9_]*$', description: 'Stable machine identifier in snake_case.' }),
        message: Type.String({ description: 'What happened.' }),
        hint: Type.String({ description: 'What to do about it.' }),
        docs: Type.String({ format: 'uri', description: 'Link to the documentation of this error.' }),
      },
      { additionalProperties: false },
    ),
    status: Type.Integer({ minimum: 400, maximum: 599, description: 'The HTTP status code, repeated.' }),
  },
  { $id: 'ErrorEnvelope', additionalProperties: false },
);

export type ErrorEnvelope = Static<typeof ErrorEnvelope>;
