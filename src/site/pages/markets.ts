import type { CorrelationBody } from '../../publish/resources/correlation.ts';
import type { CorrelationHistoryBody } from '../../publish/resources/correlation-history.ts';
import { LIQUIDITY_MEASURES, MARKET_ASSETS } from '../../publish/site-port.ts';
import { lastIndexOnOrBefore } from '../../timeseries/as-of.ts';
import { seriesDef } from '../../timeseries/catalog.ts';
import { correlationChance, headlinePoints } from '../charts/specs.ts';
import { pointsIn } from '../charts/window.ts';
import { chartImages, named } from '../downloads.ts';
import { LATEST_ROWS } from '../history-table.ts';
import { contents } from '../page/contents.ts';
import {
  type Block,
  type ChartBlock,
  heading,
  type Inline,
  lead,
  type Page,
  paragraph,
  prose,
  table,
} from '../page/page.ts';
import { formatDate, formatSigned, type SiteData } from '../site-data.ts';
import { endsItsWeek } from '../weekly-note.ts';
import { assetName, assetsWithData, MEASURE_NAMES, MEASURES, r2 } from '../words/market.ts';
import { backtestBlocks, leadLagBlocks } from './market-statistics.ts';

/**
 * /markets: how liquidity moved with asset prices — rolling correlations, lead/lag and forward returns by regime —
 * each with what the statistic means and whether it is distinguishable from chance.
 */
export function marketsPage(data: SiteData): Page {
  const c = data.correlation;
  const blocks: Block[] = [
    lead(
      'How dollar liquidity has moved with the S&P 500, the Nasdaq-100, bitcoin and gold. These are associations measured on past data, not forecasts: most are weak, and the page says which ones are distinguishable from chance.',
    ),
  ];
  if (!c) {
    blocks.push(paragraph('The market statistics have not been computed yet.'));
    return page(blocks);
  }
  const sections: Block[] = [
    ...overlayBlocks(data),
    ...everyWeekBlocks(data.correlationHistory),
    ...correlationBlocks(c),
    ...leadLagBlocks(c),
    ...backtestBlocks(c),
    prose(
      `All figures: [/api/correlation](/api/correlation) (updated ${formatDate(c.updatedAt)}, weekly data to ${c.dataAsOf ? formatDate(c.dataAsOf) : 'n/a'}). Method: [methodology, correlations](/methodology#5-correlations-api-correlation-src-analytics-correlation-correlation-ts).`,
    ),
  ];
  blocks.push(contents(sections), ...sections);
  return page(blocks);
}

/**
 * Liquidity against each asset, chosen by a row of asset links: the rolling correlation over the whole history for
 * every asset (a statistic, which the terms of the S&P 500, Nasdaq-100 and gold allow), and for bitcoin, whose terms
 * allow drawing its prices, liquidity drawn against the price on a second axis for each measure.
 */
function overlayBlocks(data: SiteData): Block[] {
  const history = data.correlationHistory;
  const assets = MARKET_ASSETS;
  return [
    heading(2, 'Liquidity against each asset', 'overlay'),
    paragraph(
      `For each asset, the ${history?.windowWeeks ?? 52}-week correlation of the week’s change in net liquidity with the asset’s weekly return, over the whole history: above the grey band, the asset tended to rise in weeks liquidity rose (below it, to fall); inside it, the association is within chance. Bitcoin’s price is also drawn against liquidity. The S&P 500, the Nasdaq-100 and gold are drawn only as this statistic: their providers’ terms forbid reproducing their prices.`,
    ),
    {
      kind: 'links',
      label: 'Asset',
      items: assets.map((asset) => ({ text: assetName(asset), href: `#asset-${asset}` })),
    },
    ...assets.flatMap((asset): Block[] => [
      heading(3, assetName(asset), `asset-${asset}`),
      ...correlationChartBlocks(data, asset),
      ...(data.assets.has(asset) ? priceOverlayBlocks(data, asset) : []),
    ]),
  ];
}

/** The asset's rolling correlation with net liquidity, week by week (undefined for an asset the history lacks). */
function rhoOf(history: CorrelationHistoryBody | undefined, asset: string): Array<number | null> | undefined {
  return history?.rho[asset as keyof CorrelationHistoryBody['rho']]?.netLiquidity;
}

function hasHistory(history: CorrelationHistoryBody | undefined, asset: string): boolean {
  return rhoOf(history, asset)?.some((v) => v !== null) ?? false;
}

/** The asset's rolling correlation with net liquidity over the whole history, with its latest value in words. */
function correlationChartBlocks(data: SiteData, asset: string): Block[] {
  const c = data.correlation;
  if (!c || !hasHistory(data.correlationHistory, asset)) {
    const failed = data.health.sources.find((s) => s.seriesId === asset && s.lastStatus === 'error');
    return [
      prose(
        `No correlation: the service holds too few weeks of ${assetName(asset)} prices${failed ? ' (its refresh is failing)' : ''}. See [/api/health](/api/health).`,
      ),
    ];
  }
  const history = data.correlationHistory!;
  const to = history.dates.at(-1);
  const weeks = history.windowWeeks;
  const chance = correlationChance(weeks);
  const latest = c.correlations[asset as keyof typeof c.correlations].netLiquidity[`${weeks}w` as '52w'];
  const name = assetName(asset);
  const src = `/charts/net-liquidity-correlation-${asset}.svg`;
  const latestChance = correlationChance(latest.n);
  const reading =
    latest.latest === null
      ? 'No recent value.'
      : `Latest: ρ ${formatSigned(latest.latest, 2)} over the ${latest.n} weeks to ${formatDate(latest.asOf!)}, ${Math.abs(latest.latest) > latestChance ? 'outside' : 'within'} the chance band of ${latest.n} weeks (±${r2(latestChance)}).`;
  return [
    {
      kind: 'chart',
      src,
      alt: `The ${weeks}-week correlation of weekly changes in net liquidity with the ${name}’s weekly return, over the whole history, on a scale from −1 to 1, with the band within chance shaded.`,
      caption: `${name}: ${weeks}-week correlation with net liquidity (Pearson ρ, weekly). ${reading}`,
      data: [
        {
          url: '/api/correlation/history',
          label: `ρ with net liquidity (${weeks} weeks)`,
          field: `rho.${asset}.netLiquidity`,
        },
      ],
      head: {
        title: `${name}: ${weeks}-week correlation with net liquidity`,
        unit: `Pearson ρ of weekly changes; grey: within chance (|ρ| < ${r2(chance)})`,
        scale: 'correlation',
        chance,
      },
      downloads: [
        ...chartImages(`net-liquidity-correlation-${asset}`, to, `net-liquidity-correlation-${asset}`),
        ...named(`headline-correlation-${asset}`, to, [
          { text: 'The same with the headline (SVG)', href: `/charts/headline-correlation-${asset}.svg` },
        ]),
        ...named('correlations', to, [{ text: 'JSON (every week)', href: '/api/correlation/history' }]),
      ],
      table: correlationTable(history, asset, name),
    },
  ];
}

/** A correlation chart's latest weeks as a table, with a link to every week's (the section below). */
function correlationTable(
  history: CorrelationHistoryBody,
  asset: string,
  name: string,
): NonNullable<ChartBlock['table']> {
  const rho = rhoOf(history, asset)!;
  const weeks = history.dates.flatMap((date, i) => (rho[i] === null ? [] : [[date, r2(rho[i])]]));
  return {
    caption: `${name}: ${history.windowWeeks}-week correlation ρ with net liquidity, week by week (the week's last day)`,
    header: ['Week to', 'ρ'],
    rows: weeks.slice(-LATEST_ROWS).reverse(),
    ...(weeks.length > LATEST_ROWS
      ? { total: weeks.length, more: { text: 'Every week of every asset, as a table', href: '#every-week' } }
      : {}),
  };
}

/** Every week's correlations, all assets side by side, collapsed: the table each correlation chart links to. */
function everyWeekBlocks(history: CorrelationHistoryBody | undefined): Block[] {
  if (!history) return [];
  const assets = MARKET_ASSETS.filter((a) => hasHistory(history, a));
  const column = (a: string) => rhoOf(history, a)!;
  const rows = history.dates
    .map((date, i) => [[date], ...assets.map((a) => [column(a)[i] === null ? '' : r2(column(a)[i])])])
    .filter((row) => row.slice(1).some(([cell]) => cell !== ''))
    .reverse();
  return [
    heading(3, 'Every week’s correlations', 'every-week'),
    {
      kind: 'details',
      summary: `The ${history.windowWeeks}-week correlation ρ with net liquidity, every week (${rows.length.toLocaleString('en-US')} rows)`,
      blocks: [
        table(
          ['Week to', ...assets.map((a) => `${assetName(a)} (ρ)`)],
          rows,
          `${history.windowWeeks}-week correlation ρ of each asset's weekly return with net liquidity's weekly change, by the week's last day`,
        ),
      ],
    },
  ];
}

/**
 * Liquidity drawn against the asset's price, each on its own axis, for each measure (net liquidity, the headline):
 * only for an asset whose terms allow drawing its prices (bitcoin).
 */
function priceOverlayBlocks(data: SiteData, asset: string): Block[] {
  const name = assetName(asset);
  const assetDef = seriesDef(asset);
  const measures = LIQUIDITY_MEASURES.filter((m) => m !== 'headline' || data.history);
  const short = (m: string) => (m === 'headline' ? 'The headline' : 'Net liquidity');
  return [
    {
      kind: 'links',
      label: 'Liquidity measure',
      items: measures.map((m) => ({ text: short(m), href: `#overlay-${m}` })),
    },
    ...measures.flatMap((measure): Block[] => {
      const measureName = measure === 'headline' ? 'The liquidity headline' : 'Net liquidity';
      const overlay = overlayRows(data, measure, asset);
      const src = `/charts/${measure}-vs-${asset}.svg`;
      return [
        heading(4, `${short(measure)} and the ${name.toLowerCase()} price`, `overlay-${measure}`),
        {
          kind: 'chart',
          src,
          alt: `${measureName} (left axis) and the ${name.toLowerCase()} price in US dollars (right axis) over five years.`,
          caption: `${measureName} against ${name.toLowerCase()}, five years. ${name}: ${assetDef?.publisher ?? 'its provider'} (${assetDef?.source?.provider === 'fred' ? assetDef.source.seriesId : asset}), cited as its terms ask.`,
          data: [],
          downloads: [
            ...chartImages(`${measure}-vs-${asset}`, overlay.at(-1)?.[0], `${measure}-vs-${asset}`),
            ...(measure === 'net-liquidity'
              ? named('net-liquidity', overlay.at(-1)?.[0], [
                  { text: 'CSV (net liquidity)', href: '/api/series/net-liquidity.csv?days=1826' },
                ])
              : []),
          ],
          table: {
            caption: `${measureName} and the ${name.toLowerCase()} price (USD), week by week over five years (each week's last date with a value of the ${measure === 'headline' ? 'headline' : 'series'}; the price on or before it)`,
            header: [
              'Week to',
              measure === 'headline' ? 'Headline (0–100)' : 'Net liquidity (USD bn)',
              `${name} (USD)`,
            ],
            rows: [...overlay].reverse(),
          },
        },
      ];
    }),
  ];
}

/**
 * The overlay chart's data, one row a week (the week's last day with a value) over the five years it draws: the
 * measure's value and the asset's price that day (its last price on or before it).
 */
function overlayRows(data: SiteData, measure: string, asset: string): string[][] {
  const history = data.history;
  const liquidity =
    measure === 'headline'
      ? history
        ? headlinePoints(history)
        : []
      : (data.indicators.find((i) => i.def.id === measure)?.observations ?? []);
  const prices = data.assets.get(asset) ?? [];
  const points = pointsIn(liquidity, { days: 1826 });
  const weekEnds = points.filter((point, k) => endsItsWeek(point.date, points[k + 1]?.date));
  return weekEnds.map((point) => {
    const price = prices[lastIndexOnOrBefore(prices, point.date)];
    return [point.date, String(point.value), price ? String(price.value) : ''];
  });
}

/** The assets without any figure get no rows of n/a, but a sentence. */
function withoutData(c: CorrelationBody): Block[] {
  const missing = c.assets.filter((asset) => !assetsWithData(c).includes(asset));
  if (missing.length === 0) return [];
  return [
    prose(
      `No statistics below for ${missing.map((a) => assetName(a)).join(' and ')}: the service holds too few of its prices (see [/api/health](/api/health)).`,
    ),
  ];
}

function page(blocks: Block[]): Page {
  return {
    path: '/markets',
    title: 'Liquidity and markets',
    description:
      'Rolling correlations, lead/lag and forward returns by regime for the S&P 500, Nasdaq-100, bitcoin and gold, with their significance.',
    blocks,
  };
}

function correlationBlocks(c: CorrelationBody): Block[] {
  return [
    heading(2, 'Rolling correlations', 'correlations'),
    ...withoutData(c),
    prose(
      'Pearson correlation of the week’s change in liquidity with the asset’s weekly log return, over the last 13, 26 and 52 weeks. The headline rises when liquidity tightens, so a **negative** ρ with the headline means the asset tended to fall in weeks when liquidity tightened. Net liquidity (USD bn) rises when liquidity eases, so there a **positive** ρ means the same. Marked ✓ when |ρ| exceeds the two-sided 95 % threshold 1.96/√n for n weeks.',
    ),
    {
      kind: 'table',
      caption: `Latest rolling correlation (ρ), by asset and liquidity measure: windows ending ${c.dataAsOf ? formatDate(c.dataAsOf) : 'n/a'} unless a cell says otherwise`,
      header: ['Asset', 'Measure', '13 weeks', '26 weeks', '52 weeks'],
      rows: assetsWithData(c).flatMap((asset) =>
        MEASURES.map((measure): Inline[][] => {
          const figures = c.correlations[asset][measure];
          const cell = (w: '13w' | '26w' | '52w') => {
            const f = figures[w];
            if (f.latest === null) return ['n/a'];
            const significant = f.n > 3 && Math.abs(f.latest) > correlationChance(f.n);
            // An asset whose data ends earlier than the others' says when its window ends.
            const ending = f.asOf && f.asOf !== c.dataAsOf ? `, to ${formatDate(f.asOf)}` : '';
            return [`${r2(f.latest)}${significant ? ' ✓' : ''} (n ${f.n}${ending})`];
          };
          return [[assetName(asset)], [MEASURE_NAMES[measure]], cell('13w'), cell('26w'), cell('52w')];
        }),
      ),
    },
  ];
}
