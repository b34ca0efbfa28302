import type { CorrelationBody } from '../../publish/resources/correlation.ts';
import { formatSigned } from '../site-data.ts';

/** How /markets names and writes its statistics: asset and measure names, ρ, percentages, spans, p-values. */
const ASSET_NAMES: Record<string, string> = {
  spx: 'S&P 500',
  qqq: 'Nasdaq-100 (QQQ)',
  btc: 'Bitcoin',
  gold: 'Gold',
};
/** An asset's name: "S&P 500" for spx (its id for one not named here). */
export const assetName = (asset: string) => ASSET_NAMES[asset] ?? asset;
export const MEASURE_NAMES = { headline: 'Headline', netLiquidity: 'Net liquidity' } as const;
export const MEASURES = Object.keys(MEASURE_NAMES) as Array<keyof typeof MEASURE_NAMES>;

/** Two decimals with a true minus sign, as the site writes negatives: −0.04. */
export const r2 = (x: number | null | undefined) =>
  x === null || x === undefined ? 'n/a' : Number(x.toFixed(2)).toFixed(2).replace('-', '−');
export const pct = (x: number | null | undefined) =>
  x === null || x === undefined ? 'n/a' : `${formatSigned(x, 2)} %`;
/** The months a statistic spans: "Aug 2021 – Aug 2026". */
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
export const span = (from: string | null, to: string | null) =>
  from && to
    ? `${monthYear.format(new Date(`${from}T00:00:00Z`))} – ${monthYear.format(new Date(`${to}T00:00:00Z`))}`
    : 'n/a';
export const pValue = (p: number | null | undefined) =>
  p === null || p === undefined ? 'n/a' : p < 0.001 ? '< 0.001' : p.toFixed(3);

/** The assets with a statistic to show (a price history long enough for a correlation or a forward return). */
export function assetsWithData(c: CorrelationBody): CorrelationBody['assets'] {
  return c.assets.filter(
    (asset) => c.correlations[asset].netLiquidity['52w'].path.length > 0 || c.backtest[asset].horizons['20d'].from,
  );
}
