import { Feed } from 'feed';
import type { SeriesDef } from '../../../timeseries/series.ts';
import type { VintageRow } from '../../../timeseries/vintages.ts';

/** How many observation events (new dates and revisions) a series feed carries, newest first. */
export const FEED_EVENTS = 50;

/**
 * The Atom feed of one series: each new observation and each revision this service saw, newest first, with a
 * stable id (the date and the instant it was seen). Example entries: "New: 2026-08-26 = 959.4 (usd_billions)";
 * "Revised: 2026-08-19 from 936.4 to 938.0".
 */
export function seriesFeed(def: SeriesDef, rows: readonly VintageRow[], baseUrl: string, updated: string): string {
  const feed = new Feed({
    id: `${baseUrl}/api/series/${def.id}/feed.xml`,
    title: `${def.name}: new observations and revisions`,
    description: `Every new value and every revision of ${def.name} (${def.unit}) as usd-liquidity saw them.`,
    link: `${baseUrl}/indicators/${def.id}`,
    language: 'en',
    updated: new Date(updated),
    feedLinks: { atom: `${baseUrl}/api/series/${def.id}/feed.xml` },
    author: { name: 'usd-liquidity', link: `${baseUrl}/` },
    generator: false,
    copyright: `Upstream terms: see ${baseUrl}/api/series/${def.id} → meta.license`,
  });
  const previous = new Map<string, VintageRow>();
  const events: Array<{ row: VintageRow; before: VintageRow | undefined }> = [];
  for (const row of rows) {
    events.push({ row, before: previous.get(row.date) });
    previous.set(row.date, row);
  }
  events.sort((a, b) =>
    a.row.seenAt < b.row.seenAt ? 1 : a.row.seenAt > b.row.seenAt ? -1 : b.row.date.localeCompare(a.row.date),
  );
  for (const { row, before } of events.slice(0, FEED_EVENTS)) {
    const title = before
      ? row.value === null
        ? `Withdrawn: ${row.date} (was ${before.value})`
        : `Revised: ${row.date} from ${before.value ?? 'withdrawn'} to ${row.value}`
      : `New: ${row.date} = ${row.value} (${def.unit})`;
    feed.addItem({
      id: `${baseUrl}/api/series/${def.id}/vintages?start=${row.date}&end=${row.date}#${row.seenAt}`,
      title,
      link: `${baseUrl}/api/series/${def.id}/vintages?start=${row.date}&end=${row.date}`,
      date: new Date(row.seenAt),
      description: `${title}; seen by usd-liquidity at ${row.seenAt}.`,
    });
  }
  return feed.atom1();
}
