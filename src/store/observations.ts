import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import type { Observation } from '../timeseries/observation.ts';
import type { VintagedSeries } from '../timeseries/vintages.ts';
import type { Tables } from './database.ts';

/**
 * Append-only observation store. Each (series, date) keeps every value it has ever had, each with the time it
 * was first seen (`seen_at`). The current value is the newest vintage; any past state is the newest vintage
 * seen on or before that time. Nothing here updates or deletes a row.
 */

export interface AppendResult {
  added: number;
  revisions: number;
  /** Dates recorded as no longer listed by the provider. */
  withdrawn: number;
  /** Values held out of the current state (pending confirmation). */
  quarantined: number;
}

/** What a refresh learned about one series beyond the values it accepted. */
export interface VintageExtras {
  /** Dates the provider no longer lists: recorded as withdrawn where they are current or pending in quarantine. */
  withdrawn?: readonly string[];
  /** Values held out of the current state; a value already pending for its date is not recorded twice. */
  quarantined?: readonly Observation[];
}

const INSERT_BATCH = 500;

/** Values equal to within this relative tolerance are the same print (guards against float noise). */
function sameValue(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

export function appendObservations(
  db: Kysely<Tables>,
  seriesId: string,
  incoming: Observation[],
  seenAt: string,
  runId: number | null,
  extras: VintageExtras = {},
): Promise<AppendResult> {
  return reviseSeries(db, seriesId, seenAt, runId, () => ({ incoming, extras })).then(({ result }) => result);
}

/** What a refresh decided to record for one series, from what is stored (see reviseSeries). */
export interface Revision<T> {
  incoming: readonly Observation[];
  extras?: VintageExtras;
  /** Anything else the decision produced (its notes), handed back with the result. */
  detail?: T;
}

/**
 * One series' update in one transaction: its stored values and pending quarantine are read once, `decide` says
 * what to record from them, and that is appended. A `decide` that throws (a response refused) writes nothing.
 * `between` runs between insert batches: on the serving thread (a first start's snapshot), where SQLite's driver
 * is synchronous, it yields to requests (a series of 9,000 points held the thread 40–90 ms in one piece).
 */
export async function reviseSeries<T = undefined>(
  db: Kysely<Tables>,
  seriesId: string,
  seenAt: string,
  runId: number | null,
  decide: (stored: Observation[], pending: Map<string, PendingQuarantine>) => Revision<T>,
  between: () => Promise<void> = async () => {},
): Promise<{ result: AppendResult; detail: T | undefined }> {
  // Inside a caller's transaction (a whole load at once), in it; otherwise in a transaction of its own.
  if (!db.isTransaction) {
    return db.transaction().execute((trx) => reviseSeries(trx, seriesId, seenAt, runId, decide, between));
  }
  const trx = db;
  const stored = (await loadSeries(trx, { seriesIds: [seriesId] })).get(seriesId) ?? [];
  const pending = await pendingQuarantine(trx, seriesId);
  const { incoming, extras = {}, detail } = decide(stored, pending);
  const current = new Map(stored.map((obs) => [obs.date, obs.value]));
  const rows: Tables['observations'][] = [];
  const row = (date: string, value: number, state: Tables['observations']['state']) =>
    rows.push({ series_id: seriesId, date, value, seen_at: seenAt, run_id: runId, state });
  const result: AppendResult = { added: 0, revisions: 0, withdrawn: 0, quarantined: 0 };
  for (const obs of incoming) {
    const value = current.get(obs.date);
    // A value equal to the current one is no news, unless it supersedes a pending quarantine of that date.
    if (value !== undefined && sameValue(value, obs.value) && !pending.has(obs.date)) continue;
    if (value === undefined) result.added++;
    else result.revisions++;
    row(obs.date, obs.value, null);
  }
  for (const obs of extras.quarantined ?? []) {
    const held = pending.get(obs.date);
    if (held && sameValue(held.value, obs.value)) continue;
    result.quarantined++;
    row(obs.date, obs.value, 'quarantined');
  }
  for (const date of extras.withdrawn ?? []) {
    const value = current.get(date) ?? pending.get(date)?.value;
    if (value === undefined) continue;
    result.withdrawn++;
    row(date, value, 'withdrawn');
  }
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    if (i > 0) await between();
    await trx
      .insertInto('observations')
      .values(rows.slice(i, i + INSERT_BATCH))
      .execute();
  }
  return { result, detail };
}

/**
 * Every series' current values (or, with `asOf`, the values as they stood at that instant), ascending by date.
 * One ordered scan; the last vintage per date wins: a withdrawn date is absent (until the provider lists it
 * again), and a quarantined value never counts.
 */
export async function loadSeries(
  db: Kysely<Tables>,
  opts: { seriesIds?: string[]; asOf?: string } = {},
): Promise<Map<string, Observation[]>> {
  let query = db.selectFrom('observations').select(['series_id', 'date', 'value', 'state']);
  if (opts.seriesIds) query = query.where('series_id', 'in', opts.seriesIds.length > 0 ? opts.seriesIds : ['']);
  if (opts.asOf) query = query.where('seen_at', '<=', opts.asOf);
  const rows = await query.orderBy('series_id').orderBy('date').orderBy('seen_at').execute();
  const out = new Map<string, Observation[]>();
  let list: Observation[] = [];
  let listId = '';
  for (const row of rows) {
    if (row.series_id !== listId) {
      list = [];
      listId = row.series_id;
      out.set(listId, list);
    }
    if (row.state === 'quarantined') continue;
    const value = row.state === 'withdrawn' ? Number.NaN : row.value;
    const last = list[list.length - 1];
    if (last && last.date === row.date) last.value = value;
    else list.push({ date: row.date, value });
  }
  for (const [id, observations] of out) {
    const current = observations.filter((obs) => !Number.isNaN(obs.value));
    if (current.length < observations.length) out.set(id, current);
  }
  return out;
}

export interface PendingQuarantine {
  seriesId: string;
  date: string;
  value: number;
  seenAt: string;
}

/**
 * Values in quarantine and not yet resolved: for their date, the quarantined row is the latest vintage (a later
 * published value, a later quarantine or a withdrawal resolves it).
 */
export async function pendingQuarantine(
  db: Kysely<Tables>,
  seriesId?: string,
): Promise<Map<string, PendingQuarantine>> {
  // Through the partial index on state: no scan of the observations when nothing is (or was) in quarantine.
  let held = db.selectFrom('observations').select(['series_id', 'date']).distinct().where('state', '=', 'quarantined');
  if (seriesId) held = held.where('series_id', '=', seriesId);
  const out = new Map<string, PendingQuarantine>();
  for (const { series_id, date } of await held.execute()) {
    const latest = await db
      .selectFrom('observations')
      .select(['value', 'seen_at', 'state'])
      .where('series_id', '=', series_id)
      .where('date', '=', date)
      .orderBy('seen_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (latest?.state !== 'quarantined') continue;
    out.set(seriesId ? date : `${series_id}|${date}`, {
      seriesId: series_id,
      date,
      value: latest.value,
      seenAt: latest.seen_at,
    });
  }
  return out;
}

/** Every vintage of one date of one series, oldest first: the revision history clients can audit. */
export async function vintages(db: Kysely<Tables>, seriesId: string, date: string) {
  return db
    .selectFrom('observations')
    .select(['value', 'seen_at', 'run_id', 'state'])
    .where('series_id', '=', seriesId)
    .where('date', '=', date)
    .orderBy('seen_at')
    .execute();
}

export async function countRows(db: Kysely<Tables>, seriesId?: string): Promise<number> {
  let query = db.selectFrom('observations').select((eb) => eb.fn.countAll<number>().as('n'));
  if (seriesId) query = query.where('series_id', '=', seriesId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Rows per query when loading vintages: the embedded store's driver answers synchronously, so one query over a
 * long daily series (tens of thousands of vintages) held the serving thread for up to 50 ms while a publication
 * was being built under load (issue 13); 4,000 rows take a few milliseconds, and the event loop turns between
 * them.
 */
const VINTAGE_PAGE_ROWS = 4_000;

/**
 * Every series with all vintages: the input for point-in-time (as-of) computations. Ordered queries per series,
 * a page of rows at a time (keyset on the primary key's date and seen_at), so that only one page of rows is in
 * memory at a time (a single query over all series doubled the resident memory of a started service; streaming
 * row by row cost 3× the time); a refresh's many identical `seen_at` strings are kept once.
 */
export async function loadVintagedSeries(
  db: Kysely<Tables>,
  seriesIds?: string[],
  /** Only vintages first seen at or before this instant (a logged publication's): later writes are invisible. */
  seenUpTo?: string,
  /** A previous load: its series that gained no vintage since are kept as they are, not read again. */
  base?: VintageBase,
): Promise<Map<string, VintagedSeries>> {
  const ids = seriesIds ?? (await storedSeriesIds(db));
  const out = new Map<string, VintagedSeries>();
  const interned = new Map<string, string>();
  const changed = base && seenUpTo !== undefined ? await changedSince(db, base.seenUpTo, seenUpTo) : undefined;
  for (const id of ids) {
    const kept = changed && !changed.has(id) ? base?.series.get(id) : undefined;
    if (kept) {
      out.set(id, kept);
      continue;
    }
    const series: VintagedSeries = { dates: [], firstValues: [], firstSeen: [], revisions: new Map() };
    let after: { date: string; seenAt: string } | undefined;
    for (;;) {
      // The SQLite driver answers synchronously: yield between pages so requests are served meanwhile.
      await nextTurn();
      const rows = await vintagePage(db, id, seenUpTo, after);
      for (const row of rows) appendVintage(series, row, interned);
      const last = rows.at(-1);
      if (!last || rows.length < VINTAGE_PAGE_ROWS) break;
      after = { date: last.date, seenAt: last.seen_at };
    }
    if (series.dates.length > 0) out.set(id, series);
  }
  return out;
}

/**
 * A load to build on: every vintage seen up to `seenUpTo`, by series. Vintages are only ever appended (a revision
 * or a withdrawal is a new row seen later), so a series with no row seen after that instant reads the same again.
 */
export interface VintageBase {
  seenUpTo: string;
  series: ReadonlyMap<string, VintagedSeries>;
}

/**
 * The series with a row first seen in (after, upTo], by the index on seen_at: only the new rows are read. Undefined
 * (read everything again) when upTo precedes `after`: the base is not a prefix of what is asked for.
 */
async function changedSince(db: Kysely<Tables>, after: string, upTo: string): Promise<Set<string> | undefined> {
  if (upTo < after) return undefined;
  const rows = await db
    .selectFrom('observations')
    .select('series_id')
    .distinct()
    .where('seen_at', '>', after)
    .where('seen_at', '<=', upTo)
    .execute();
  return new Set(rows.map((row) => row.series_id));
}

function vintagePage(
  db: Kysely<Tables>,
  seriesId: string,
  seenUpTo: string | undefined,
  after: { date: string; seenAt: string } | undefined,
) {
  return (
    db
      .selectFrom('observations')
      .select(['date', 'value', 'seen_at', 'state'])
      .where('series_id', '=', seriesId)
      .where((eb) => eb.or([eb('state', 'is', null), eb('state', '!=', 'quarantined')]))
      .$if(seenUpTo !== undefined, (q) => q.where('seen_at', '<=', seenUpTo!))
      // A row-value comparison, so that both engines seek to the page in the index (an OR of the two conditions
      // made SQLite scan the series from its start on every page).
      .$if(after !== undefined, (q) =>
        q.where((eb) => eb(eb.refTuple('date', 'seen_at'), '>', eb.tuple(after!.date, after!.seenAt))),
      )
      .orderBy('date')
      .orderBy('seen_at')
      .limit(VINTAGE_PAGE_ROWS)
      .execute()
  );
}

/** One stored row into its series: a new date, or a later vintage of the last date read. */
function appendVintage(
  series: VintagedSeries,
  row: { date: string; value: number; seen_at: string; state: string | null },
  interned: Map<string, string>,
): void {
  // A withdrawal is a vintage without a value: from then on the date has no current value.
  const value = row.state === 'withdrawn' ? Number.NaN : row.value;
  let seenAt = interned.get(row.seen_at);
  if (seenAt === undefined) {
    seenAt = row.seen_at;
    interned.set(seenAt, seenAt);
  }
  const last = series.dates.length - 1;
  if (series.dates[last] === row.date) {
    const later = series.revisions.get(last);
    if (later) later.push({ value, seenAt });
    else series.revisions.set(last, [{ value, seenAt }]);
    return;
  }
  series.dates.push(row.date);
  series.firstValues.push(value);
  series.firstSeen.push(seenAt);
}

/**
 * The ids of every stored series, by a skip scan of the primary key (one index seek per series): a plain
 * DISTINCT reads every observation, which blocked the serving thread for 200 ms on the real files.
 */
export async function storedSeriesIds(db: Kysely<Tables>): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    WITH RECURSIVE ids(id) AS (
      SELECT MIN(series_id) FROM observations
      UNION ALL
      SELECT (SELECT MIN(series_id) FROM observations WHERE series_id > ids.id) FROM ids WHERE ids.id IS NOT NULL
    )
    SELECT id FROM ids WHERE id IS NOT NULL`.execute(db);
  return rows.map((row) => row.id);
}
