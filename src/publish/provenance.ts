import type { Static } from '@sinclair/typebox';
import { formulaInputs, providerSeriesId, seriesDef } from '../timeseries/catalog.ts';
import { licenseOf } from '../timeseries/licenses.ts';
import type { VintagedSeries } from '../timeseries/vintages.ts';
import type { Provenance as ProvenanceSchema } from './schemas/provenance.ts';

/** Where an answer comes from (its schema, publish/schemas/provenance.ts, says what each field means). */
export type Provenance = Static<typeof ProvenanceSchema>;
/** Where one input of an answer comes from: its provider and the provider's id, its terms, the vintage read. */
export type InputProvenance = Provenance['inputs'][number];

/**
 * Builds the provenance of answers of one publication. Each answer names the series it reads; derived series
 * bring their formula inputs (recursively), so a reader can trace every number to a provider's series.
 * Example: ['net-liquidity'] → net-liquidity (derived), fed-balance-sheet (fred WALCL), tga …, onrrp (fred
 * RRPONTSYD), each with its terms and the instant its newest vintage was seen.
 */
export function provenanceBuilder(opts: {
  vintaged: ReadonlyMap<string, VintagedSeries>;
  serviceVersion: string;
  modelVersion: string | null;
  publication: { id: number; builtAt: string };
  /** The bootstrap snapshot's load, if the store began with one (its trigger and the instant it stands for). */
  bootstrap?: { trigger: string; seenAt: string } | null | undefined;
}): (ids: readonly string[], asOf?: string) => Provenance {
  const byId = new Map<string, InputProvenance>();
  const input = (id: string, asOf?: string): InputProvenance => {
    const known = asOf === undefined ? byId.get(id) : undefined;
    if (known) return known;
    const def = seriesDef(id);
    const series = opts.vintaged.get(id);
    const source = def?.source;
    const entry: InputProvenance = {
      id,
      provider: source?.provider ?? 'derived',
      providerSeriesId: def ? providerSeriesId(def) : null,
      license: def ? licenseOf(def).terms : 'unknown',
      vintageSeenAt: series ? newestSeen(series, asOf) : null,
      lastDate: series ? lastDateSeen(series, asOf) : null,
    };
    if (opts.bootstrap && entry.vintageSeenAt === opts.bootstrap.seenAt) entry.vintageFrom = opts.bootstrap.trigger;
    if (asOf === undefined) byId.set(id, entry);
    return entry;
  };
  // With asOf (an as-of answer): the newest vintage seen by then, and the newest date known then.
  return (ids, asOf) => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      const def = seriesDef(id);
      if (def?.formula) for (const inputId of formulaInputs(def.formula)) visit(inputId);
    };
    for (const id of ids) visit(id);
    const inputs = [...seen].map((id) => input(id, asOf));
    const dataCutoff = inputs.reduce<string | null>(
      (max, i) => (i.lastDate !== null && (max === null || i.lastDate > max) ? i.lastDate : max),
      null,
    );
    return {
      serviceVersion: opts.serviceVersion,
      modelVersion: opts.modelVersion,
      publication: opts.publication,
      dataCutoff,
      inputs,
    };
  };
}

/**
 * The newest instant any vintage of the series was seen. Without asOf it is kept per series object: a publication
 * built on the previous one shares the series that gained no vintage, so a publish does not scan every vintage of
 * every series again on the serving thread.
 */
const newestSeenOf = new WeakMap<VintagedSeries, string | null>();

export function newestSeen(series: VintagedSeries, asOf?: string): string | null {
  if (asOf !== undefined) return newestSeenBy(series, asOf);
  if (!newestSeenOf.has(series)) newestSeenOf.set(series, newestSeenBy(series, undefined));
  return newestSeenOf.get(series) ?? null;
}

function newestSeenBy(series: VintagedSeries, asOf: string | undefined): string | null {
  let newest: string | null = null;
  const consider = (seen: string) => {
    if ((asOf === undefined || seen <= asOf) && (newest === null || seen > newest)) newest = seen;
  };
  for (const seen of series.firstSeen) consider(seen);
  for (const later of series.revisions.values()) for (const v of later) consider(v.seenAt);
  return newest;
}

function lastDateSeen(series: VintagedSeries, asOf?: string): string | null {
  for (let i = series.dates.length - 1; i >= 0; i--) {
    if (asOf === undefined || series.firstSeen[i]! <= asOf) return series.dates[i]!;
  }
  return null;
}
