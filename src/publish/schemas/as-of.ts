import { Type } from '@sinclair/typebox';

/** What every answer given for an instant says of it: the instant, and how far back this service's memory goes. */
const INSTANT = {
  instant: Type.String({
    format: 'date-time',
    description: 'The instant asked for (ISO 8601; a date means the end of that day, UTC).',
  }),
  storeFirstLoadAt: Type.String({ format: 'date-time', description: 'When this service first stored any data.' }),
};

/** The `asOf` field of a series (/api/series/{id}) when the request gave asOf. */
export const SeriesAsOf = Type.Optional(
  Type.Object(INSTANT, {
    additionalProperties: false,
    description:
      'Present only when the request gave asOf: the series as this service knew it at that instant, rebuilt from stored vintages (later revisions invisible); freshness then describes that instant.',
  }),
);

/** The `asOf` field of the model's resources (regime, history, lens) when the request gave asOf. */
export const ModelAsOf = Type.Optional(
  Type.Object(
    {
      ...INSTANT,
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
