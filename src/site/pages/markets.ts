import type { CorrelationBody } from '../../publish/resources/correlation.ts';
import { LIQUIDITY_MEASURES } from '../../publish/site-port.ts';
import type { Block, Inline, Page } from '../page.ts';
import { formatDate, type SiteData } from '../site-data.ts';

const ASSET_NAMES: Record<string, string> = {
  spx: 'S&P 500',
  qqq: 'Nasdaq-100 (QQQ)',
  btc: 'Bitcoin',
  gold: 'Gold',
};
const MEASURE_NAMES = { headline: 'Headline', netLiquidity: 'Net liquidity' } as const;

const r2 = (x: number | null | undefined) => (x === null || x === undefined ? 'n/a' : x.toFixed(2));
const pct = (x: number | null | undefined) =>
  x === null || x === undefined ? 'n/a' : `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x).toFixed(2)} %`;
const pValue = (p: number | null | undefined) =>
  p === null || p === undefined ? 'n/a' : p < 0.001 ? '< 0.001' : p.toFixed(3);

/**
 * /markets: how liquidity moved with asset prices — rolling correlations, lead/lag and forward returns by regime —
 * each with what the statistic means and whether it is distinguishable from chance.
 */
export function marketsPage(data: SiteData): Page {
  const c = data.correlation;
  const blocks: Block[] = [
    {
      kind: 'lead',
      inlines: [
        'How dollar liquidity has moved with the S&P 500, the Nasdaq-100, bitcoin and gold. These are associations measured on past data, not forecasts: most are weak, and the page says which ones are distinguishable from chance.',
      ],
    },
  ];
  if (!c) {
    blocks.push({ kind: 'paragraph', inlines: ['The market statistics have not been computed yet.'] });
    return page(blocks);
  }
  blocks.push(
    {
      kind: 'toc',
      items: [
        { text: 'Liquidity against bitcoin', id: 'overlay' },
        { text: 'Rolling correlations', id: 'correlations' },
        { text: 'Lead and lag', id: 'lead-lag' },
        { text: 'Returns after each regime', id: 'backtest' },
      ],
    },
    ...overlayBlocks(data),
    ...correlationBlocks(c),
    ...leadLagBlocks(c),
    ...backtestBlocks(c),
    {
      kind: 'paragraph',
      inlines: [
        'All figures: ',
        { text: '/api/correlation', href: '/api/correlation' },
        ` (updated ${formatDate(c.updatedAt)}, weekly data to ${c.dataAsOf ? formatDate(c.dataAsOf) : 'n/a'}). Method: `,
        {
          text: 'methodology, correlations',
          href: '/methodology#5-correlations-api-correlation-src-analytics-correlation-ts',
        },
        '.',
      ],
    },
  );
  return page(blocks);
}

/**
 * Liquidity drawn against an asset's price, each on its own axis, for each measure (net liquidity, the headline): the
 * chart a reader looks at before the statistics. Only bitcoin's prices may be drawn; the S&P 500, the Nasdaq-100 and
 * gold are restricted by their providers' terms, so the page says so instead of drawing them.
 */
function overlayBlocks(data: SiteData): Block[] {
  if (!data.assets.has('btc')) return [];
  const charts = LIQUIDITY_MEASURES.filter((m) => m !== 'headline' || data.history).map((measure): Block => {
    const name = measure === 'headline' ? 'The liquidity headline' : 'Net liquidity';
    const src = `/charts/${measure}-vs-btc.svg`;
    return {
      kind: 'chart',
      src,
      alt: `${name} (left axis) and the bitcoin price in US dollars (right axis) over five years.`,
      caption: `${name} against bitcoin, five years. Bitcoin: Coinbase via FRED (CBBTCUSD), cited as its terms ask.`,
      data: [],
      downloads: [
        { text: 'SVG', href: src },
        { text: 'PNG', href: `/charts/${measure}-vs-btc.png` },
        ...(measure === 'net-liquidity'
          ? [{ text: 'CSV (net liquidity)', href: '/api/series/net-liquidity.csv?days=1826' }]
          : []),
      ],
    };
  });
  return [
    { kind: 'heading', level: 2, text: 'Liquidity against bitcoin', id: 'overlay' },
    {
      kind: 'links',
      label: 'Liquidity measure',
      items: LIQUIDITY_MEASURES.map((m) => ({
        text: m === 'headline' ? 'The headline' : 'Net liquidity',
        href: `#overlay-${m}`,
      })),
    },
    ...charts.flatMap((chart, i): Block[] => [
      {
        kind: 'heading',
        level: 3,
        text: i === 0 ? 'Net liquidity and bitcoin' : 'The headline and bitcoin',
        id: `overlay-${LIQUIDITY_MEASURES[i]}`,
      },
      chart,
    ]),
    {
      kind: 'paragraph',
      inlines: [
        'The S&P 500, the Nasdaq-100 and gold are not drawn: their providers’ terms forbid reproducing their prices, so only statistics computed from them are published (below).',
      ],
    },
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
    { kind: 'heading', level: 2, text: 'Rolling correlations', id: 'correlations' },
    {
      kind: 'paragraph',
      inlines: [
        'Pearson correlation of the week’s change in liquidity with the asset’s weekly log return, over the last 13, 26 and 52 weeks. The headline rises when liquidity tightens, so a ',
        { strong: 'negative' },
        ' ρ with the headline means the asset tended to fall in weeks when liquidity tightened. Net liquidity (USD bn) rises when liquidity eases, so there a ',
        { strong: 'positive' },
        ' ρ means the same. Marked ✓ when |ρ| exceeds the two-sided 95 % threshold 1.96/√n for n weeks.',
      ],
    },
    {
      kind: 'table',
      caption: 'Latest rolling correlation (ρ), by asset and liquidity measure',
      header: ['Asset', 'Measure', '13 weeks', '26 weeks', '52 weeks'],
      rows: c.assets.flatMap((asset) =>
        (Object.keys(MEASURE_NAMES) as Array<keyof typeof MEASURE_NAMES>).map((measure): Inline[][] => {
          const figures = c.correlations[asset][measure];
          const cell = (w: '13w' | '26w' | '52w') => {
            const f = figures[w];
            if (f.latest === null) return ['n/a'];
            const significant = f.n > 3 && Math.abs(f.latest) > 1.96 / Math.sqrt(f.n);
            return [`${r2(f.latest)}${significant ? ' ✓' : ''} (n ${f.n})`];
          };
          return [[ASSET_NAMES[asset] ?? asset], [MEASURE_NAMES[measure]], cell('13w'), cell('26w'), cell('52w')];
        }),
      ),
    },
  ];
}

function leadLagBlocks(c: CorrelationBody): Block[] {
  return [
    { kind: 'heading', level: 2, text: 'Lead and lag', id: 'lead-lag' },
    {
      kind: 'paragraph',
      inlines: [
        'Correlation of the liquidity change in week t with the asset return in week t + k, for k from −13 to +13 weeks over the last five years. A best lag k > 0 would mean liquidity moved first. The best of 27 lags is large by chance, so it counts as significant only above the Bonferroni threshold for 27 tests (z₀.₉₉₉₁/√n), stricter than the single-test 95 % threshold.',
      ],
    },
    {
      kind: 'table',
      caption: 'Strongest lag by asset and measure',
      header: [
        'Asset',
        'Measure',
        'Best lag (weeks)',
        'ρ',
        'n',
        '95 % threshold',
        'Bonferroni threshold',
        'Significant',
      ],
      rows: c.assets.flatMap((asset) =>
        (Object.keys(MEASURE_NAMES) as Array<keyof typeof MEASURE_NAMES>).map((measure): Inline[][] => {
          const f = c.leadLag[asset][measure];
          const lag = f.best
            ? f.best.lag > 0
              ? `+${f.best.lag} (liquidity leads)`
              : f.best.lag < 0
                ? `${f.best.lag} (asset leads)`
                : '0 (same week)'
            : 'n/a';
          return [
            [ASSET_NAMES[asset] ?? asset],
            [MEASURE_NAMES[measure]],
            [lag],
            [r2(f.best?.rho)],
            [String(f.best?.n ?? 'n/a')],
            [r2(f.threshold95)],
            [r2(f.thresholdBonferroni)],
            [f.significant ? 'yes' : 'no'],
          ];
        }),
      ),
    },
  ];
}

function backtestBlocks(c: CorrelationBody): Block[] {
  const rows: Inline[][][] = [];
  for (const asset of c.assets) {
    for (const horizon of ['20d', '60d'] as const) {
      const f = c.backtest[asset].horizons[horizon];
      rows.push([
        [ASSET_NAMES[asset] ?? asset],
        [horizon === '20d' ? '20 days' : '60 days'],
        [pct(f.byState['risk-on'].meanPct)],
        [pct(f.byState.neutral.meanPct)],
        [pct(f.byState['risk-off'].meanPct)],
        [pct(f.riskOnMinusRiskOffPct)],
        [pValue(f.welch.p)],
        [pValue(f.allWindows.neweyWest.p)],
        [`${f.phases.positive} of ${f.phases.count}`],
      ]);
    }
  }
  return [
    { kind: 'heading', level: 2, text: 'Returns after each regime', id: 'backtest' },
    {
      kind: 'paragraph',
      inlines: [
        'The asset’s mean return over the next 20 or 60 business days, by the regime on the starting day. The spread is risk-on minus risk-off: positive would mean returns were better after loose readings. ',
        { strong: 'A p-value above 0.05 means the spread is not distinguishable from chance.' },
        ' Three views, because each answers a different doubt: non-overlapping windows with Welch’s t-test; every daily window with Newey–West errors (overlap corrected); and the spread’s sign in each of the possible sampling phases (a result that flips with the start day is fragile).',
      ],
    },
    {
      kind: 'table',
      caption: 'Mean forward return by regime, and the risk-on minus risk-off spread',
      header: [
        'Asset',
        'Horizon',
        'Risk-on',
        'Neutral',
        'Risk-off',
        'Spread',
        'p (Welch)',
        'p (Newey–West)',
        'Phases with spread > 0',
      ],
      rows,
    },
  ];
}
