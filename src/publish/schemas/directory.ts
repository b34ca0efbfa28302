import { type Static, Type } from '@sinclair/typebox';
import { INDICATOR_COUNT } from '../../timeseries/catalog.ts';

/** One parameter of an operation, as the directory lists it and the route table declares it. */
export const Parameter = Type.Object(
  {
    name: Type.String(),
    in: Type.Union([Type.Literal('path'), Type.Literal('query')]),
    required: Type.Boolean(),
    type: Type.Union([Type.Literal('string'), Type.Literal('integer')]),
    description: Type.String(),
    enum: Type.Optional(Type.Array(Type.String())),
    minimum: Type.Optional(Type.Integer()),
    maximum: Type.Optional(Type.Integer()),
    default: Type.Optional(Type.Union([Type.String(), Type.Integer()])),
  },
  { additionalProperties: false },
);

export const Directory = Type.Object(
  {
    name: Type.String(),
    description: Type.String(),
    version: Type.String({ description: 'Version of the API description (OpenAPI info.version).' }),
    baseUrl: Type.String({ format: 'uri' }),
    endpoints: Type.Array(
      Type.Object(
        {
          method: Type.Literal('GET'),
          path: Type.String({ description: 'Path template relative to baseUrl, OpenAPI style ({id}).' }),
          url: Type.String({
            format: 'uri-template',
            description: 'Absolute URL; path parameters stay as {name} templates.',
          }),
          operationId: Type.String(),
          summary: Type.String(),
          description: Type.String(),
          parameters: Type.Array(Parameter),
          cacheControl: Type.String({ description: 'The Cache-Control header of a 200 response.' }),
          errors: Type.Array(Type.String(), { description: 'Error codes this endpoint can answer with.' }),
        },
        { additionalProperties: false },
      ),
    ),
    errorEnvelope: Type.Object(
      {
        description: Type.String(),
        example: Type.Unknown(),
        codes: Type.Array(
          Type.Object(
            { code: Type.String(), status: Type.Integer(), description: Type.String() },
            { additionalProperties: false },
          ),
        ),
      },
      { additionalProperties: false },
    ),
    discovery: Type.Object(
      {
        openapi: Type.String({ format: 'uri' }),
        openapiWellKnown: Type.String({ format: 'uri' }),
        docs: Type.String({ format: 'uri' }),
        mcp: Type.Optional(
          Type.String({
            format: 'uri',
            description:
              'Model Context Protocol endpoint (streamable HTTP, JSON-RPC by POST); `usd-liquidity mcp` serves the same tools over stdio.',
          }),
        ),
        bulk: Type.Optional(
          Type.String({ format: 'uri', description: 'Everything in one zip (CSV, history, model).' }),
        ),
        feed: Type.Optional(Type.String({ format: 'uri', description: 'Atom feed of regime changes.' })),
      },
      { additionalProperties: true },
    ),
    seriesIds: Type.Array(Type.String(), { description: `The ${INDICATOR_COUNT} ids accepted by /api/series/{id}.` }),
    license: Type.Object(
      {
        name: Type.String(),
        url: Type.String({ format: 'uri' }),
        scope: Type.String({ description: 'What the dedication covers, and what keeps its upstream terms.' }),
        series: Type.Array(
          Type.Object(
            {
              id: Type.String(),
              terms: Type.Union([
                Type.Literal('public-domain'),
                Type.Literal('citation-required'),
                Type.Literal('restricted'),
              ]),
              redistribution: Type.Union([Type.Literal('full'), Type.Literal('statistics-only')]),
            },
            { additionalProperties: false },
          ),
          {
            description: `The upstream terms of each of the ${INDICATOR_COUNT} series (details in /api/series/{id} meta.license).`,
          },
        ),
      },
      { additionalProperties: false },
    ),
  },
  { $id: 'Directory', additionalProperties: false },
);

export type Directory = Static<typeof Directory>;
export type Parameter = Static<typeof Parameter>;
