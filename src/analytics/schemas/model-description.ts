import { Type } from '@sinclair/typebox';
import { GROUP_IDS as GroupIds } from '../model/spec.ts';
import { closed } from './closed.ts';
import { literals, nullable } from './literals.ts';
import { Validation } from './validation.ts';

const GroupDescription = closed({
  id: literals(GroupIds, 'group id'),
  name: Type.String(),
  weight: Type.Number({ description: 'Weight before renormalization over the groups present.' }),
  role: literals(
    ['mean', 'floor'],
    'mean: in the weighted mean with its weight. floor (dli-4: the backstops): no weight in the mean; its reading is a floor under the level.',
  ),
  indicators: Type.Array(
    closed({
      id: Type.String(),
      label: Type.String({ description: 'The input as the methodology and the pages name it ("EFFR − IORB").' }),
      transform: Type.String(),
      risingIsTighter: Type.Boolean(),
      robustScaleFloor: Type.Number(),
      staleAfterDays: Type.Integer(),
    }),
  ),
});

/** The model as analytics/model/description.ts describes it (publish adds freshness and provenance). */
export const ModelDescriptionFields = closed({
  version: Type.String({ description: 'The current version: every reading and the history are computed with it.' }),
  computedAt: Type.String({ format: 'date-time' }),
  dataAsOf: nullable(Type.String({ format: 'date' })),
  summary: Type.String(),
  groups: Type.Array(GroupDescription),
  inputs: Type.String({ description: 'How inputs are dated (point in time, or as published today).' }),
  normalization: Type.String(),
  aggregation: Type.String(),
  headline: Type.String(),
  thresholds: closed({
    riskOffAtOrAbove: Type.Integer(),
    riskOnAtOrBelow: Type.Integer(),
    riskOffUntilBelow: Type.Integer({
      description: 'Risk-off, once entered, lasts until the headline falls below this (status hysteresis).',
    }),
    riskOnUntilAbove: Type.Integer({
      description: 'Risk-on, once entered, lasts until the headline rises above this.',
    }),
    momentumPoints: Type.Number(),
    momentumDays: Type.Integer(),
    drivers: Type.String({ description: 'How driver contributions and directions are computed.' }),
  }),
  windows: Type.Record(Type.String(), Type.Number()),
  validation: nullable(Validation, {
    description:
      'The validation figures, computed from the data stored now. null only in the first seconds after a first start, ' +
      'while they are computed: the publication served next has them.',
  }),
  versions: Type.Array(
    closed({
      version: Type.String(),
      status: literals(['current', 'retired'], 'whether readings are computed with it'),
      from: Type.String({ format: 'date', description: 'First published.' }),
      to: nullable(Type.String({ format: 'date' }), { description: 'Replaced on (retired).' }),
      summary: Type.String(),
      changes: Type.Array(Type.String(), { description: 'What changed from the previous version, and why.' }),
      groups: Type.Array(GroupDescription),
      aggregation: Type.String(),
    }),
    { description: 'Every version ever published, newest first: the changelog.' },
  ),
  methodologyUrl: Type.String({ format: 'uri' }),
});
