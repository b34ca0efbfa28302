import { Type } from '@sinclair/typebox';
import { nullable } from '../../analytics/schemas/literals.ts';
import { LICENSE_TERMS } from '../../timeseries/series.ts';

/** The provenance object every data resource carries (publish/provenance.ts builds it). */
export const Provenance = Type.Object(
  {
    serviceVersion: Type.String(),
    modelVersion: nullable(Type.String()),
    publication: Type.Object(
      { id: Type.Integer(), builtAt: Type.String({ description: 'When the publication was built (ISO 8601).' }) },
      { additionalProperties: false },
    ),
    dataCutoff: nullable(Type.String(), {
      description:
        "The newest date of data among the inputs listed. It can be later than the answer's own data: a derived series ends where its shortest input does (net liquidity with ON RRP's last print), while another input runs on; each input's lastDate says where it ends.",
    }),
    inputs: Type.Array(
      Type.Object(
        {
          id: Type.String(),
          provider: Type.String({
            description: 'fred, treasury, nyfed, prices, or derived (from the inputs beside it).',
          }),
          providerSeriesId: nullable(Type.String(), {
            description: "The provider's own id (FRED series id, Fiscal Data or NY Fed dataset, price symbol).",
          }),
          license: Type.String({ description: `The upstream terms (${LICENSE_TERMS.join(', ')}).` }),
          vintageSeenAt: nullable(Type.String(), {
            description: 'When this service first saw the newest vintage the answer was built from.',
          }),
          lastDate: nullable(Type.String()),
          vintageFrom: Type.Optional(
            Type.String({
              description:
                'Present when the newest vintage read came from the bootstrap snapshot shipped with the project (loaded into an empty store), not from the provider: "bootstrap snapshot of DATE".',
            }),
          ),
        },
        { additionalProperties: false },
      ),
      { description: 'Every series the answer reads; derived series bring their formula inputs.' },
    ),
  },
  {
    additionalProperties: false,
    description:
      'Where this answer comes from: the service and model versions, the publication, the data cut-off, and per input series its provider, provider id, terms and the vintage read.',
  },
);
