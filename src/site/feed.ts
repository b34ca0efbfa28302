import { Feed } from 'feed';
import { dayReading } from '../publish/model/day-reading.ts';
import { DATA_LICENSE } from '../timeseries/licenses.ts';
import { formatDate, type SiteData } from './site-data.ts';

/** How many regime changes and daily readings the feed carries (newest first). */
const CHANGES = 30;
const DAYS = 30;

/**
 * The Atom feed at /feed.xml: every change of the regime status (risk-on, neutral, risk-off) and of its confidence
 * (high, medium, low), one entry per daily reading (the last 30) and the blog posts — a feed reader is the
 * subscription, nothing to sign up for.
 * Entry ids are stable URLs (a day's page; a change adds #regime). Rebuilt each refresh. Example entry:
 * "Regime: neutral → risk-off on Aug 27, 2026 (headline 80)".
 */
export function atomFeed(data: SiteData): string {
  const feed = new Feed({
    id: `${data.baseUrl}/`,
    title: `${data.name}: regime changes and posts`,
    description: 'When the US-dollar liquidity regime changes, and what the blog says about it.',
    link: `${data.baseUrl}/`,
    language: 'en',
    updated: new Date(data.generatedAt),
    feedLinks: { atom: `${data.baseUrl}/feed.xml` },
    copyright: `${DATA_LICENSE.name}: ${DATA_LICENSE.scope}`,
    author: { name: data.name, link: `${data.baseUrl}/` },
    generator: false,
  });
  // An entry: its page (its id, with a fragment for a change of that day), its day, its title and its text.
  const add = (path: string, day: string, title: string, description: string, fragment = '') =>
    feed.addItem({
      id: `${data.baseUrl}${path}${fragment}`,
      title,
      link: `${data.baseUrl}${path}`,
      date: new Date(`${day}T00:00:00Z`),
      description,
    });
  // One entry per scored day (its id is its page, stable across refreshes), the newest DAYS of them — and the latest
  // reading, however many provisional days follow it: the feed states the reading the dashboard and the API state.
  const history = data.history;
  if (history) {
    const latestReading = history.status.findLastIndex((status) => status !== null);
    const days = new Set(Array.from({ length: Math.min(DAYS, history.count) }, (_, k) => history.count - 1 - k));
    if (latestReading >= 0) days.add(latestReading);
    for (const i of [...days].sort((a, b) => b - a)) {
      const date = history.dates[i]!;
      const reading = dayReading(history, i);
      const title = `${reading.status ? 'Reading' : 'Provisional reading'} for ${formatDate(date)}: ${history.headline[i]} of 100 (${reading.label})`;
      add(`/today/${date}`, date, title, reading.sentence);
    }
  }
  for (const change of changes(data, 'status').slice(0, CHANGES)) {
    add(
      `/today/${change.date}`,
      change.date,
      `Regime: ${change.from} → ${change.to} on ${formatDate(change.date)} (headline ${change.headline})`,
      `On ${formatDate(change.date)} the headline reached ${change.headline} of 100 and the status changed from ${change.from} to ${change.to}.`,
      '#regime',
    );
  }
  for (const change of changes(data, 'confidence').slice(0, CHANGES)) {
    add(
      `/today/${change.date}`,
      change.date,
      `Confidence: ${change.from} → ${change.to} on ${formatDate(change.date)} (headline ${change.headline}, ${change.status})`,
      `On ${formatDate(change.date)} the confidence of the reading changed from ${change.from} to ${change.to} (how many inputs report, whether they are current and whether the groups agree; see /methodology). Headline ${change.headline} of 100, ${change.status}.`,
      '#confidence',
    );
  }
  for (const post of data.blog) add(`/blog/${post.slug}`, post.date, post.title, post.summary);
  return feed.atom1();
}

/**
 * Reading days whose status (or confidence: high, medium, low) differs from the previous reading's, newest first
 * (provisional days have none: skipped).
 */
export function changes(data: SiteData, column: 'status' | 'confidence') {
  const history = data.history;
  if (!history) return [];
  const values: ReadonlyArray<string | null> = history[column];
  const changes: Array<{ date: string; from: string; to: string; headline: number; status: string }> = [];
  let previous = -1;
  for (let i = 0; i < history.count; i++) {
    if (history.status[i] === null) continue;
    if (previous >= 0 && values[i] !== values[previous]) {
      changes.push({
        date: history.dates[i]!,
        from: values[previous]!,
        to: values[i]!,
        headline: history.headline[i]!,
        status: history.status[i]!,
      });
    }
    previous = i;
  }
  return changes.reverse();
}
