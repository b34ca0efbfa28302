import type { ChartBlock } from './page.ts';

/** The headline chart's title, unit and bands, for its interactive form (the static chart draws the same). */
export const HEADLINE_HEAD: NonNullable<ChartBlock['head']> = {
  title: 'Liquidity headline',
  unit: '0 = loosest, 100 = tightest day of the past five years; 80 and above risk-off, 20 and below risk-on',
  scale: 'bands',
};
