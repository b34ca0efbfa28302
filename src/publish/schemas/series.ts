import { type Static, Type } from '@sinclair/typebox';
import { literals, nullable } from '../../analytics/schemas/literals.ts';
import { AGGREGATION_CHOICE, unitsGiving } from '../../analytics/transform/choices.ts';
import { TARGET_FREQUENCIES } from '../../analytics/transform/frequency-aggregation.ts';
import { UNITS } from '../../analytics/transform/units-transform.ts';
import { INDICATOR_COUNT } from '../../timeseries/catalog.ts';
import { LICENSE_TERMS } from '../../timeseries/series.ts';
import { SOURCE_VALUES } from '../freshness.ts';
import { SeriesAsOf } from './as-of.ts';
import { SeriesFreshness } from './freshness.ts';
import { Provenance } from './provenance.ts';

const IsoDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });

export const SeriesPoint = Type.Object(
  {
    date: IsoDate,
    value: Type.Number({
      description:
        "The observation in the series' unit (meta.unit); with units or frequency, the transformed value in meta.transform.valueUnit.",
    }),
    zScore: Type.Optional(
      Type.Number({
        description:
          '(value − meta.zScoreMean) / meta.zScoreStd, rounded to 4 decimals. Absent when zScoreStd is 0, and on a transformed answer (units or frequency).',
      }),
    ),
  },
  { additionalProperties: false },
);

export const License = Type.Object(
  {
    terms: Type.Union(
      LICENSE_TERMS.map((terms) => Type.Literal(terms)),
      {
        description:
          'public-domain: U.S. government data (Federal Reserve Board, Treasury, BEA), citation requested. citation-required: copyrighted, reuse allowed with the attribution (e.g. SOFR, VIX, NFCI). restricted: reproduction prohibited without the owner’s permission (ICE BofA): values withheld.',
      },
    ),
    name: Type.String({ description: 'The terms in words.' }),
    url: Type.String({
      format: 'uri',
      description: 'Where the provider states the terms (series notes, dataset page).',
    }),
    attribution: Type.String({ description: 'The citation to give when reusing the values.' }),
    redistribution: Type.Union([Type.Literal('full'), Type.Literal('statistics-only')], {
      description:
        'full: the values are served. statistics-only: the terms forbid reproduction, so `data` is empty and only statistics computed from the values (window mean and standard deviation, percentile, last date) are published.',
    }),
  },
  {
    additionalProperties: false,
    description:
      "The upstream terms of this series. A derived series is computed here (CC0) from inputs whose terms still apply: it takes the strictest of its inputs' terms and cites them all.",
  },
);

/** The frequency of the values as served: the series' own, or the one `frequency` aggregated to (FRED's a: annual). */
const ValueFrequency = literals(
  ['daily', 'weekly', 'monthly', 'quarterly', 'annual'],
  "The frequency of the values: the series' own, or after `frequency` (w, wef, wew: weekly; m; q; a: annual).",
);

/** meta.transform: what a FRED-style transformed answer holds (publish/resources/series/selection.ts). */
export const TransformMeta = Type.Object(
  {
    units: Type.String({
      description: `The units transformation applied (${UNITS.join(', ')}).`,
    }),
    frequency: nullable(Type.String(), {
      description: `The frequency aggregated to (${TARGET_FREQUENCIES.join(', ')}); null: the series' own.`,
    }),
    aggregation: nullable(Type.String(), { description: `${AGGREGATION_CHOICE}; null without frequency.` }),
    valueUnit: Type.String({
      description: `The unit of every value (meta.unit gives it too): the series' unit (${unitsGiving('own').join(', ')}), percent (${unitsGiving('percent').join(', ')}) or natural_log_of_<unit> (${unitsGiving('log').join(', ')}).`,
    }),
    unitLabel: Type.String({
      description:
        'The unit of the values in words, after the transform, e.g. "percent change from a year ago", "change from a year ago, billions of US dollars", "natural log of billions of US dollars".',
    }),
    valueFrequency: ValueFrequency,
    seriesUnit: Type.String({ description: "The series' own unit, before the transform." }),
    seriesFrequency: literals(
      ['daily', 'weekly', 'monthly', 'quarterly'],
      "The series' own frequency, before the transform.",
    ),
    observationsPerYear: Type.Integer({
      description: 'FRED’s n_obs_per_yr used by ch1, pc1, pca and cca: 260 daily (weekdays), 52, 12, 4 or 1.',
    }),
    description: Type.String({
      description: 'In words, e.g. "Percent change from a year ago of the quarterly average".',
    }),
  },
  {
    additionalProperties: false,
    description:
      'Present only when the request gave units, frequency or aggregation: the values are transformed as FRED’s API does (aggregation first, then units), over the whole history before the window is cut. zScoreMean, zScoreStd and percentile still describe the untransformed series.',
  },
);

export const SeriesMeta = Type.Object(
  {
    id: Type.String({ description: 'The series id.' }),
    name: Type.String(),
    unit: Type.String({
      description:
        'Unit of every value: usd_billions, eur_billions, jpy_trillions, percent, percent_of_gdp, bps, index, usd; on a transformed answer the unit after the transform (meta.transform.valueUnit: percent for pch, pc1, pca, cch, cca; natural_log_of_<unit> for log), the series’ own in meta.transform.seriesUnit.',
    }),
    frequency: ValueFrequency,
    lastAvailableDate: IsoDate,
    zScoreMean: Type.Number({
      description:
        'Mean of the values in the trailing 5-year window (1,826 days ending at lastAvailableDate): the series’ own values in its own unit (meta.transform.seriesUnit), also on a transformed answer, whose values are in another unit.',
    }),
    zScoreStd: Type.Number({ description: 'Sample standard deviation (n − 1) of the same window.' }),
    zScoreWindow: Type.Object(
      { from: IsoDate, to: IsoDate, count: Type.Integer({ minimum: 1 }) },
      { additionalProperties: false, description: 'The window the z-score parameters and the percentile use.' },
    ),
    percentile: Type.Integer({
      minimum: 0,
      maximum: 100,
      description:
        'Percent rank of the latest value within the same 5-year window (values below it, ties counted half), rounded; of the series’ own values, also on a transformed answer.',
    }),
    source: literals(
      SOURCE_VALUES,
      "The contract's summary of meta.freshness.state: fresh (fresh), stale (late: refreshes succeed but the provider has published nothing newer than the expected lag), fallback (failed: the last refresh of this series or of one of its inputs failed; the last good stored values are served).",
    ),
    lastRefreshAt: nullable(Type.String({ format: 'date-time' }), {
      description: 'When this series was last refreshed (successfully or not).',
    }),
    lastSuccessAt: nullable(Type.String({ format: 'date-time' }), {
      description: 'When this series was last refreshed successfully.',
    }),
    freshness: SeriesFreshness,
    license: License,
    transform: Type.Optional(TransformMeta),
    asOf: SeriesAsOf,
  },
  { additionalProperties: false },
);

/** GET /api/series/{id}/vintages: every vintage of the dates in a window, FRED-ALFRED style. */
export const SeriesVintages = Type.Object(
  {
    id: Type.String(),
    unit: Type.String(),
    view: Type.Union([Type.Literal('all'), Type.Literal('first-release')], {
      description: 'all: every vintage; first-release: each date’s first value only (ALFRED’s initial release).',
    }),
    storeFirstLoadAt: nullable(Type.String(), {
      description: 'When this service first stored any data: no vintage is older.',
    }),
    vintages: Type.Array(
      Type.Object(
        {
          date: IsoDate,
          value: nullable(Type.Number(), { description: 'null: the provider withdrew the date.' }),
          seenAt: Type.String({ description: 'When this service first saw this value (ISO 8601).' }),
          supersededAt: nullable(Type.String(), {
            description: 'When a later vintage replaced it; null for the current value.',
          }),
        },
        { additionalProperties: false },
      ),
      { description: 'By date ascending, then oldest vintage first.' },
    ),
    provenance: Provenance,
  },
  { $id: 'SeriesVintages', additionalProperties: false },
);

export const SeriesResponse = Type.Object(
  {
    data: Type.Array(SeriesPoint, {
      description:
        'In the order sort asks: ascending by date by default (data[0] the oldest point), newest first with sort=desc.',
    }),
    meta: SeriesMeta,
    provenance: Provenance,
  },
  { $id: 'SeriesResponse', additionalProperties: false },
);

export type SeriesResponse = Static<typeof SeriesResponse>;

/** GET /api/series: every series of the catalog (publish/resources/series/catalog.ts). */
export const SeriesCatalog = Type.Object(
  {
    count: Type.Integer(),
    series: Type.Array(
      Type.Object(
        {
          id: Type.String(),
          name: Type.String(),
          description: Type.String(),
          unit: Type.String(),
          frequency: Type.String({ description: 'daily, weekly, monthly or quarterly.' }),
          provider: Type.String({ description: 'fred, treasury, nyfed, prices, or derived (computed here).' }),
          providerSeriesId: nullable(Type.String(), {
            description: "The provider's own id (FRED series id, Fiscal Data or NY Fed dataset, price symbol).",
          }),
          license: Type.Object(
            {
              terms: Type.String({
                description: `${LICENSE_TERMS.slice(0, -1).join(', ')} or ${LICENSE_TERMS.at(-1)}.`,
              }),
              attribution: Type.String({ description: 'The citation to give when reusing the values.' }),
              redistribution: Type.Union([Type.Literal('full'), Type.Literal('statistics-only')]),
            },
            { additionalProperties: false },
          ),
          firstDate: nullable(Type.String({ format: 'date' })),
          lastDate: nullable(Type.String({ format: 'date' })),
          lastUpdatedAt: nullable(Type.String(), {
            description: 'When this service last saw a new value of the series (its newest vintage).',
          }),
          nextExpectedRelease: nullable(Type.String({ format: 'date' }), {
            description:
              'An estimate: the date after lastDate that the frequency gives (the next weekday, a week, a month or a quarter on) plus the publication lag.',
          }),
          indicator: Type.Boolean({
            description: `One of the ${INDICATOR_COUNT} indicators (served at /api/series/{id}); the others are model inputs and benchmarks, served at /api/data/{id}.`,
          }),
          url: Type.String({
            format: 'uri',
            description:
              'The series as JSON, with the same windows, transforms and provenance everywhere: /api/series/{id} for an indicator, /api/data/{id} for any other series.',
          }),
          csvUrl: nullable(Type.String({ format: 'uri' }), {
            description: 'The series as CSV; null when its terms forbid reproducing the values (see withheld).',
          }),
          withheld: nullable(Type.String(), {
            description:
              'Why the values are not offered (the upstream terms forbid reproducing them; url then serves the statistics and the licence only), or null when they are.',
          }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { $id: 'SeriesCatalog', additionalProperties: false },
);

/** GET /api/series.json: several series aligned on their dates (publish/resources/csv.ts alignSeries). */
export const SeriesSetResponse = Type.Object(
  {
    ids: Type.Array(Type.String()),
    units: Type.Array(Type.String(), {
      description: 'The unit of each series’ values, in the order of ids (transform.valueUnit when transformed).',
    }),
    transform: Type.Optional(
      Type.Array(TransformMeta, {
        description:
          'Present when the request gave units or frequency: the transform of each series, in the order of ids.',
      }),
    ),
    dates: Type.Array(IsoDate, { description: 'Every date any of the series has, ascending.' }),
    values: Type.Record(Type.String(), Type.Array(nullable(Type.Number())), {
      description: 'Per id, its value on each date (element i belongs to dates[i]); null where it has none.',
    }),
    provenance: Provenance,
  },
  { $id: 'SeriesSet', additionalProperties: false },
);
