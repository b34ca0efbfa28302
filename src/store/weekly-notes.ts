import type { Kysely } from 'kysely';
import type { Tables } from './database.ts';

/** A week's note as first published: the reading's date, the note, and when it was published. */
export interface StoredNote {
  readingDate: string;
  publishedAt: string;
  text: string;
}

/**
 * Keeps a reading's note unless one is already kept for that date and model: the first publication of a reading
 * says what the week was, and a later one (after a revision restated the history) does not rewrite it. Every
 * process serving the store may call it; only the first insert counts.
 */
export async function recordWeeklyNote(db: Kysely<Tables>, modelVersion: string, note: StoredNote): Promise<void> {
  await db
    .insertInto('weekly_notes')
    .values({
      reading_date: note.readingDate,
      model_version: modelVersion,
      published_at: note.publishedAt,
      text: note.text,
    })
    .onConflict((oc) => oc.columns(['reading_date', 'model_version']).doNothing())
    .execute();
}

/** Every kept note of a model version, by reading date. */
export async function weeklyNotes(db: Kysely<Tables>, modelVersion: string): Promise<Map<string, StoredNote>> {
  const rows = await db
    .selectFrom('weekly_notes')
    .select(['reading_date', 'published_at', 'text'])
    .where('model_version', '=', modelVersion)
    .execute();
  return new Map(
    rows.map((r) => [r.reading_date, { readingDate: r.reading_date, publishedAt: r.published_at, text: r.text }]),
  );
}
