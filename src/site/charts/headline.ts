import { chartImages, named } from '../downloads.ts';
import type { ChartBlock, ChartHeadLine } from '../page/page.ts';
import { formatDate } from '../site-data.ts';

/** The headline chart's title, unit and bands, for its interactive form (the static chart draws the same). */
export const HEADLINE_HEAD: ChartHeadLine = {
  title: 'Liquidity headline',
  unit: '0 = loosest, 100 = tightest day of the past five years; 80 and above risk-off, 20 and below risk-on',
  scale: 'bands',
};

/**
 * The headline over the last `days` days, as every page draws it: the static chart, the same dates for the
 * interactive one, and its downloads. Example: headlineChart(365, '2026-08-27', 'The year to …').
 */
export function headlineChart(days: number, to: string, caption: string): ChartBlock {
  const query = `?days=${days}`;
  const span = `over the ${days === 365 ? 'year' : `${Math.round(days / 365)} years`} to ${formatDate(to)}`;
  return {
    kind: 'chart',
    src: `/charts/headline.svg${query}`,
    alt: `The headline ${span}; shaded bands mark risk-off (80 and above) and risk-on (20 and below).`,
    caption,
    data: [{ url: '/api/history', label: 'Headline', days }],
    head: HEADLINE_HEAD,
    downloads: [...historyCsv(to), ...chartImages('headline', to, 'headline', query)],
  };
}

/** The model's whole history as CSV (every day: the headline, status, level, each group's reading and part). */
export function historyCsv(to: string): ChartBlock['downloads'] {
  return named('usd-liquidity-history', to, [{ text: 'CSV (full history)', href: '/api/history.csv' }]);
}

/**
 * A day page's headline chart: from the month three months before the day to the end of the month after, the day
 * marked on it (/charts/day-{date}.svg), interactive over the same dates.
 */
export function dayHeadlineChart(date: string, range: { start: string; end: string }, to: string): ChartBlock {
  return {
    kind: 'chart',
    src: `/charts/day-${date}.svg`,
    alt: `The headline from ${formatDate(range.start)} to ${formatDate(range.end)}, ${formatDate(date)} marked; shaded bands mark risk-off (80 and above) and risk-on (20 and below).`,
    caption: `From the month three months before ${formatDate(date)} to the end of the month after, as far as the history goes; the dashed line marks the day.`,
    data: [{ url: '/api/history', label: 'Headline', from: range.start, to: range.end }],
    head: { ...HEADLINE_HEAD, mark: date },
    downloads: [...historyCsv(to), ...chartImages(`headline-around-${date}`, undefined, `day-${date}`)],
  };
}
