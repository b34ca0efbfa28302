import type { TSchema } from '@sinclair/typebox';
import type { Observation } from '../../timeseries/observation.ts';
import type { CachePolicy } from '../cache-policy.ts';
import type { SeriesFreshness } from '../freshness.ts';
import type { ModelComputation } from '../model/computation.ts';
import type { ModelState } from '../model/state.ts';
import type { Provenance } from '../provenance.ts';
import type { PublicationInput } from '../publication/build.ts';
import type { Recomputed } from '../recompute.ts';
import type { IndicatorSummary } from './indicators.ts';
import type { PUBLISHED } from './list.ts';
import type { SeriesResponses } from './series/responses.ts';

/**
 * A resource built at publish time, declared once: the URL it answers, its cache policy, its response schema (whose
 * `Static<>` types what it builds), how it is built from the publication's parts, and the real example the OpenAPI
 * document and the docs page show. A publication is the loop over the list of these (resources/list.ts); the route
 * that answers one takes its path, policy and schema from it (http/routes/published.ts).
 */
export interface Published<K extends string, T, Always extends boolean = false> {
  /** The publication's field that holds it. */
  readonly key: K;
  readonly path: string;
  readonly cache: CachePolicy;
  readonly schema: TSchema;
  /**
   * When building throws: the recompute it is reported under (`errors` of the publication, /api/health) and whether
   * the previous publication's result is served meanwhile (marked by the error). Absent: the publication fails.
   */
  readonly onFailure?: { readonly error: Recomputed; readonly keepPrevious: boolean };
  /** Built in every publication (health, the catalog); the others may be absent (no data, no content, failed). */
  readonly always?: Always;
  build(parts: PublishParts): T | undefined | Promise<T | undefined>;
  /** The documented example: the real response, trimmed where it is long; undefined when there is none to show. */
  example(built: T): unknown;
}

/** What a published resource is built from: the publication's input and its parts built before the list. */
export interface PublishParts {
  /** The publication's input without the publication it replaces (build.ts says why none may reach it). */
  readonly input: Omit<PublicationInput, 'previous'>;
  readonly stamp: string;
  readonly current: ReadonlyMap<string, readonly Observation[]>;
  readonly freshness: ReadonlyMap<string, SeriesFreshness>;
  readonly series: ReadonlyMap<string, SeriesResponses>;
  readonly indicators: readonly IndicatorSummary[];
  readonly modelState: ModelState | undefined;
  readonly correlationReport: ModelComputation['correlation'] | undefined;
  /** The series the served model reads (its provenance's inputs). */
  readonly modelInputs: readonly string[];
  readonly provenance: (ids: readonly string[], asOf?: string) => Provenance;
  /** What the resources before this one in the list built. */
  readonly built: Partial<PublishedResources>;
}

type Module = (typeof PUBLISHED)[number];

/** What one module puts in the publication: absent where it may be. */
type BuiltBy<M> =
  M extends Published<string, infer T, infer Always> ? (Always extends true ? T : T | undefined) : never;

/** The publication's published resources, by key: derived from the list, never written out. */
export type PublishedResources = { readonly [M in Module as M['key']]: BuiltBy<M> };

export type PublishedKey = Module['key'];
