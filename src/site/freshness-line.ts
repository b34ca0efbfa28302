import { PROVIDERS_UNREACHABLE } from '../publish/resources/health.ts';
import type { RegimeBody } from '../publish/resources/model.ts';
import { daysBetween } from '../timeseries/dates.ts';
import { failedSeries } from './banner.ts';
import type { Block, Inline } from './page/page.ts';
import { formatAge, formatDate, type SiteData } from './site-data.ts';

/**
 * The dashboard's one line on how fresh the data is and how much of the model it covers, said after the reading
 * (never before it), with the details — which inputs, which failures, why — behind "Which, and why". The same facts
 * as /api/health and the site's banner, which the dashboard leaves out (its first screen is the reading).
 * Inputs are named as the methodology names them (/api/model's labels), never by id.
 * Example: "Data to Aug 27, 2026, 3 months old: the providers have published nothing newer. Since Jul 3, 2026 live
 * data covers under half of the model's weight (19 % on Aug 27, 2026): later days are provisional."
 */
export function freshnessLine(data: SiteData, regime: RegimeBody): Block {
  const today = data.generatedAt.slice(0, 10);
  const dataTo = data.history?.to || regime.dataAsOf;
  const snapshot = snapshotDate(regime);
  const offline = data.health.reasons.find((r) => r.startsWith(PROVIDERS_UNREACHABLE));
  const failures = data.health.sources.filter((s) => s.lastStatus === 'error').length;
  const age = daysBetween(dataTo, today);
  const parts: string[] = [];
  if (snapshot) {
    parts.push(
      `Data from the snapshot bundled with this release, dated ${formatDate(snapshot)} (data to ${formatDate(dataTo)})${offline ? '; the providers could not be reached' : ''}.`,
    );
  } else if (regime.freshness.state === 'current') {
    parts.push(`Data to ${formatDate(dataTo)}.`);
  } else {
    parts.push(
      `Data to ${formatDate(dataTo)}, ${formatAge(age)} old${offline ? ': the providers could not be reached' : ''}.`,
    );
  }
  parts.push(coverageText(regime));
  if (failures > 0 && !offline) parts.push(`${failures} series failed to refresh.`);
  const calm = regime.freshness.state === 'current' && !regime.provisional && failures === 0 && !snapshot;
  return {
    kind: 'notice',
    tone: calm ? 'neutral' : 'warn',
    inlines: [parts.join(' ')],
    more: { summary: 'Which, and why', items: details(data, regime, offline) },
  };
}

/**
 * How much of the model the latest days cover: all its inputs current, or since when live data covers under half
 * of its weight (the later days provisional), or how many inputs report.
 */
function coverageText(regime: RegimeBody): string {
  const c = regime.coverage;
  const p = regime.provisional;
  if (p) {
    return `Days after ${formatDate(regime.date)} are provisional: live data covers ${Math.round(100 * p.liveWeightShare)} % of the model's weight.`;
  }
  if (c.indicators === c.totalIndicators) return `All ${c.totalIndicators} of the model's inputs report.`;
  return `${c.indicators} of the model's ${c.totalIndicators} inputs report.`;
}

/** The details: the inputs without current data (named, with their last date), the failures, the provisional day. */
function details(data: SiteData, regime: RegimeBody, offline: string | undefined): Inline[][] {
  const items: Inline[][] = [];
  const missing = regime.provisional?.missing ?? regime.coverage.missing;
  if (missing.length > 0) {
    items.push([
      `Without current data: ${missing.map((id) => `${inputLabel(data, id)}${lastDateText(regime, id)}`).join('; ')}.`,
    ]);
  }
  if (!offline && regime.freshness.state !== 'current')
    items.push(['The providers have published nothing newer for the model’s inputs.']);
  if (offline) items.push([offline]);
  const failed = failedSeries(data.health.sources);
  if (failed && !offline) items.push([`Our refresh failed for ${failed}.`]);
  if (regime.provisional) items.push([regime.provisional.summary]);
  items.push(['Every source’s state and the next try: ', { text: '/api/health', href: '/api/health' }, '.']);
  return items;
}

/** An input as the methodology names it (/api/model's label); the id only if the model does not list it. */
export function inputLabel(data: SiteData, id: string): string {
  const inputs = data.model?.groups.flatMap((group) => group.indicators) ?? [];
  return inputs.find((input) => input.id === id)?.label ?? id;
}

function lastDateText(regime: RegimeBody, id: string): string {
  const last = regime.provenance.inputs.find((i) => i.id === id)?.lastDate;
  return last ? ` (last ${formatDate(last)})` : '';
}

/**
 * The date of the bootstrap snapshot the data comes from ("bootstrap snapshot of 2026-11-26"), when every input
 * read comes from it (a first start; a refresh that brought anything new ends it).
 */
function snapshotDate(regime: RegimeBody): string | undefined {
  const read = regime.provenance.inputs.filter((i) => i.vintageSeenAt !== null);
  if (read.length === 0 || !read.every((i) => i.vintageFrom)) return undefined;
  return /(\d{4}-\d{2}-\d{2})/.exec(read[0]!.vintageFrom!)?.[1];
}
