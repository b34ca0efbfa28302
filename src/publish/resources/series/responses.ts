import { createHash } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import { round } from '../../../analytics/stats/round.ts';
import { type WindowStats, windowStats } from '../../../analytics/stats/window-stats.ts';
import { zScore } from '../../../analytics/stats/z-score.ts';
import type { TransformSpec } from '../../../analytics/transform/fred-transform.ts';
import { firstIndexOnOrAfter } from '../../../timeseries/as-of.ts';
import { addDays } from '../../../timeseries/dates.ts';
import { licenseOf } from '../../../timeseries/licenses.ts';
import type { Observation } from '../../../timeseries/observation.ts';
import type { Frequency, SeriesDef, Unit } from '../../../timeseries/series.ts';
import { CACHE_CONTROL } from '../../cache-policy.ts';
import { type SeriesFreshness, sourceOf } from '../../freshness.ts';
import { keptAnswers, keptOr, MIB } from '../../kept.ts';
import {
  type Compression,
  JSON_CONTENT_TYPE,
  jsonStringCharacters,
  type PreparedResponse,
  prepared,
  strongEtag,
} from '../../prepared-response.ts';
import type { Provenance } from '../../provenance.ts';
import type { SeriesMeta as SeriesMetaSchema } from '../../schemas/series.ts';
import { type Selection, selectionKey, selectPoints, transformMeta } from './selection.ts';

export const DEFAULT_DAYS = 365;
export const MAX_DAYS = 4000;

/** meta of GET /api/series/{id} (publish/schemas/series.ts says what each field means). */
export type SeriesMeta = Static<typeof SeriesMetaSchema>;

/** Windows kept for the life of the publication once asked for: what clients and the site use. */
export const COMMON_DAYS: readonly number[] = [7, 30, 90, 180, 365, 730, 1826, MAX_DAYS];

/** Heap held by one cached window response besides its encodings (see below). */
const ENTRY_BYTES = 2048;

/**
 * Any other window is assembled on demand and kept in one cache shared by every series, bounded in bytes and
 * time: however many distinct `days` values arrive, they cost at most this much memory.
 */
const onDemand = keptAnswers<PreparedResponse>('series windows', {
  bytes: 8 * MIB,
  // What an entry holds: its objects (headers, ETags, closures) and, once a client asked, its encodings (smaller
  // than the body: counted as half of it). Not the body itself: views of the points the series holds anyway.
  sizeOf: (response) => ENTRY_BYTES + Number(response.headers['content-length']) / 2,
  ttlMs: 10 * 60_000,
});

/**
 * Transformed answers (units, frequency) own their bodies (no views of kept points), so they are counted whole, in
 * their own cache: a flood of distinct transforms holds at most this much.
 */
const transformedAnswers = keptAnswers<PreparedResponse>('transformed series', {
  bytes: 8 * MIB,
  sizeOf: (response) => ENTRY_BYTES + 2 * Number(response.headers['content-length']),
  ttlMs: 10 * 60_000,
});

/** What the on-demand window cache holds now (bench and tests). */
export function onDemandWindows(): { entries: number; bytes: number } {
  return { entries: onDemand.size, bytes: onDemand.calculatedSize };
}

/**
 * Every `days` variant of one series' response, without re-serializing per request: each point is
 * serialized once into one buffer with its byte offsets, so a `days` window is a slice of that buffer between
 * a fixed head and tail. Common windows are kept (and encoded) for the life of the publication; any other is
 * assembled per request, encoded only when the encoder is idle, and cached in a bounded LRU.
 */
export class SeriesResponses {
  readonly meta: SeriesMeta;
  readonly #serialized: SerializedPoints;
  readonly #head = Buffer.from('{"data":[');
  readonly #tail: Buffer;
  readonly #contentTag: string;
  readonly #common = new Map<number, PreparedResponse>();
  readonly #provenance: Provenance | undefined;
  #escapedTail: Buffer | undefined;

  constructor(serialized: SerializedPoints, meta: SeriesMeta, provenance?: Provenance) {
    this.meta = meta;
    this.#provenance = provenance;
    this.#serialized = serialized;
    this.#tail = Buffer.from(
      `],"meta":${JSON.stringify(meta)}${provenance ? `,"provenance":${JSON.stringify(provenance)}` : ''}}`,
    );
    this.#contentTag = strongEtag(Buffer.concat([Buffer.from(serialized.digest), this.#tail])).slice(1, 17);
  }

  get stats(): WindowStats {
    return this.#serialized.stats;
  }

  /** The points serialized once, for reuse by the next publication when the series is unchanged. */
  get serialized(): SerializedPoints {
    return this.#serialized;
  }

  /** Resolves when every common window built so far has its encodings. */
  settled(): Promise<void> {
    return Promise.all([...this.#common.values()].map((r) => r.ready)).then(() => undefined);
  }

  /** The response holding the points dated within `days` days up to and including the last observation. */
  forDays(days: number): PreparedResponse {
    const common = COMMON_DAYS.includes(days);
    if (common) {
      const hit = this.#common.get(days);
      if (hit) return hit;
    }
    const [start, end] = this.indexesOf({ days });
    // Same start index → same bytes, so the index makes the strong ETag unique per body.
    const etag = `"${this.#contentTag}-${start}"`;
    if (!common) return this.#onDemand(etag, () => this.#window(start, end, etag, 'if-idle'));
    const response = this.#window(start, end, etag, 'always');
    this.#common.set(days, response);
    return response;
  }

  /**
   * The points dated from `start` to `end` (inclusive; null: to the last observation), assembled per request and
   * kept in the same bounded on-demand cache as uncommon `days` windows.
   */
  forRange(start: string, end: string | null): PreparedResponse {
    const [from, to] = this.indexesOf({ start, end });
    const etag = `"${this.#contentTag}-${from}-${to}"`;
    return this.#onDemand(etag, () => this.#window(from, Math.max(from, to), etag, 'if-idle'));
  }

  /**
   * A window [from, to) of point indexes in the order asked (`desc`: newest first), cut to its first `limit` points
   * in that order (FRED's sort_order and limit: `desc` with limit N is the newest N). Kept in the on-demand cache.
   */
  forSelection(
    from: number,
    to: number,
    order: 'asc' | 'desc',
    limit: number | undefined,
    offset = 0,
  ): PreparedResponse {
    // The offset first (FRED's: skipped in the order asked), then the limit, within [from, to).
    const skipped = Math.min(Math.max(0, to - from), offset);
    if (order === 'asc') from += skipped;
    else to -= skipped;
    const n = Math.max(0, to - from);
    const kept = limit === undefined ? n : Math.min(n, limit);
    const [start, end] = order === 'asc' ? [from, from + kept] : [to - kept, to];
    const etag = `"${this.#contentTag}-${start}-${end}-${order}"`;
    return this.#onDemand(etag, () => this.#window(start, end, etag, 'if-idle', order));
  }

  /**
   * A FRED-style transformed answer (units, frequency): the points selected (series/selection.ts) without z-scores,
   * meta.transform saying what was done. Built per request and kept in a bounded cache of its own.
   */
  transformed(selection: Selection & { transform: TransformSpec }): PreparedResponse {
    const etag = `"${this.#contentTag}-${createHash('sha256').update(selectionKey(selection)).digest('hex').slice(0, 16)}"`;
    return keptOr(transformedAnswers, `${this.meta.id}:${etag}`, () => {
      const body = transformedBody(this.#serialized.observations, this.meta, this.#provenance, selection);
      return seriesResponse(Buffer.from(body), etag, 'if-idle');
    });
  }

  /** The provenance every answer of this series carries (an answer computed elsewhere carries it too). */
  get provenance(): Provenance | undefined {
    return this.#provenance;
  }

  /** The indexes [from, to) of a window: `days` up to the last observation, or start to end (inclusive). */
  indexesOf(window: { days: number } | { start: string; end: string | null } | null): [number, number] {
    const observations = this.#serialized.observations;
    if (window === null) return [0, observations.length];
    if ('days' in window)
      return [
        firstIndexOnOrAfter(observations, addDays(this.meta.lastAvailableDate, -(window.days - 1))),
        observations.length,
      ];
    const to = window.end === null ? observations.length : firstIndexOnOrAfter(observations, addDays(window.end, 1));
    return [firstIndexOnOrAfter(observations, window.start), to];
  }

  /** A window's response from the on-demand cache, built and kept there when missing. */
  #onDemand(etag: string, build: () => PreparedResponse): PreparedResponse {
    return keptOr(onDemand, `${this.meta.id}:${etag}`, build);
  }

  /** The body of points [start, end) in `order`: slices of the serialized points between the head and the tail. */
  #window(start: number, end: number, etag: string, compression: Compression, order: 'asc' | 'desc' = 'asc') {
    const parts = [this.#head, ...pointParts(this.#serialized, start, end, order), this.#tail];
    // A window kept for the publication's life is one buffer; one built on demand stays views of what the
    // series keeps anyway (prepared-response.ts `parts`), so a flood of distinct windows allocates no bodies.
    const response = seriesResponse(compression === 'always' ? Buffer.concat(parts) : parts, etag, compression);
    return Object.assign(response, { jsonText: () => this.#jsonText(start, end, order) });
  }

  /** A window's body as JSON string characters: the same cuts, of the points escaped once (escapedPoints). */
  #jsonText(start: number, end: number, order: 'asc' | 'desc'): Buffer[] {
    this.#escapedTail ??= jsonStringCharacters(this.#tail);
    return [ESCAPED_HEAD, ...pointParts(escapedPoints(this.#serialized), start, end, order), this.#escapedTail];
  }
}

/** A series answer: the same URL answers CSV to `Accept: text/csv` (routes/series.ts), so caches key on Accept. */
export function seriesResponse(
  body: Buffer | readonly Buffer[],
  etag: string,
  compression: Compression,
): PreparedResponse {
  return prepared(body, etag, JSON_CONTENT_TYPE, CACHE_CONTROL.series, 200, { vary: 'Accept' }, compression);
}

const COMMA = Buffer.from(',');

/** The points [start, end) of `points` cut at its offsets: one slice (asc), or one per point newest first (desc). */
function pointParts(
  { points, offsets }: { points: Buffer; offsets: Uint32Array },
  start: number,
  end: number,
  order: 'asc' | 'desc',
): Buffer[] {
  const last = offsets.length - 2;
  // A point's bytes are followed by a comma, but for the last point's.
  const stopOf = (i: number) => (i === last ? offsets[i + 1]! : offsets[i + 1]! - 1);
  if (order === 'asc') {
    const stop = end > last ? offsets[last + 1]! : Math.max(offsets[start]!, offsets[end]! - 1);
    return [points.subarray(offsets[start]!, stop)];
  }
  const parts: Buffer[] = [];
  for (let i = end - 1; i >= start; i--) {
    if (i !== end - 1) parts.push(COMMA);
    parts.push(points.subarray(offsets[i]!, stopOf(i)));
  }
  return parts;
}

const ESCAPED_HEAD = jsonStringCharacters(Buffer.from('{"data":['));

/**
 * A series' points as JSON string characters with their own offsets, built the first time an MCP client asks for
 * one of its windows and kept with the serialized points: a window's text is slices of this, instead of the
 * whole body escaped per answer (a large share of the serving thread under a flood of unique MCP windows).
 */
const escapedByPoints = new WeakMap<SerializedPoints, { points: Buffer; offsets: Uint32Array }>();

function escapedPoints(serialized: SerializedPoints): { points: Buffer; offsets: Uint32Array } {
  const known = escapedByPoints.get(serialized);
  if (known) return known;
  const { points, offsets } = serialized;
  const escaped = jsonStringCharacters(points);
  // Each point's bytes grow by what escaping adds within them: one byte per `"` or `\` (a point is a date and
  // numbers: no other character JSON escapes).
  const escapedOffsets = new Uint32Array(offsets.length);
  for (let i = 1; i < offsets.length; i++) {
    let added = 0;
    for (let at = offsets[i - 1]!; at < offsets[i]!; at++) if (points[at] === 0x22 || points[at] === 0x5c) added++;
    escapedOffsets[i] = escapedOffsets[i - 1]! + (offsets[i]! - offsets[i - 1]!) + added;
  }
  if (escapedOffsets.at(-1) !== escaped.length) throw new Error('a point holds a character the offsets do not count');
  const result = { points: escaped, offsets: escapedOffsets };
  escapedByPoints.set(serialized, result);
  return result;
}

/**
 * The JSON of a FRED-style transformed answer (units, frequency): the points selected (series/selection.ts)
 * without z-scores, meta.transform saying what was done. A pure function of its inputs: the worker thread
 * computes it for the service (on-demand/tasks.ts).
 */
export function transformedBody(
  observations: readonly Observation[],
  meta: SeriesMeta,
  provenance: Provenance | undefined,
  selection: Selection & { transform: TransformSpec },
): string {
  const frequency = meta.frequency as Frequency;
  const transform = transformMeta(selection.transform, meta.unit as Unit, frequency, observations);
  return JSON.stringify({
    data: selectPoints(observations, frequency, selection),
    // meta.unit and meta.frequency say what the values are: after the transform.
    meta: { ...meta, unit: transform.valueUnit, frequency: transform.valueFrequency, transform },
    ...(provenance ? { provenance } : {}),
  });
}

/**
 * One series' points serialized once: the JSON of every point in one buffer with its byte offsets, and a digest
 * of those bytes. Depends on the observations alone, so a publication whose series is unchanged (the very same
 * observations) keeps the previous one's instead of serializing it again (less work and garbage on the serving
 * thread while a publication is built).
 */
export interface SerializedPoints {
  readonly observations: readonly Observation[];
  readonly stats: WindowStats;
  readonly points: Buffer;
  readonly offsets: Uint32Array;
  readonly digest: string;
}

export function serializePoints(observations: readonly Observation[], stats: WindowStats): SerializedPoints {
  const fragments = new Array<string>(observations.length);
  const offsets = new Uint32Array(observations.length + 1);
  let offset = 0;
  for (let i = 0; i < observations.length; i++) {
    const fragment = pointJson(observations[i]!, stats);
    fragments[i] = fragment;
    offsets[i] = offset;
    offset += fragment.length + (i < observations.length - 1 ? 1 : 0);
  }
  offsets[observations.length] = offset;
  // A point is a date (YYYY-MM-DD) and numbers: ASCII, one byte per character, so the lengths are the offsets and
  // latin1 writes the same bytes as UTF-8 without measuring each (faster, for every series of a first start).
  const points = Buffer.from(fragments.join(','), 'latin1');
  return { observations, stats, points, offsets, digest: strongEtag(points) };
}

function pointJson(obs: Observation, stats: WindowStats): string {
  const z = zScore(obs.value, stats);
  return z === undefined
    ? `{"date":"${obs.date}","value":${obs.value}}`
    : `{"date":"${obs.date}","value":${obs.value},"zScore":${round(z, 4)}}`;
}

export function buildSeriesResponses(
  def: SeriesDef,
  series: readonly Observation[],
  freshness: SeriesFreshness,
  asOf?: SeriesMeta['asOf'],
  provenance?: Provenance,
  /** The previous publication's serialization of this series: kept if it is of these very observations. */
  previous?: SerializedPoints,
): SeriesResponses | undefined {
  const stats = previous?.observations === series ? previous.stats : windowStats(series);
  if (!stats) return undefined;
  const license = licenseOf(def);
  const meta: SeriesMeta = {
    id: def.id,
    name: def.name,
    unit: def.unit,
    frequency: def.frequency,
    lastAvailableDate: stats.to,
    zScoreMean: round(stats.mean, 6),
    zScoreStd: round(stats.std, 6),
    zScoreWindow: { from: stats.from, to: stats.to, count: stats.count },
    percentile: stats.percentile,
    source: sourceOf(freshness.state),
    lastRefreshAt: freshness.lastAttemptAt,
    lastSuccessAt: freshness.lastSuccessAt,
    freshness,
    license,
    ...(asOf ? { asOf } : {}),
  };
  // Restricted terms (ICE BofA: "reproduction in any form is prohibited"): the statistics are published, the
  // values are not.
  const serialized =
    license.redistribution !== 'full'
      ? serializePoints([], stats)
      : previous?.observations === series
        ? previous
        : serializePoints(series, stats);
  return new SeriesResponses(serialized, meta, provenance);
}
