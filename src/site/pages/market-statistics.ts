import type { CorrelationBody } from '../../publish/resources/correlation.ts';
import { type Block, heading, type Inline, paragraph, prose, table } from '../page/page.ts';
import { assetName, assetsWithData, MEASURE_NAMES, MEASURES, pct, pValue, r2, span } from '../words/market.ts';

/** /markets' tests of timing and of returns: lead and lag, and forward returns by regime. */
export function leadLagBlocks(c: CorrelationBody): Block[] {
  return [
    heading(2, 'Lead and lag', 'lead-lag'),
    paragraph(
      'Correlation of the liquidity change in week t with the asset return in week t + k, for k from −13 to +13 weeks over the last five years. A best lag k > 0 would mean liquidity moved first. The best of 27 lags is large by chance, so it counts as significant only above the Bonferroni threshold for 27 tests (z₀.₉₉₉₁/√n), stricter than the single-test 95 % threshold.',
    ),
    table(
      [
        'Asset',
        'Measure',
        'Weeks',
        'Best lag (weeks)',
        'ρ',
        'n (weeks)',
        '95 % threshold (ρ)',
        'Bonferroni threshold (ρ)',
        'Significant',
      ],
      assetsWithData(c).flatMap((asset) =>
        MEASURES.map((measure): Inline[][] => {
          const f = c.leadLag[asset][measure];
          const lag = f.best
            ? f.best.lag > 0
              ? `+${f.best.lag} (liquidity leads)`
              : f.best.lag < 0
                ? `${f.best.lag} (asset leads)`
                : '0 (same week)'
            : 'n/a';
          return [
            [assetName(asset)],
            [MEASURE_NAMES[measure]],
            [span(f.window.from, f.window.to)],
            [lag],
            [r2(f.best?.rho)],
            [String(f.best?.n ?? 'n/a')],
            [r2(f.threshold95)],
            [r2(f.thresholdBonferroni)],
            [f.significant ? 'yes' : 'no'],
          ];
        }),
      ),
      'Strongest lag by asset and measure',
    ),
  ];
}

export function backtestBlocks(c: CorrelationBody): Block[] {
  const rows: Inline[][][] = [];
  for (const asset of assetsWithData(c)) {
    for (const horizon of ['20d', '60d'] as const) {
      const f = c.backtest[asset].horizons[horizon];
      rows.push([
        [assetName(asset)],
        [horizon === '20d' ? '20 days' : '60 days'],
        [span(f.from, f.to)],
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
    heading(2, 'Returns after each regime', 'backtest'),
    prose(
      'The asset’s mean return over the next 20 or 60 business days, by the regime on the starting day. The spread is risk-on minus risk-off: positive would mean returns were better after loose readings. **A p-value above 0.05 means the spread is not distinguishable from chance.** Three views, because each answers a different doubt: non-overlapping windows with Welch’s t-test; every daily window with Newey–West errors (overlap corrected); and the spread’s sign in each of the possible sampling phases (a result that flips with the start day is fragile).',
    ),
    table(
      [
        'Asset',
        'Horizon',
        'Windows',
        'Risk-on',
        'Neutral',
        'Risk-off',
        'Spread',
        'p (Welch)',
        'p (Newey–West)',
        'Phases with spread > 0',
      ],
      rows,
      'Mean forward return by regime, and the risk-on minus risk-off spread',
    ),
  ];
}
