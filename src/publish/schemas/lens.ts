import { Type } from '@sinclair/typebox';
import { LensReading } from '../../analytics/schemas/lens.ts';
import { LOCALES } from '../../timeseries/locales.ts';
import { ModelAsOf } from './as-of.ts';
import { Provenance } from './provenance.ts';

const { synthesis } = LensReading.properties;

/** The lens as served: the reading (analytics/schemas/lens.ts) with its narrative, locale and stamps. */
export const Lens = Type.Object(
  {
    ...LensReading.properties,
    synthesis: Type.Object(
      {
        cell: synthesis.properties.cell,
        narrative: Type.String({ description: 'Two to four sentences explaining the cell, in the requested locale.' }),
        dataAsOf: synthesis.properties.dataAsOf,
      },
      { additionalProperties: false },
    ),
    updatedAt: Type.String({ format: 'date-time' }),
    lang: Type.Union(
      LOCALES.map((l) => Type.Literal(l)),
      { description: 'The locale the narrative is written in (resolved from the lang parameter).' },
    ),
    provenance: Provenance,
    asOf: ModelAsOf,
  },
  { $id: 'Lens', additionalProperties: false },
);
