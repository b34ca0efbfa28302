import { addDays, isoDate } from './dates.ts';
import type { Formula, Frequency, IndicatorId, PlausibleRange, SeriesDef } from './series.ts';
import { CATALOG, INDICATOR_IDS } from './series.ts';

/** Lookups over the catalog (src/timeseries/series.ts): by id, by kind, and the rules derived from its fields. */
const BY_ID = new Map(CATALOG.map((def) => [def.id, def]));

export function seriesDef(id: string): SeriesDef | undefined {
  return BY_ID.get(id);
}

const INDICATOR_SET: ReadonlySet<string> = new Set(INDICATOR_IDS);

/** How many indicators the API serves at /api/series/{id}: every public text counts them from here. */
export const INDICATOR_COUNT = INDICATOR_IDS.length;

const FREQUENCIES: readonly Frequency[] = ['daily', 'weekly', 'monthly', 'quarterly'];

/**
 * The frequencies the indicators are published at, shortest first, in words: what a text that counts them says
 * of them ("25 series, daily to quarterly" — they are not all daily). Example: 'daily to quarterly'.
 */
export const INDICATOR_FREQUENCIES = ((): string => {
  const present = FREQUENCIES.filter((f) => INDICATOR_IDS.some((id) => BY_ID.get(id)?.frequency === f));
  return present.length > 1 ? `${present[0]} to ${present.at(-1)}` : (present[0] ?? '');
})();

export function isIndicatorId(id: string): id is IndicatorId {
  return INDICATOR_SET.has(id);
}

export const FETCHED: readonly SeriesDef[] = CATALOG.filter((def) => def.kind === 'fetched');

/** Derived series in dependency order (a derived input always precedes the series that reads it). */
export const DERIVED: readonly SeriesDef[] = orderDerived(CATALOG.filter((def) => def.kind === 'derived'));

/**
 * The series a formula reads, in the order its fields are written (every field but `kind` names series, by the
 * Formula type's design): the order attributions and provenance list them in.
 */
export function formulaInputs(formula: Formula): string[] {
  return Object.entries(formula).flatMap(([field, ids]: [string, string | string[]]) => (field === 'kind' ? [] : ids));
}

function orderDerived(defs: SeriesDef[]): SeriesDef[] {
  const ordered: SeriesDef[] = [];
  const pending = new Set(defs.map((d) => d.id));
  while (pending.size > 0) {
    const before = pending.size;
    for (const def of defs) {
      if (!pending.has(def.id) || formulaInputs(def.formula!).some((input) => pending.has(input))) continue;
      ordered.push(def);
      pending.delete(def.id);
    }
    if (pending.size === before) throw new Error(`catalog: cycle among derived series ${[...pending].join(', ')}`);
  }
  return ordered;
}

/**
 * How old the latest observation may be and still be "fresh", by frequency: publication lags included
 * (weekly H.4.1 arrives the next day, H.8 ten days later; monthly M2 about 55 days after the month's first day;
 * quarterly figures up to 8 months after the quarter's first day).
 */
export const STALE_AFTER_DAYS: Record<Frequency, number> = { daily: 7, weekly: 14, monthly: 75, quarterly: 280 };

const DEFAULT_LAG_DAYS: Record<Frequency, number> = { daily: 1, weekly: 1, monthly: 55, quarterly: 90 };

/**
 * Days from an observation's date until it is public. Market prices and same-day NY Fed operations: 0. A
 * derived series is as late as its latest input — except a splice, whose new dates come from its primary (the
 * fallback only fills dates outside the primary's coverage): the national debt is a daily series, published the
 * next day, not 90 days late like the quarterly figure behind its oldest dates.
 */
export function publicationLagDays(def: SeriesDef): number {
  if (def.lagDays !== undefined) return def.lagDays;
  if (def.formula?.kind === 'splice') return publicationLagDays(seriesDef(def.formula.primary)!);
  if (def.kind === 'derived')
    return Math.max(...formulaInputs(def.formula!).map((id) => publicationLagDays(seriesDef(id)!)));
  if (def.source?.provider === 'prices') return 0;
  if (def.source?.provider === 'nyfed' && def.source.dataset === 'srf') return 0;
  return DEFAULT_LAG_DAYS[def.frequency];
}

export function staleAfterDays(def: SeriesDef): number {
  return def.staleAfterDays ?? STALE_AFTER_DAYS[def.frequency];
}

/** The plausible range for an observation dated `date` (the latest range starting on or before it). */
export function plausibleRange(def: SeriesDef, date: string): PlausibleRange {
  let range = def.plausible[0]!;
  for (const candidate of def.plausible) if (candidate.from <= date) range = candidate;
  return range;
}

/** Providers by the names a reader knows them by, for health's reasons and the site's banner. */
const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  fred: 'FRED',
  treasury: 'U.S. Treasury Fiscal Data',
  nyfed: 'New York Fed',
  prices: 'the chart source',
  derived: 'derived series',
};

/**
 * A source's provider as a reader knows it, from its provider field ("nyfed:srf" → "New York Fed"); an unknown one
 * as it is.
 */
export function providerName(provider: string): string {
  return PROVIDER_NAMES[provider.split(':')[0]!] ?? provider;
}

/** The provider's own id of a series: a FRED id, a Fiscal Data or NY Fed dataset, a price symbol; null if derived. */
export function providerSeriesId(def: SeriesDef): string | null {
  const source = def.source;
  if (!source) return null;
  if (source.provider === 'fred') return source.seriesId;
  if (source.provider === 'prices') return source.symbol;
  return source.dataset;
}

/**
 * When the next observation is expected to be published — an estimate from the frequency and the publication lag:
 * the date after `lastDate` that the frequency gives (the next weekday, a week, a month, a quarter on), plus the
 * lag. Example: a weekly series (lag 1 day) last dated 2026-06-10 → 2026-06-18.
 */
export function nextExpectedRelease(def: SeriesDef, lastDate: string): string {
  const next = nextObservationDate(def.frequency, lastDate);
  return addDays(next, publicationLagDays(def));
}

function nextObservationDate(frequency: Frequency, lastDate: string): string {
  if (frequency === 'weekly') return addDays(lastDate, 7);
  if (frequency === 'daily') {
    let next = addDays(lastDate, 1);
    // Saturdays and Sundays carry no print in the daily series tracked here (markets and the Fed are closed).
    while ([0, 6].includes(new Date(`${next}T00:00:00Z`).getUTCDay())) next = addDays(next, 1);
    return next;
  }
  const [year, m, d] = lastDate.split('-').map(Number) as [number, number, number];
  const month = m - 1 + (frequency === 'monthly' ? 1 : 3);
  // The same day of that month (Date.UTC carries past December), or its last day where the month is shorter.
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return isoDate(new Date(Date.UTC(year, month, Math.min(d, lastDay))));
}
