import type { IndicatorSummary } from '../../publish/resources/indicators.ts';
import type { ChartQuery, ChartWindow } from '../../publish/site-port.ts';
import { seriesDef } from '../../timeseries/catalog.ts';
import { addDays } from '../../timeseries/dates.ts';
import { hasLevel, levelParts } from '../level-parts.ts';
import { formatDate, type SiteData, unitLabel } from '../site-data.ts';
import { PARTS_HEAD } from './parts.ts';
import type { ChartPoint } from './points.ts';
import type { ChartSpec, ChartStyle, LineChartOptions } from './svg.ts';
import { dayChartRange, effectiveWindow, pointsIn } from './window.ts';

/** What a chart URL draws, or undefined when there is nothing to draw (no data, or values withheld by licence). */
export function chartSpec(
  id: string,
  query: ChartQuery,
  style: ChartStyle,
  byId: ReadonlyMap<string, IndicatorSummary>,
  data: SiteData,
): ChartSpec | undefined {
  if (id === 'headline-gauge') {
    if (!data.regime) return undefined;
    return { kind: 'gauge', value: data.regime.percentile5y, label: data.regime.status };
  }
  if (id === 'headline') return headlineChart(effectiveWindow(query.window, 'daily'), style, data);
  if (id === 'headline-regimes' || id.startsWith('subindex-')) return historyChart(id, query, style, data);
  if (id === 'contributions') return partsChart(query.window, style, data);
  const day = /^(day|contributions)-(\d{4}-\d{2}-\d{2})$/.exec(id);
  if (day) return dayChart(day[1] as 'day' | 'contributions', day[2]!, style, data);
  if (id.includes('-correlation-')) {
    const [measure, asset] = id.split('-correlation-') as [string, string];
    return correlationChart({ measure, asset }, query, style, data);
  }
  if (id.includes('-vs-')) {
    const [measure, asset] = id.split('-vs-') as [string, string];
    return assetChart({ measure, asset }, query, style, { byId, data });
  }
  const item = byId.get(id);
  if (!item || item.observations.length === 0) return undefined;
  const window = effectiveWindow(query.window, item.def.frequency);
  const points = pointsIn(item.observations, window);
  if (style === 'spark') return { kind: 'spark', points };
  const other = query.compare ? byId.get(query.compare) : undefined;
  if (query.compare && (!other || other.observations.length === 0)) return undefined;
  const compareWindow: ChartWindow =
    'days' in window ? { start: points[0]?.date ?? item.observations.at(-1)!.date, end: null } : window;
  return line(points, style, {
    title: other ? `${item.def.name} (${unitLabel(item.def.unit)})` : item.def.name,
    unit: unitLabel(item.def.unit),
    credit: chartCredit(
      other ? `${item.def.publisher}; ${other.def.publisher}` : item.def.publisher,
      points.at(-1)?.date,
      data,
      `/indicators/${item.def.id}`,
    ),
    ...(other
      ? {
          compare: {
            points: pointsIn(other.observations, compareWindow),
            title: `${other.def.name} (${unitLabel(other.def.unit)})`,
          },
        }
      : {}),
  });
}

/**
 * Each group's part of the fixed-scale level, stacked, with the level drawn over them: over the whole history (a
 * window narrows it), or around a day with the day marked. Undefined without a level (before dli-4) or in a spark.
 */
function partsChart(
  window: ChartQuery['window'],
  style: ChartStyle,
  data: SiteData,
  mark?: string,
): ChartSpec | undefined {
  const history = data.history;
  const parts = levelParts(data);
  if (!history || parts.length === 0 || style === 'spark' || !hasLevel(data)) return undefined;
  const keep = history.dates.flatMap((date, i) => (inWindow(date, history.dates, window) ? [i] : []));
  if (keep.length === 0) return undefined;
  const dates = keep.map((i) => history.dates[i]!);
  return {
    kind: 'stack',
    dates,
    parts: parts.map((p) => ({ name: p.name, color: p.color, values: keep.map((i) => p.values[i] ?? null) })),
    total: { name: 'Level', values: keep.map((i) => history.level[i] ?? null) },
    options: {
      title: `What the level (${history.modelVersion}) is made of`,
      unit: PARTS_HEAD.unit,
      style,
      ...(mark ? { mark } : {}),
      credit: chartCredit(modelSource(history), dates.at(-1), data, mark ? `/today/${mark}` : '/#parts'),
    },
  };
}

/** Whether a history date is inside a chart window (a trailing window counts back from the history's last day). */
function inWindow(date: string, dates: readonly string[], window: ChartQuery['window']): boolean {
  if (!window) return true;
  if ('days' in window) return date > addDays(dates.at(-1)!, -window.days);
  return date >= window.start && (window.end === null || date <= window.end);
}

/**
 * A day page's charts, the day marked: the headline, or the level's parts, from the month three months before the
 * day to the end of the month after (dayChartRange). Undefined for a date the history does not have.
 */
function dayChart(
  kind: 'day' | 'contributions',
  date: string,
  style: ChartStyle,
  data: SiteData,
): ChartSpec | undefined {
  const history = data.history;
  if (!history?.dates.includes(date) || style === 'spark') return undefined;
  const window = dayChartRange(date);
  return kind === 'contributions' ? partsChart(window, style, data, date) : headlineChart(window, style, data, date);
}

/** The headline on its banded scale over a window; around a day (a day page's chart), the day marked. */
function headlineChart(window: ChartWindow, style: ChartStyle, data: SiteData, day?: string): ChartSpec | undefined {
  const history = data.history;
  if (!history || history.count === 0) return undefined;
  const points = pointsIn(headlinePoints(history), window);
  return line(points, style, {
    title: `Liquidity headline (${history.modelVersion})${day ? ` around ${formatDate(day)}` : ''}`,
    unit: HEADLINE_UNIT,
    scale: 'bands',
    ...(day ? { mark: day } : {}),
    credit: chartCredit(modelSource(history), points.at(-1)?.date, data, day ? `/today/${day}` : '/'),
  });
}

/**
 * The model's history charts: the headline over the whole history shaded by regime status, or one group
 * sub-index over the whole history (a window narrows either). Undefined when the group has no reading.
 */
function historyChart(id: string, query: ChartQuery, style: ChartStyle, data: SiteData): ChartSpec | undefined {
  const history = data.history;
  if (!history || history.count === 0) return undefined;
  const group = id.startsWith('subindex-') ? (id.slice('subindex-'.length) as keyof typeof history.subIndices) : null;
  const points = historyPoints(history.dates, group ? history.subIndices[group] : history.headline, query.window);
  if (!points) return undefined;
  const credit = chartCredit(modelSource(history), points.at(-1)?.date, data, '/#whole-history');
  if (group) {
    const name = data.model?.groups.find((g) => g.id === group)?.name ?? group;
    return line(points, style, { title: name, unit: '0 = loosest, 100 = tightest reading', scale: 'percent', credit });
  }
  const from = points[0]?.date ?? '';
  const to = points.at(-1)?.date ?? '';
  return line(points, style, {
    title: `Liquidity headline (${history.modelVersion}) and its regimes`,
    unit: `red: risk-off, green: risk-on; ${HEADLINE_UNIT}`,
    scale: 'percent',
    shading: regimeSpells(history).filter((s) => s.to >= from && s.from <= to),
    credit,
  });
}

/**
 * Liquidity (net liquidity or the headline, left axis) against an asset's price (right axis), over a window
 * (default five years): the overlay /markets draws. Undefined without both series.
 */
function assetChart(
  pair: { measure: string; asset: string },
  query: ChartQuery,
  style: ChartStyle,
  at: { byId: ReadonlyMap<string, IndicatorSummary>; data: SiteData },
): ChartSpec | undefined {
  const { measure, asset } = pair;
  const { byId, data } = at;
  const prices = data.assets.get(asset);
  const history = data.history;
  const liquidity = measure === 'headline' ? history && headlinePoints(history) : byId.get(measure)?.observations;
  if (!prices || prices.length === 0 || !liquidity || liquidity.length === 0) return undefined;
  const window = query.window ?? { days: 1826 };
  const points = pointsIn(liquidity, window);
  const assetDef = seriesDef(asset)!;
  const headline = measure === 'headline';
  return line(points, style, {
    title: headline ? `Liquidity headline (${history!.modelVersion})` : `${byId.get(measure)!.def.name} (USD bn)`,
    unit: headline ? '0 = loosest, 100 = tightest' : 'USD bn',
    // The headline on its own 0–100 scale, as everywhere else (a fitted axis read 0–120).
    ...(headline ? { scale: 'percent' as const } : {}),
    compare: {
      points: pointsIn(prices, { start: points[0]?.date ?? prices[0]!.date, end: points.at(-1)?.date ?? null }),
      title: `${assetDef.name} (USD)`,
    },
    credit: chartCredit(
      `${assetDef.publisher}; ${headline ? modelSource(history!) : byId.get(measure)!.def.publisher}`,
      points.at(-1)?.date,
      data,
      '/markets',
    ),
  });
}

/**
 * The 52-week rolling correlation of a liquidity measure's weekly change with an asset's weekly log return, over
 * the whole history (a window narrows it), on a −1…1 axis with the chance band (|ρ| < 1.96/√52). A statistic, so
 * drawn for assets whose prices may not be. Undefined without the statistics or any value.
 */
function correlationChart(
  pair: { measure: string; asset: string },
  query: ChartQuery,
  style: ChartStyle,
  data: SiteData,
): ChartSpec | undefined {
  const history = data.correlationHistory;
  const key = pair.measure === 'headline' ? 'headline' : 'netLiquidity';
  const rho = history?.rho[pair.asset as keyof typeof history.rho]?.[key];
  const points = history && historyPoints(history.dates, rho, query.window);
  if (!history || !points) return undefined;
  const assetDef = seriesDef(pair.asset)!;
  const measureName = pair.measure === 'headline' ? 'the liquidity headline' : 'net liquidity';
  const chance = correlationChance(history.windowWeeks);
  return line(points, style, {
    title: `${assetDef.name}: ${history.windowWeeks}-week correlation with ${measureName}`,
    unit: `Pearson ρ of weekly changes; grey: within chance (|ρ| < ${chance.toFixed(2)})`,
    scale: 'correlation',
    chance,
    credit: chartCredit(
      `usd-liquidity; ${assetDef.publisher}; ${pair.measure === 'headline' ? 'the usd-liquidity model' : seriesDef('net-liquidity')!.publisher}`,
      points.at(-1)?.date,
      data,
      '/markets',
    ),
  });
}

/** The two-sided 95 % threshold of one correlation over n weeks: 1.96/√n (0.27 for 52 weeks). */
export function correlationChance(weeks: number): number {
  return 1.96 / Math.sqrt(weeks);
}

/** A line chart in one of the line layouts, or the line alone as a sparkline. */
function line(points: readonly ChartPoint[], style: ChartStyle, options: Omit<LineChartOptions, 'style'>): ChartSpec {
  return style === 'spark' ? { kind: 'spark', points } : { kind: 'line', points, options: { ...options, style } };
}

/**
 * A history's days that have a value, as chart points within the window asked for (the whole history without one);
 * undefined when no day has one.
 */
function historyPoints(
  dates: readonly string[],
  values: ReadonlyArray<number | null> | undefined,
  window: ChartQuery['window'],
): ChartPoint[] | undefined {
  const all = dates.flatMap((date, i) => (values?.[i] == null ? [] : [{ date, value: values[i]! }]));
  if (all.length === 0) return undefined;
  return window ? pointsIn(all, window) : all;
}

const HEADLINE_UNIT = '0 = loosest, 100 = tightest of 5 years';

/** The headline as chart points, one a history day. */
export function headlinePoints(history: NonNullable<SiteData['history']>): ChartPoint[] {
  return history.dates.map((date, i) => ({ date, value: history.headline[i]! }));
}

/** The model as a chart's source: "usd-liquidity model dli-4". */
function modelSource(history: NonNullable<SiteData['history']>): string {
  return `usd-liquidity model ${history.modelVersion}`;
}

/** Who published the data, the date it runs to, and the page it comes from (https://host/indicators/tga). */
function chartCredit(
  source: string,
  lastDate: string | undefined,
  data: SiteData,
  path: string,
): { source: string; dataTo: string; url: string } {
  return { source, dataTo: lastDate ? formatDate(lastDate) : 'n/a', url: `${data.baseUrl}${path}` };
}

/**
 * The history's risk-off and risk-on spells as date ranges. Example: statuses neutral, risk-off, risk-off,
 * neutral on d1…d4 → [{ from: d2, to: d3, status: 'risk-off' }].
 */
export function regimeSpells(history: {
  dates: readonly string[];
  status: ReadonlyArray<string | null>;
}): Array<{ from: string; to: string; status: 'risk-off' | 'risk-on' }> {
  const spells: Array<{ from: string; to: string; status: 'risk-off' | 'risk-on' }> = [];
  for (let i = 0; i < history.dates.length; i++) {
    const status = history.status[i];
    if (status !== 'risk-off' && status !== 'risk-on') continue;
    const last = spells.at(-1);
    if (last && last.status === status && history.status[i - 1] === status) last.to = history.dates[i]!;
    else spells.push({ from: history.dates[i]!, to: history.dates[i]!, status });
  }
  return spells;
}
