import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { CURRENT_MODEL, MODEL_VERSIONS } from '../../analytics/model/versions.ts';
import { AGGREGATION_CHOICE, FREQUENCY_CHOICE, UNITS_CHOICE } from '../../analytics/transform/choices.ts';
import { AGGREGATIONS, TARGET_FREQUENCIES } from '../../analytics/transform/frequency-aggregation.ts';
import { UNITS } from '../../analytics/transform/units-transform.ts';
import { DEFAULT_DAYS, MAX_DAYS } from '../../publish/resources/series/responses.ts';
import type { Parameter } from '../../publish/schemas/directory.ts';
import { INDICATOR_COUNT } from '../../timeseries/catalog.ts';
import { LANG_MAPPING_TEXT, LOCALES } from '../../timeseries/locales.ts';

/** A schema whose `default` its type says it has: reading the parameter then never gives undefined. */
const defaulted = <T extends TSchema>(schema: T) => schema as T & { default: Static<T> };

const DATE_HINT = 'Dates are written YYYY-MM-DD, e.g. ?start=2020-01-01&end=2021-06-30.';

/**
 * Every query parameter the service reads, declared once: type, bounds, format, default, what it means and the
 * hint its error gives. Each route's query is parsed, defaulted and checked against these by TypeBox
 * (route-query.ts); the route table's OpenAPI and directory entries (and from them the MCP tools' input schemas)
 * are derived from here; a handler can read only the parameters its route declares. Two options are ours:
 * `hint`, said with an invalid value, and `emptyIsAbsent`, a parameter a form may send blank (a date left empty).
 * Example: `queryParameter('days')` → { name: 'days', type: 'integer', minimum: 1, maximum: 4000, default: 365, … }.
 */
export const QUERY_PARAMETERS = {
  days: defaulted(
    Type.Integer({
      minimum: 1,
      maximum: MAX_DAYS,
      default: DEFAULT_DAYS,
      description: `Trailing window in days, counted back from the last observation: a whole number from 1 to ${MAX_DAYS} in plain decimal digits, given at most once. Not with start/end.`,
      hint: `days must be a whole number from 1 to ${MAX_DAYS} written in digits (default ${DEFAULT_DAYS}), given once, e.g. ?days=365.`,
    }),
  ),
  start: Type.String({
    format: 'date',
    emptyIsAbsent: true,
    description:
      'First date (YYYY-MM-DD, inclusive) of a date range (on an endpoint that also takes days: instead of days).',
    hint: DATE_HINT,
  }),
  end: Type.String({
    format: 'date',
    emptyIsAbsent: true,
    description: 'Last date (YYYY-MM-DD, inclusive) of the range; default: the latest. Needs start.',
    hint: DATE_HINT,
  }),
  asOf: Type.String({
    format: 'instant',
    emptyIsAbsent: true,
    hint: 'asOf is a date (YYYY-MM-DD, the end of that day UTC) or a date-time with a zone, e.g. 2026-03-01T12:00:00Z.',
    description:
      'The answer as this service knew it at that instant (a date: the end of that day UTC; or a date-time with a zone), rebuilt from stored vintages: revisions made later are invisible. An instant before the store’s first load answers 404 not_known_as_of.',
  }),
  lang: defaulted(
    Type.String({
      format: 'locale',
      default: 'en',
      description: `Narrative locale: ${LOCALES.join(', ')}; default en. ${LANG_MAPPING_TEXT} Anything else gets 400 invalid_parameter.`,
      hint: `lang must be one of ${LOCALES.join(', ')} (default en), or a common tag for them such as en-US, zh-CN, zh-TW, zh-Hant, ja-JP; given once.`,
    }),
  ),
  compare: Type.String({
    emptyIsAbsent: true,
    description: 'A second series id, drawn on its own right-hand axis (series charts only).',
    hint: `compare is another of the ${INDICATOR_COUNT} series ids, e.g. ?compare=onrrp.`,
  }),
  model: defaulted(
    Type.Union(
      MODEL_VERSIONS.map((v) => Type.Literal(v.version)),
      {
        default: CURRENT_MODEL.version,
        hint: `model is one of ${MODEL_VERSIONS.map((v) => v.version).join(', ')} (/api/model → versions).`,
        description: `A model version (/api/model → versions): its history, every version kept available. An earlier one is computed on demand off the serving thread with that version's own inputs, weights and rules, over the data this publication was built from (the first request waits for it: a few seconds; 503 busy past the bound of on-demand work), then kept for the publication; provenance.modelVersion names it. Default: the current one (${CURRENT_MODEL.version}). Not with asOf.`,
      },
    ),
  ),
  view: defaulted(
    Type.Union([Type.Literal('all'), Type.Literal('first-release')], {
      default: 'all',
      hint: 'view is all or first-release.',
      description:
        'all (default): every vintage of each date; first-release: each date’s first published value only, with when it was superseded (ALFRED’s initial release).',
    }),
  ),
  sort: defaulted(
    Type.Union([Type.Literal('asc'), Type.Literal('desc')], {
      default: 'asc',
      hint: 'sort (or sort_order) is asc or desc, given once.',
      description: 'asc (default): oldest first; desc: newest first (FRED’s sort_order).',
    }),
  ),
  limit: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    hint: 'limit is a whole number from 1 to 100000, given once, e.g. ?sort=desc&limit=10.',
    description:
      'At most this many observations, the first in the order asked: sort=desc&limit=10 is the newest 10 (FRED’s limit). Without days, start or end, over the whole history.',
  }),
  offset: defaulted(
    Type.Integer({
      minimum: 0,
      maximum: 100_000,
      default: 0,
      hint: 'offset is a whole number from 0 to 100000, given once, e.g. ?sort=desc&offset=10&limit=10.',
      description:
        'Skip this many observations, the first in the order asked, before limit: sort=desc&offset=10&limit=10 is the 11th to 20th newest (FRED’s offset). Without days, start or end, over the whole history.',
    }),
  ),
  ids: Type.String({
    hint: 'ids is series ids separated by commas, given once, e.g. ids=tga,onrrp,fed-balance-sheet.',
    pattern: `^[a-z0-9-]+(,[a-z0-9-]+){0,${INDICATOR_COUNT - 1}}$`,
    description: `Series ids separated by commas, up to ${INDICATOR_COUNT}, each any id of the catalog (GET /api/series: the ${INDICATOR_COUNT} indicators and the model’s other inputs, e.g. effr-iorb, reserve-ratio, fed-repo), e.g. ids=tga,onrrp,fed-balance-sheet.`,
  }),
  q: Type.String({
    minLength: 1,
    maxLength: 100,
    emptyIsAbsent: true,
    hint: 'q is 1 to 100 characters, given once, e.g. q=treasury.',
    description:
      'Words to find (case-insensitive), each in the id, name, description, provider or provider id of a series, e.g. q=treasury or q=WALCL.',
  }),
  units: defaulted(
    Type.Union(
      UNITS.map((u) => Type.Literal(u)),
      {
        default: 'lin',
        hint: `units is ${UNITS_CHOICE} (FRED’s units).`,
        description:
          'A transformation, as FRED’s units: lin levels (default); chg change x(t) − x(t−1); ch1 change from a year ago x(t) − x(t−n); pch percent change; pc1 percent change from a year ago; pca compounded annual rate ((x(t)/x(t−1))^n − 1)·100; cch continuously compounded rate of change (ln x(t) − ln x(t−1))·100; cca the same annualized (×n); log ln x(t). n is the observations per year of the frequency the series then has (daily 260 weekdays, weekly 52, monthly 12, quarterly 4, annual 1); t − 1 is the previous row of that frequency, so a date whose lagged row has no value (a holiday) gives none. Applied after any frequency aggregation, as FRED does; values rounded to 6 decimals. With units or frequency and no days, start or end, the whole history is answered.',
      },
    ),
  ),
  frequency: Type.Union(
    TARGET_FREQUENCIES.map((f) => Type.Literal(f)),
    {
      hint: `frequency is ${FREQUENCY_CHOICE}.`,
      description:
        'Aggregate to a lower frequency, as FRED’s frequency: w or wef weekly ending Friday (dated that Friday), wew weekly ending Wednesday, m monthly, q quarterly, a annual (dated the period’s first day). A period the series does not cover — cut by its first or latest observation — is left out, not given from part of its values; a finer frequency than the series’ own is refused (400). Default: the series’ own frequency.',
    },
  ),
  aggregation: defaulted(
    Type.Union(
      AGGREGATIONS.map((a) => Type.Literal(a)),
      {
        default: 'avg',
        hint: `aggregation is ${AGGREGATION_CHOICE}, and needs frequency.`,
        description:
          'How `frequency` combines a period’s values, as FRED’s aggregation_method: avg (default) their mean, sum their sum, eop the period’s last value. Dates without a value are ignored.',
      },
    ),
  ),
  style: defaulted(
    Type.Union([Type.Literal('line'), Type.Literal('compact'), Type.Literal('spark')], {
      default: 'line',
      hint: 'style is line (default), compact or spark.',
      description: 'line (default, 720 × 300), compact (360 × 260, legible on a phone) or spark (axis-less thumbnail).',
    }),
  ),
} satisfies Record<string, TSchema>;

export type QueryName = keyof typeof QUERY_PARAMETERS;

/** A parameter's value once checked: its default when absent, if it has one. Example: QueryValue<'days'> is number. */
export type QueryValue<K extends QueryName> = (typeof QUERY_PARAMETERS)[K] extends { default: unknown }
  ? Static<(typeof QUERY_PARAMETERS)[K]>
  : Static<(typeof QUERY_PARAMETERS)[K]> | undefined;

/**
 * FRED's names of the same parameters (its series/observations API), accepted wherever the parameter they name
 * is, so that a FRED URL's query string works once its path is changed: one value from either name (both given
 * is the parameter given twice, refused as any repeat).
 */
export const QUERY_ALIASES = {
  observation_start: 'start',
  observation_end: 'end',
  sort_order: 'sort',
} as const satisfies Record<string, QueryName>;

/** The alias a parameter is also given by, e.g. start → observation_start; none for most. */
export const ALIAS_OF: ReadonlyMap<string, string> = new Map(
  Object.entries(QUERY_ALIASES).map(([alias, name]) => [name, alias]),
);

/** A parameter's alias as the OpenAPI document lists it: FRED's name, said to be the same parameter. */
export function aliasParameter(parameter: Parameter): Parameter | undefined {
  const alias = parameter.in === 'query' ? ALIAS_OF.get(parameter.name) : undefined;
  if (alias === undefined) return undefined;
  return {
    ...parameter,
    name: alias,
    description: `Alias of \`${parameter.name}\` (FRED’s name): the same parameter; give one or the other. ${parameter.description}`,
  };
}

/** A declared query parameter as the route table documents it; `note` adds what is particular to one route. */
export function queryParameter(name: QueryName, note?: string): Parameter {
  const schema: TSchema = QUERY_PARAMETERS[name];
  const values = schema.anyOf?.map((s: TSchema) => s.const as string);
  return {
    name,
    in: 'query',
    required: false,
    type: schema.type === 'integer' ? 'integer' : 'string',
    description: note ? `${schema.description} ${note}` : (schema.description ?? ''),
    ...definedFields({ enum: values, minimum: schema.minimum, maximum: schema.maximum, default: schema.default }),
  };
}

/** The fields given a value, in their order: a schema's optional facets (enum, bounds, default) without undefined. */
export function definedFields<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * API endpoints answer 400 unknown_parameter to a query parameter they do not take (dispatch.ts); pages and charts
 * ignore them (shared links carry tracking parameters).
 */
export function takesNoUnknownParameter(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
