import type { Frequency } from '../timeseries/series.ts';

/**
 * How the site groups the indicators for readers: by where the dollars sit, not by the model's scoring groups
 * (a context series has no model group). Every series is in exactly one theme (tested).
 */
export const THEMES = [
  {
    id: 'policy',
    title: 'Fed and Treasury balances',
    summary:
      'The Fed balance sheet, the Treasury’s cash at the Fed, the reverse-repo facility and what is left for banks.',
    ids: ['net-liquidity', 'fed-balance-sheet', 'tga', 'onrrp', 'bank-reserves', 'reserve-buffer', 'm2'],
  },
  {
    id: 'funding',
    title: 'Funding markets',
    summary: 'What overnight and short-term dollars cost, and how much banks hold in cash.',
    ids: ['sofr-iorb', 'srf', 'cp-tbill-spread', 'bank-cash-buffer'],
  },
  {
    id: 'risk',
    title: 'Credit and risk appetite',
    summary: 'Spreads, volatility, real yields and the dollar: how markets price the cost of risk.',
    ids: ['hy-spread', 'vix', 'real-yield-10y', 'dollar-index'],
  },
  {
    id: 'fiscal',
    title: 'Fiscal',
    summary: 'The federal debt, deficit and interest bill that the Treasury funds in the same markets.',
    ids: ['national-debt', 'federal-deficit', 'federal-interest-payments', 'debt-to-gdp'],
  },
  {
    id: 'global',
    title: 'Global dollar',
    summary: 'Dollar lines to foreign central banks, foreign official holdings, and the ECB and BoJ balance sheets.',
    ids: [
      'fed-swap-lines',
      'fima-repo-facility',
      'foreign-repo-pool',
      'foreign-treasury-holdings',
      'ecb-balance-sheet',
      'boj-balance-sheet',
    ],
  },
];

/** A frequency as a label: "daily" → "Daily". */
export function frequencyLabel(frequency: Frequency): string {
  return `${frequency.charAt(0).toUpperCase()}${frequency.slice(1)}`;
}
