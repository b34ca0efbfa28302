import type { CorrelationReport } from '../analytics/correlation/correlation.ts';
import type { Lens } from '../analytics/lens/lens.ts';
import type { ModelDescription } from '../analytics/model/description.ts';
import type { History } from '../analytics/model/history.ts';
import type { Regime } from '../analytics/model/regime.ts';
import type { License } from '../timeseries/licenses.ts';
import type { Observation } from '../timeseries/observation.ts';
import type { SeriesDef, Unit } from '../timeseries/series.ts';

/** Everything the pages are built from: one snapshot of the publication, plus the repository's own content. */
export interface SiteData {
  name: string;
  baseUrl: string;
  generatedAt: string;
  regime: (Regime & { freshness: { state: string; reason: string | null } }) | undefined;
  history: History | undefined;
  model: ModelDescription | undefined;
  lens: (Lens & { synthesis: Lens['synthesis'] & { narrative: string } }) | undefined;
  correlation: CorrelationReport | undefined;
  indicators: IndicatorSummary[];
  blog: BlogPost[];
  methodologyMarkdown: string;
  /** Real responses for the API documentation page, by label. */
  examples: ApiExample[];
}

export interface IndicatorSummary {
  def: SeriesDef;
  license: License;
  /** True when the upstream terms forbid reproducing the values: only statistics are shown. */
  withheld: boolean;
  /** Date of the latest stored observation (also for withheld series). */
  latestDate: string | null;
  /** The observations served (empty when withheld). */
  observations: readonly Observation[];
  latest: Observation | null;
  previous: Observation | null;
  change: number | null;
  zScore: number | null;
  percentile5y: number | null;
  source: string | null;
  scored: boolean;
  /** Effective weight in the model: group weight ÷ scored indicators in the group (0 for context series). */
  weight: number;
  group: string;
  transform: string | null;
}

export interface BlogPost {
  slug: string;
  title: string;
  date: string;
  summary: string;
  markdown: string;
}

export interface ApiExample {
  title: string;
  path: string;
  status: number;
  body: string;
}

const UNIT_LABEL: Record<Unit, string> = {
  usd_billions: 'USD bn',
  eur_billions: 'EUR bn',
  jpy_trillions: 'JPY tn',
  percent: '%',
  percent_of_gdp: '% of GDP',
  bps: 'bps',
  index: 'index',
  usd: 'USD',
};

export function unitLabel(unit: Unit): string {
  return UNIT_LABEL[unit];
}

/** 1234.5 → "1,234.5"; small values keep more decimals. */
export function formatValue(value: number, unit: Unit): string {
  const digits = Math.abs(value) >= 1000 ? 0 : Math.abs(value) >= 100 ? 1 : 2;
  const text = new Intl.NumberFormat('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(
    value,
  );
  return unit === 'percent' || unit === 'percent_of_gdp' ? `${text}%` : `${text} ${UNIT_LABEL[unit]}`;
}

export function formatChange(change: number, unit: Unit): string {
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±';
  return `${sign}${formatValue(Math.abs(change), unit)}`;
}

export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${iso.slice(0, 10)}T00:00:00Z`),
  );
}
