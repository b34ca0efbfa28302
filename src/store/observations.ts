import type { Kysely } from 'kysely';
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
}

const INSERT_BATCH = 500;

/** Values equal to within this relative tolerance are the same print (guards against float noise). */
function sameValue(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

export async function appendObservations(
  db: Kysely<Tables>,
  seriesId: string,
  incoming: Observation[],
  seenAt: string,
  runId: number | null,
): Promise<AppendResult> {
  return db.transaction().execute(async (trx) => {
    const stored = (await loadSeries(trx, { seriesIds: [seriesId] })).get(seriesId) ?? [];
    const current = new Map(stored.map((obs) => [obs.date, obs.value]));
    const rows: Tables['observations'][] = [];
    let added = 0;
    let revisions = 0;
    for (const obs of incoming) {
      const stored = current.get(obs.date);
      if (stored !== undefined && sameValue(stored, obs.value)) continue;
      if (stored === undefined) added++;
      else revisions++;
      rows.push({ series_id: seriesId, date: obs.date, value: obs.value, seen_at: seenAt, run_id: runId });
    }
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await trx
        .insertInto('observations')
        .values(rows.slice(i, i + INSERT_BATCH))
        .execute();
    }
    return { added, revisions };
  });
}

/**
 * Every series' current values (or, with `asOf`, the values as they stood at that instant), ascending by date.
 * One ordered scan; the last vintage per date wins.
 */
export async function loadSeries(
  db: Kysely<Tables>,
  opts: { seriesIds?: string[]; asOf?: string } = {},
): Promise<Map<string, Observation[]>> {
  let query = db.selectFrom('observations').select(['series_id', 'date', 'value']);
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
    const last = list[list.length - 1];
    if (last && last.date === row.date) last.value = row.value;
    else list.push({ date: row.date, value: row.value });
  }
  return out;
}

/** Every vintage of one date of one series, oldest first: the revision history clients can audit. */
export async function vintages(db: Kysely<Tables>, seriesId: string, date: string) {
  return db
    .selectFrom('observations')
    .select(['value', 'seen_at', 'run_id'])
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
 * Every series with all vintages: the input for point-in-time (as-of) computations. One ordered query per series,
 * so that only one series' rows are in memory at a time (a single query over all series doubled the resident
 * memory of a started service; streaming row by row cost 3× the time); a refresh's many identical `seen_at`
 * strings are kept once.
 */
export async function loadVintagedSeries(
  db: Kysely<Tables>,
  seriesIds?: string[],
): Promise<Map<string, VintagedSeries>> {
  const ids =
    seriesIds ??
    (await db.selectFrom('observations').select('series_id').distinct().orderBy('series_id').execute()).map(
      (r) => r.series_id,
    );
  const out = new Map<string, VintagedSeries>();
  const interned = new Map<string, string>();
  for (const id of ids) {
    const rows = await db
      .selectFrom('observations')
      .select(['date', 'value', 'seen_at'])
      .where('series_id', '=', id)
      .orderBy('date')
      .orderBy('seen_at')
      .execute();
    if (rows.length === 0) continue;
    const series: VintagedSeries = { dates: [], firstValues: [], firstSeen: [], revisions: new Map() };
    for (const row of rows) {
      let seenAt = interned.get(row.seen_at);
      if (seenAt === undefined) {
        seenAt = row.seen_at;
        interned.set(seenAt, seenAt);
      }
      const last = series.dates.length - 1;
      if (series.dates[last] === row.date) {
        const later = series.revisions.get(last);
        if (later) later.push({ value: row.value, seenAt });
        else series.revisions.set(last, [{ value: row.value, seenAt }]);
        continue;
      }
      series.dates.push(row.date);
      series.firstValues.push(row.value);
      series.firstSeen.push(seenAt);
    }
    out.set(id, series);
  }
  return out;
}
