import { Type } from '@sinclair/typebox';

const ref = (name: string) => Type.Unsafe({ $ref: `#/components/schemas/${name}` });
const Link = Type.Object({
  title: Type.String(),
  url: Type.String({ format: 'uri' }),
  markdownUrl: Type.String({ format: 'uri' }),
});

export const Snapshot = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    generatedAt: Type.String({ format: 'date-time' }),
    site: Type.Object({
      name: Type.String(),
      baseUrl: Type.String({ format: 'uri' }),
      description: Type.String(),
      license: Type.Object({
        name: Type.String(),
        url: Type.String({ format: 'uri' }),
        scope: Type.String({ description: 'What the dedication covers, and what keeps its upstream terms.' }),
      }),
      dataSources: Type.Array(Type.Object({ name: Type.String(), url: Type.String({ format: 'uri' }) })),
      refreshIntervalHours: Type.Integer(),
      locales: Type.Array(Type.String()),
      serviceVersion: Type.String(),
    }),
    regime: ref('Regime'),
    indicators: Type.Array(
      Type.Object(
        {
          id: Type.String(),
          name: Type.String(),
          group: Type.String({ description: 'Model group (policy, funding, credit, risk) or context.' }),
          unit: Type.String(),
          frequency: Type.String(),
          latestDate: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
          latestValue: Type.Union([Type.Number(), Type.Null()], {
            description: 'Null when no data is stored yet, or when the upstream terms withhold the values.',
          }),
          license: Type.Object(
            {
              terms: Type.Union([
                Type.Literal('public-domain'),
                Type.Literal('citation-required'),
                Type.Literal('restricted'),
              ]),
              redistribution: Type.Union([Type.Literal('full'), Type.Literal('statistics-only')]),
            },
            {
              additionalProperties: false,
              description: 'Upstream terms; the full licence is in /api/series/{id} meta.',
            },
          ),
          previousDate: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
          change: Type.Union([Type.Number(), Type.Null()], {
            description: 'Change since the prior print, in the unit.',
          }),
          zScore: Type.Union([Type.Number(), Type.Null()], {
            description: 'Latest value against its 5-year window (as /api/series).',
          }),
          percentile5y: Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()]),
          source: Type.Union([Type.Literal('fresh'), Type.Literal('stale'), Type.Literal('fallback'), Type.Null()]),
          scored: Type.Boolean({ description: 'Whether the regime model scores it.' }),
          weight: Type.Number({ description: 'Effective weight in the model; 0 for context series.' }),
          seriesUrl: Type.String({ format: 'uri' }),
          pageUrl: Type.String({ format: 'uri' }),
        },
        { additionalProperties: false },
      ),
      { description: 'Every one of the 25 tracked indicators.' },
    ),
    dliModel: Type.Union([ref('ModelDescription'), Type.Null()]),
    recentBlog: Type.Array(
      Type.Object({
        title: Type.String(),
        date: Type.String({ format: 'date' }),
        summary: Type.String(),
        url: Type.String({ format: 'uri' }),
        markdownUrl: Type.String({ format: 'uri' }),
      }),
    ),
    keyPages: Type.Array(Link),
    machineReadable: Type.Array(
      Type.Object({ name: Type.String(), url: Type.String({ format: 'uri' }), type: Type.String() }),
    ),
    apis: Type.Array(
      Type.Object({ method: Type.String(), path: Type.String(), url: Type.String(), summary: Type.String() }),
    ),
    partnerSites: Type.Array(
      Type.Object({ name: Type.String(), url: Type.String({ format: 'uri' }), relation: Type.String() }),
    ),
  },
  { $id: 'Snapshot', additionalProperties: false },
);

export const Health = Type.Object(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('down')], {
      description:
        'ok: last refresh succeeded everywhere and the regime is computed; degraded: some source failed or the regime is missing; down: no data.',
    }),
    serviceVersion: Type.String(),
    modelVersion: Type.Union([Type.String(), Type.Null()]),
    checkedAt: Type.String({ format: 'date-time', description: 'When this report was built (at the last publish).' }),
    publication: Type.Object({ version: Type.Integer(), builtAt: Type.String({ format: 'date-time' }) }),
    lastRefresh: Type.Union([
      Type.Object({
        runId: Type.Integer(),
        status: Type.String(),
        startedAt: Type.String({ format: 'date-time' }),
        finishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      }),
      Type.Null(),
    ]),
    indicators: Type.Object({ total: Type.Integer(), withData: Type.Integer(), fresh: Type.Integer() }),
    sources: Type.Array(
      Type.Object({
        seriesId: Type.String(),
        lastStatus: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
        lastAttemptAt: Type.String({ format: 'date-time' }),
        lastSuccessAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
        lastError: Type.Union([Type.String(), Type.Null()]),
        latestDate: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
        dataAgeDays: Type.Union([Type.Integer(), Type.Null()]),
      }),
      { description: 'Per series: outcome of its latest refresh and the age of its data.' },
    ),
  },
  { $id: 'Health', additionalProperties: false },
);
