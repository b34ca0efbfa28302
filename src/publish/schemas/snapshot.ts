import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { literals, nullable } from '../../analytics/schemas/literals.ts';
import { INDICATOR_COUNT } from '../../timeseries/catalog.ts';
import { FRESHNESS_STATES } from '../freshness.ts';
import { SeriesFreshness } from './freshness.ts';
import { Provenance } from './provenance.ts';
import { ModelDescription, Regime } from './regime.ts';

/** A reference to a resource's own schema (its $id), typed as that resource. */
const ref = <T extends TSchema>(schema: T) => Type.Unsafe<Static<T>>({ $ref: `#/components/schemas/${schema.$id}` });
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
    regime: ref(Regime),
    indicators: Type.Array(
      Type.Object(
        {
          id: Type.String(),
          name: Type.String(),
          group: Type.String({
            description:
              'For a scored series (scored: true), its group in the current model (dliModel.groups); for any other, the theme the catalog files it under (policy, funding, credit, risk, context), which is not a group of the current model: its weight is 0.',
          }),
          unit: Type.String(),
          frequency: Type.String(),
          latestDate: nullable(Type.String({ format: 'date' })),
          latestValue: nullable(Type.Number(), {
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
          previousDate: nullable(Type.String({ format: 'date' })),
          change: nullable(Type.Number(), { description: 'Change since the prior print, in the unit.' }),
          zScore: nullable(Type.Number(), { description: 'Latest value against its 5-year window (as /api/series).' }),
          percentile5y: nullable(Type.Integer({ minimum: 0, maximum: 100 })),
          source: Type.Union([Type.Literal('fresh'), Type.Literal('stale'), Type.Literal('fallback'), Type.Null()]),
          freshness: SeriesFreshness,
          scored: Type.Boolean({ description: 'Whether the regime model scores it.' }),
          weight: Type.Number({ description: 'Effective weight in the model; 0 for context series.' }),
          seriesUrl: Type.String({ format: 'uri' }),
          pageUrl: Type.String({ format: 'uri' }),
        },
        { additionalProperties: false },
      ),
      { description: `Every one of the ${INDICATOR_COUNT} tracked indicators.` },
    ),
    dliModel: nullable(ref(ModelDescription)),
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
    provenance: Provenance,
  },
  { $id: 'Snapshot', additionalProperties: false },
);

export const Health = Type.Object(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('down')], {
      description:
        'ok: every source refreshed successfully and the reading is current; degraded: a source failed its last refresh, or the reading is missing, stale or last-good; down: nothing is stored yet.',
    }),
    reasons: Type.Array(Type.String(), { description: 'Why the status is not ok, in words.' }),
    serviceVersion: Type.String(),
    modelVersion: nullable(Type.String()),
    checkedAt: Type.String({ format: 'date-time', description: 'When this report was built (at the last publish).' }),
    publication: Type.Object({ version: Type.Integer(), builtAt: Type.String({ format: 'date-time' }) }),
    reading: nullable(
      Type.Object(
        {
          date: Type.String({ format: 'date', description: 'The day the current reading describes.' }),
          state: Type.Union([Type.Literal('current'), Type.Literal('stale'), Type.Literal('last-good')]),
          reason: nullable(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
    lastRefresh: nullable(
      Type.Object({
        runId: Type.Integer(),
        status: Type.String(),
        trigger: Type.String({
          description:
            'What started it: startup, schedule, retry, cli, or "bootstrap snapshot of DATE" (the data shipped with the project, loaded into an empty store).',
        }),
        startedAt: Type.String({ format: 'date-time' }),
        finishedAt: nullable(Type.String({ format: 'date-time' })),
      }),
    ),
    refreshing: Type.Union(
      [
        Type.Object(
          {
            trigger: Type.String(),
            startedAt: Type.String({ format: 'date-time' }),
            done: Type.Integer({ description: 'Series done (fetched or failed), derived series included.' }),
            total: Type.Integer({ description: 'Series this refresh reads or derives (0 until they are known).' }),
            estimatedSecondsLeft: nullable(Type.Integer(), {
              description: 'The time per series so far times the series left; null before the first is done.',
            }),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: 'The refresh under way, if one is: its progress and an estimate of the time left.' },
    ),
    nextRefreshAt: nullable(Type.String({ format: 'date-time' }), {
      description:
        'When the next refresh is planned: the next scheduled one, or sooner the retry after a failed or partial one (REFRESH_RETRY_MINUTES). Null before the first refresh has finished.',
    }),
    indicators: Type.Object(
      {
        total: Type.Integer(),
        withData: Type.Integer(),
        fresh: Type.Integer(),
        late: Type.Integer(),
        failed: Type.Integer(),
        neverFetched: Type.Integer(),
      },
      { additionalProperties: false, description: `The ${INDICATOR_COUNT} indicators by freshness state.` },
    ),
    sources: Type.Array(
      Type.Object(
        {
          seriesId: Type.String(),
          provider: Type.String({ description: 'The provider and its series id, e.g. fred:WALCL; derived for ours.' }),
          state: literals(FRESHNESS_STATES, 'The series freshness state (see SeriesFreshness).'),
          lastStatus: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
          lastAttemptAt: Type.String({ format: 'date-time' }),
          lastSuccessAt: nullable(Type.String({ format: 'date-time' })),
          errorKind: nullable(Type.String(), {
            description:
              'timeout, network, http, rate-limited, refused, html, empty, parse, implausible, stale (the answer ended before what is stored: nothing withdrawn), too-large, budget, unreachable, internal.',
          }),
          lastError: nullable(Type.String(), {
            description: 'The failure in plain words; the full message is in the service log.',
          }),
          latestDate: nullable(Type.String({ format: 'date' })),
          dataAgeDays: nullable(Type.Integer()),
        },
        { additionalProperties: false },
      ),
      { description: 'Per series: outcome of its latest refresh and the age of its data.' },
    ),
    quarantine: Type.Array(
      Type.Object(
        {
          seriesId: Type.String(),
          date: Type.String({ format: 'date' }),
          value: Type.Number({ description: 'The value the provider sent, in the series unit.' }),
          previousDate: nullable(Type.String({ format: 'date' })),
          previousValue: nullable(Type.Number(), { description: 'The current value on the last date before it.' }),
          since: Type.String({ format: 'date-time', description: 'When it was first received.' }),
        },
        { additionalProperties: false },
      ),
      {
        description:
          'Values held out of every published figure because they jumped more than 10 robust scales of their series’ own changes; each enters when a refresh at least 5 hours later still receives it, and leaves if the provider corrects or stops listing it.',
      },
    ),
    provenance: Provenance,
  },
  { $id: 'Health', additionalProperties: false },
);
