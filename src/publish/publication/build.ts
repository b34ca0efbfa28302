import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PendingQuarantine } from '../../store/observations.ts';
import type { SeriesRefreshState } from '../../store/runs.ts';
import type { StoredNote } from '../../store/weekly-notes.ts';
import type { Observation } from '../../timeseries/observation.ts';
import type { VintagedSeries } from '../../timeseries/vintages.ts';
import type { PublicationContent } from '../content.ts';
import { catalogFreshness } from '../freshness.ts';
import type { ModelOutcome } from '../model/computation.ts';
import { type ModelState, modelState as modelStateOf } from '../model/state.ts';
import { type Provenance, provenanceBuilder } from '../provenance.ts';
import { failed, type RecomputeErrors } from '../recompute.ts';
import type { Resource } from '../resource.ts';
import type { ChangelogBody } from '../resources/changelog.ts';
import { directoryExample } from '../resources/examples.ts';
import type { LastRun } from '../resources/health.ts';
import { type IndicatorSummary, indicatorSummaries } from '../resources/indicators.ts';
import { PUBLISHED } from '../resources/list.ts';
import type { AsOfCompute } from '../resources/model-as-of.ts';
import type { PublishedKey, PublishedResources, PublishParts } from '../resources/published.ts';
import type { SeriesResponses } from '../resources/series/responses.ts';
import { SERVICE_VERSION } from '../service-version.ts';
import type { SiteBuilder, SiteBundle } from '../site-port.ts';
import type { WorkbookSpec } from '../workbook.ts';
import { type Downloads, downloadsOnDemand } from './downloads.ts';
import { buildAllSeries, currentState } from './series.ts';

export type { ChangelogBody, ModelState, Resource };

/**
 * Everything the HTTP layer serves that depends on data, built once per refresh from stored series and swapped in
 * whole: a request reads one immutable Publication and never computes.
 */
export interface Publication extends Downloads, PublishedResources {
  /** Monotonic per process, or the publication log's id when several processes share a store. */
  readonly version: number;
  readonly builtAt: string;
  readonly baseUrl: string;
  readonly content: PublicationContent | undefined;
  /** Every stored vintage it was built from, by series. */
  readonly vintaged: ReadonlyMap<string, VintagedSeries>;
  /** The current value of every stored series (newest vintage per date). */
  readonly current: ReadonlyMap<string, readonly Observation[]>;
  readonly series: ReadonlyMap<string, SeriesResponses>;
  readonly indicators: readonly IndicatorSummary[];
  /** The model result served, or undefined when none was ever computed (then `errors.model` says why). */
  readonly modelState: ModelState | undefined;
  /** The provenance object of an answer reading these series (on-demand answers: /api/series.json). */
  readonly provenance: (ids: readonly string[], asOf?: string) => Provenance;
  /** Real responses, trimmed, by route path: the OpenAPI and documentation examples. */
  readonly examples: ReadonlyMap<string, unknown>;
  /** Why a resource could not be computed this time (the previous result, if any, is served meanwhile). */
  readonly errors: Readonly<RecomputeErrors>;
  /** The week's note of each reading as first published (store/weekly-notes.ts), by reading date. */
  readonly weeklyNotes: ReadonlyMap<string, StoredNote>;
  /** Pages, charts and site documents; undefined without a site builder or content. */
  readonly site: SiteBundle | undefined;
  /** Resolves when every response built at publish time has its gzip and brotli encodings. */
  readonly ready: Promise<void>;
}

export interface PublicationInput {
  vintaged: ReadonlyMap<string, VintagedSeries>;
  states: ReadonlyMap<string, SeriesRefreshState>;
  now: Date;
  version: number;
  baseUrl: string;
  /** The publication being replaced: its results are kept, marked last-good, where a recompute fails. */
  previous?: Publication | undefined;
  content?: PublicationContent | undefined;
  /** Renders the pages (the site); injected by the composition root. */
  site?: SiteBuilder | undefined;
  lastRun?: LastRun | undefined;
  /** The bootstrap snapshot's load, if the store began with one (provenance names it). */
  bootstrap?: { trigger: string; seenAt: string } | null | undefined;
  /** Failed or partial runs since the last successful one (for health's next try). */
  failedRunsInARow?: number | undefined;
  /** Values held out of the current state by the jump check, awaiting confirmation. */
  quarantine?: readonly PendingQuarantine[] | undefined;
  /** The publication's model, computed beforehand (publish/model/kept.ts): a publication never runs the model. */
  computed: ModelOutcome;
  /** The notes kept so far (the latest reading's is kept after this publication is built: publisher.ts). */
  weeklyNotes?: ReadonlyMap<string, StoredNote> | undefined;
  /** How `asOf` answers compute the model (default: on the worker thread). */
  asOfCompute?: AsOfCompute | undefined;
  /** Builds xlsx bytes; default: on the worker thread. */
  workbookBuild?: ((spec: WorkbookSpec) => Promise<Uint8Array>) | undefined;
}

/**
 * Builds a publication. Asynchronous only to yield to the event loop between series (each a millisecond or two)
 * so that requests keep being answered while a publication is built; the result depends on the input alone.
 */
export async function buildPublication(all: PublicationInput): Promise<Publication> {
  // The publication keeps closures made here (downloads, caches, the site). None may reach the previous
  // publication, or every publication would keep all the ones before it alive. Only plain calls below see `all`.
  const { previous, ...input } = all;
  const errors: RecomputeErrors = {};
  const stamp = input.now.toISOString();
  // A series whose vintages are the previous publication's very own (the store gained none for it) keeps its
  // current state and its serialized points: most refreshes change few series.
  const current = await currentState(input.vintaged, previous);
  const freshness = catalogFreshness(current, input.states, input.now);
  const { state: modelState, correlationReport } = modelStateOf(
    input.computed,
    input.now,
    previous?.modelState,
    errors,
  );
  // Every data resource says where it comes from: service, model, publication, and each input's provider,
  // provider id, terms and the vintage read (publish/provenance.ts).
  const provenance = provenanceBuilder({
    vintaged: input.vintaged,
    serviceVersion: input.content?.serviceVersion ?? SERVICE_VERSION,
    modelVersion: modelState?.outputs.description.version ?? null,
    publication: { id: input.version, builtAt: stamp },
    bootstrap: input.bootstrap,
  });
  const series = await buildAllSeries(current, freshness, provenance, previous?.series);
  const indicators = indicatorSummaries(current, series, freshness);
  const parts: PublishParts = {
    input,
    stamp,
    current,
    freshness,
    series,
    indicators,
    modelState,
    correlationReport,
    modelInputs: modelState?.outputs.description.groups.flatMap((g) => g.indicators.map((i) => i.id)) ?? [],
    provenance,
    built: {},
  };
  const built = await publishAll(parts, errors, previous);
  const publication: Publication = {
    version: input.version,
    builtAt: stamp,
    baseUrl: input.baseUrl,
    content: input.content,
    vintaged: input.vintaged,
    current,
    series,
    ...downloadsOnDemand(parts, built),
    ...built,
    indicators,
    modelState,
    provenance: (ids, asOf) => provenance(ids, asOf),
    examples: examplesOf(built, series, input.content),
    errors,
    weeklyNotes: input.weeklyNotes ?? new Map(),
    site: undefined,
    ready: Promise.resolve(),
  };
  await nextTurn();
  let site: SiteBundle | undefined;
  if (input.site && input.content) {
    try {
      site = input.site(publication);
    } catch (cause) {
      site = failed('site', errors, stamp, cause, previous?.site);
    }
  }
  const ready = encoded(publication, built, site);
  return { ...publication, site, ready };
}

/**
 * The published resources, in the list's order, each serialized (and its encodings started) in a turn of its own,
 * as each series is: together they would hold the serving thread too long. `previous` is read in plain calls only,
 * never in a closure: a closure naming it puts it in the context that every closure made here shares (V8), and
 * the publication keeps some of them (the retention test).
 */
async function publishAll(
  parts: PublishParts,
  errors: RecomputeErrors,
  previous: Publication | undefined,
): Promise<PublishedResources> {
  const built = parts.built as Partial<Record<PublishedKey, unknown>>;
  for (const module of PUBLISHED) {
    built[module.key] = await publishOne(module, parts, errors, previous?.[module.key]);
    await nextTurn();
  }
  return built as PublishedResources;
}

/** One resource; where building it fails, what its module says (its previous result kept, or the error). */
async function publishOne(
  module: (typeof PUBLISHED)[number],
  parts: PublishParts,
  errors: RecomputeErrors,
  previous: unknown,
): Promise<unknown> {
  try {
    const value = await module.build(parts);
    if (value === undefined && module.always) throw new Error(`${module.key} was not built`);
    return value;
  } catch (cause) {
    if (!module.onFailure) throw cause;
    const { error, keepPrevious } = module.onFailure;
    return failed(error, errors, parts.stamp, cause, keepPrevious ? previous : undefined);
  }
}

/** Real responses, trimmed, by route path: the OpenAPI document's and the documentation's examples. */
function examplesOf(
  built: PublishedResources,
  series: ReadonlyMap<string, SeriesResponses>,
  content: PublicationContent | undefined,
): ReadonlyMap<string, unknown> {
  const examples = new Map<string, unknown>();
  if (content) examples.set('/api', directoryExample(content.directory));
  const tga = series.get('tga');
  if (tga) examples.set('/api/series/{id}', JSON.parse(tga.forDays(7).body.toString()));
  for (const module of PUBLISHED) {
    const value = built[module.key];
    const example = value === undefined ? undefined : module.example(value as never);
    if (example !== undefined) examples.set(module.path, example);
  }
  return examples;
}

/** Resolves when every response built at publish time has its gzip and brotli encodings. */
function encoded(p: Publication, built: PublishedResources, site: SiteBundle | undefined): Promise<void> {
  const responses = Object.values(built).flatMap((value: unknown) =>
    value instanceof Map ? [...value.values()] : [value],
  ) as (Resource<unknown> | undefined)[];
  const ready = [...responses.map((r) => r?.response.ready), site?.llms.ready, site?.apiCatalog.ready];
  return Promise.all([...ready, ...[...p.series.values()].map((s) => s.settled())]).then(() => undefined);
}
