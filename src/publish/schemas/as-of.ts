import { Type } from '@sinclair/typebox';

/** The `asOf` field of the model's resources (regime, history, lens) when the request gave asOf. */
export const ModelAsOf = Type.Optional(
  Type.Object(
    {
      instant: Type.String({
        format: 'date-time',
        description: 'The instant asked for (ISO 8601; a date means the end of that day, UTC).',
      }),
      storeFirstLoadAt: Type.String({ format: 'date-time', description: 'When this service first stored any data.' }),
      knowledgeAt: Type.String({
        format: 'date-time',
        description:
          'The newest vintage this service had seen by the instant (or by the current publication, for a later instant): every instant from it to the next vintage answers alike.',
      }),
    },
    {
      additionalProperties: false,
      description:
        'Present only when the request gave asOf: the answer recomputed with the current model from the vintages seen by that instant (later revisions and data invisible); updatedAt, freshness and provenance describe that instant.',
    },
  ),
);
