import type { Publication } from '../publish/publication/build.ts';
import { examplePath } from '../publish/resources/examples.ts';
import type { LensBody } from '../publish/resources/lens.ts';
import { DRAWABLE_ASSETS } from '../publish/site-port.ts';
import { formulaInputs, isIndicatorId, seriesDef } from '../timeseries/catalog.ts';
import { dateFormat, numberFormat } from '../timeseries/intl-formats.ts';
import { licenseOf } from '../timeseries/licenses.ts';
import type { Locale } from '../timeseries/locales.ts';
import type { Observation } from '../timeseries/observation.ts';
import type { Formula, Unit } from '../timeseries/series.ts';
import type { Inline } from './page/page.ts';

/** Everything the pages are built from: the publication's typed resources, plus the repository's own content. */
export type SiteData = ReturnType<typeof siteData>;

/** The model's groups by id with their names (the methodology's), in the model's order. */
export type GroupNames = ReadonlyMap<string, string>;

/** The model's group names by id (the methodology's words), or the ids themselves without a model. */
export function groupNames(data: SiteData): GroupNames {
  const groups = data.model?.groups;
  if (groups) return new Map(groups.map((g) => [g.id, g.name]));
  return new Map(Object.keys(data.history?.subIndices ?? {}).map((id) => [id, id]));
}

/**
 * A group's share of the nominal weight in words, to the decimal the model gives it: "37.5 %"; a floor group has no
 * weight in the mean: "the floor under the level".
 */
export function groupWeightText(group: { weight: number; role?: 'mean' | 'floor' }): string {
  if (group.role === 'floor') return 'the floor under the level';
  return `${Number((group.weight * 100).toFixed(1))} %`;
}

/**
 * Where a series is explained: its page, for one of the indicators and for any other series of the catalog (a
 * model input such as reserves / bank assets or EFFR − IORB: pages/model-input.ts); the methodology's table of
 * inputs for an id outside the catalog.
 */
export function seriesPageHref(id: string): string {
  return isIndicatorId(id) || seriesDef(id)
    ? `/indicators/${id}`
    : '/methodology#2-1-inputs-which-series-and-how-the-derived-ones-are-aligned';
}

/** A derived series' inputs, each linked to its page, comma-separated (the "Inputs" row of a series' page). */
export function inputLinks(formula: Formula): Inline[] {
  return formulaInputs(formula).flatMap((id, i): Inline[] => [
    ...(i > 0 ? [', '] : []),
    { text: seriesDef(id)?.name ?? id, href: seriesPageHref(id) },
  ]);
}

/** A group's name by its first words, for tight places: "Price: overnight funding …" → "Price". */
export function groupShortName(name: string): string {
  return name.split(':')[0]!.replace(/ \(.*\)$/, '');
}

/**
 * A signed number with fixed decimals: formatSigned(4.9, 1) = '+4.9', formatSigned(0, 1) = '±0.0'; a value that
 * rounds to zero has no sign either: formatSigned(-0.004, 1) = '±0.0', never '−0.0'.
 */
export function formatSigned(value: number, digits: number): string {
  const text = Math.abs(value).toFixed(digits);
  if (Number(text) === 0) return `±${text}`;
  return value > 0 ? `+${text}` : `−${text}`;
}

/** The site's view of a publication (which must carry its content: the site is not built without it). */
export function siteData(publication: Publication) {
  const content = publication.content!;
  const baseUrl = publication.baseUrl;
  return {
    name: content.name,
    baseUrl,
    generatedAt: publication.builtAt,
    /** How often the data is refreshed, in hours (from the configured schedule). */
    refreshIntervalHours: content.refreshIntervalHours,
    regime: publication.regime?.body,
    history: publication.history?.body,
    /** Each history day's strongest drivers (id, change of share of the aggregate), aligned with history.dates. */
    dayDrivers: publication.modelState?.outputs.dayDrivers,
    model: publication.model?.body,
    /** The lens in English (the site's language). */
    lens: publication.lens?.get('en')?.body,
    /** The lens in every locale (only the narrative differs). */
    lenses: new Map<Locale, LensBody>(
      [...(publication.lens ?? [])].map(([locale, resource]) => [locale, resource.body]),
    ),
    correlation: publication.correlation?.body,
    /** The 52-week rolling correlations for every week (/api/correlation/history). */
    correlationHistory: publication.correlationHistory?.body,
    health: publication.health.body,
    indicators: publication.indicators,
    /** Each reading's week's note as first published, by reading date. */
    weeklyNotes: publication.weeklyNotes,
    /** Asset prices that may be drawn (DRAWABLE_ASSETS: terms allowing reproduction), by id. */
    assets: new Map<string, readonly Observation[]>(
      DRAWABLE_ASSETS.flatMap((id) => {
        const observations = publication.current.get(id);
        return observations && licenseOf(seriesDef(id)!).redistribution === 'full' ? [[id, observations] as const] : [];
      }),
    ),
    blog: content.blog.map((post) => ({ ...post, markdown: post.markdown.replaceAll('https://example.org', baseUrl) })),
    methodologyMarkdown: content.methodologyMarkdown,
    /** The selection protocols, served as /methodology/{slug} ("dli-4-protocol"). */
    protocols: content.protocols ?? [],
    endpoints: content.directory.endpoints,
    errors: content.directory.errorEnvelope.codes,
    apiChangelog: content.apiChangelog,
    /** Real responses for the API documentation page: the endpoint's path, the example's URL, its body. */
    examples: [...publication.examples].map(([path, body]) => ({
      title: path,
      path: examplePath(path),
      body: JSON.stringify(body, null, 2),
    })),
  };
}

const UNITS: Record<Unit, { label: string; name: string }> = {
  usd_billions: { label: 'USD bn', name: 'billions of US dollars' },
  eur_billions: { label: 'EUR bn', name: 'billions of euros' },
  jpy_trillions: { label: 'JPY tn', name: 'trillions of yen' },
  percent: { label: '%', name: 'percent' },
  percent_of_gdp: { label: '% of GDP', name: 'percent of GDP' },
  bps: { label: 'bps', name: 'basis points (0.01 percentage point)' },
  index: { label: 'index', name: 'index points' },
  usd: { label: 'USD', name: 'US dollars' },
};

/** The unit in words, for a reader: "billions of US dollars". */
export function unitName(unit: Unit): string {
  return UNITS[unit].name;
}

export function unitLabel(unit: Unit): string {
  return UNITS[unit].label;
}

/** 1234.5 → "1,235", 959.44 → "959.4", 2.581 → "2.58": fewer decimals the larger the number. */
export function formatNumber(value: number): string {
  const digits = Math.abs(value) >= 1000 ? 0 : Math.abs(value) >= 100 ? 1 : 2;
  return numberFormat('en-US', digits, digits).format(value);
}

/** 1234.5 → "1,235 USD bn"; small values keep more decimals. */
export function formatValue(value: number, unit: Unit): string {
  const text = formatNumber(value);
  return unit === 'percent' || unit === 'percent_of_gdp' ? `${text}%` : `${text} ${UNITS[unit].label}`;
}

/**
 * A change in the series' unit; a change of a percentage is in percentage points (+0.49 pp), not in percent.
 * Example: formatChange(-0.9, 'percent') = '−0.90 pp'; formatChange(23.03, 'usd_billions') = '+23.03 USD bn'.
 */
export function formatChange(change: number, unit: Unit): string {
  // The sign of what is shown: a change that rounds to zero is ±0, never −0.00.
  const shown = Number(formatNumber(Math.abs(change)).replace(/,/g, ''));
  const sign = shown === 0 ? '±' : change > 0 ? '+' : '−';
  if (unit === 'percent' || unit === 'percent_of_gdp') return `${sign}${formatNumber(Math.abs(change))} pp`;
  return `${sign}${formatValue(Math.abs(change), unit)}`;
}

/**
 * An age in words, as a reader says it: "today", "1 day", "12 days", "3 weeks", "3 months", "3.7 years".
 * Example: formatAge(91) = '3 months'; formatAge(1345) = '3.7 years'.
 */
export function formatAge(days: number): string {
  if (days <= 0) return 'today';
  if (days < 14) return days === 1 ? '1 day' : `${days} days`;
  if (days < 60) return `${Math.round(days / 7)} weeks`;
  if (days < 730) return `${Math.round(days / 30.44)} months`;
  const years = days / 365.25;
  return `${years < 10 ? years.toFixed(1) : Math.round(years)} years`;
}

export function formatDate(iso: string): string {
  return dateFormat('en-US', 'medium').format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
}
