import { LENS_TIERING_TREND_DAYS, type LensBody } from '../../publish/resources/lens.ts';
import { daysBetween } from '../../timeseries/dates.ts';
import { LOCALES, type Locale } from '../../timeseries/locales.ts';
import type { Block, Page } from '../page.ts';
import { formatAge, formatDate, type SiteData } from '../site-data.ts';

function signed(x: number): string {
  return `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(x)}`;
}

/** Each locale in its own language, for the language links. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  zh: '简体中文',
  'zh-Hant': '繁體中文',
  ja: '日本語',
  ko: '한국어',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
};

/** The page of a locale: /lens for English, /lens/{locale} for the others. */
export function lensPath(locale: Locale): string {
  return locale === 'en' ? '/lens' : `/lens/${locale}`;
}

/**
 * /lens and /lens/{locale}: the three-axis lens — quantity, price, structure — with the narrative in the chosen
 * language (the page around it stays English; the narrative carries its own `lang`).
 */
export function lensPage(data: SiteData, locale: Locale): Page {
  const lens = data.lenses.get(locale);
  const blocks: Block[] = [
    {
      kind: 'links',
      label: 'Language of the narrative',
      items: LOCALES.map((l) => ({ text: LOCALE_NAMES[l], href: lensPath(l), current: l === locale, lang: l })),
    },
  ];
  if (!lens) {
    blocks.push({ kind: 'paragraph', inlines: ['The lens has not been computed yet.'] });
  } else {
    const cell = lens.synthesis.cell;
    blocks.push(
      { kind: 'quote', lang: locale, text: lens.synthesis.narrative },
      {
        kind: 'matrix',
        caption: 'Rows: the structural posture of policy and balances. Columns: the pulse of the last weeks.',
        rows: ['supportive', 'neutral', 'restrictive'],
        columns: ['easing', 'steady', 'tightening'],
        marked: cell.posture && cell.pulse ? { row: cell.posture, column: cell.pulse } : null,
        note: `The marked cell is where dollar liquidity sat on the lens' latest data${lens.dataAsOf ? ` (${formatDate(lens.dataAsOf)})` : ''}; each reading below gives the date of its own data.`,
      },
      {
        kind: 'paragraph',
        inlines: [
          `Posture ${lens.synthesis.cell.posture ?? 'n/a'}, pulse ${lens.synthesis.cell.pulse ?? 'n/a'}; data as of ${lens.dataAsOf ? formatDate(lens.dataAsOf) : 'n/a'}. JSON: `,
          { text: `/api/lens?lang=${locale}`, href: `/api/lens?lang=${locale}` },
          '.',
        ],
      },
      ...axisBlocks(lens, dataDates(data)),
    );
  }
  return {
    path: lensPath(locale),
    title: 'Lens: quantity, price and structure',
    description: `The three-axis reading of US-dollar liquidity, narrated in ${LOCALE_NAMES[locale]}.`,
    blocks,
  };
}

/** Each indicator's latest data date and its age in words: "Oct 22, 2025 (1.1 years old)". */
function dataDates(data: SiteData): (id: string) => string {
  const today = data.generatedAt.slice(0, 10);
  const dates = new Map(data.indicators.map((i) => [i.def.id, i.freshness.dataDate]));
  return (id) => {
    const date = dates.get(id);
    return date ? `${formatDate(date)} (${formatAge(daysBetween(date, today))} old)` : '—';
  };
}

/**
 * The three axes as tables: each reading with the date of the data it is made of (the readings are not all of one
 * day), and each trend with its window, so "narrowing over 4 weeks" is not read as the last print's move.
 */
function axisBlocks(lens: LensBody, dataOf: (id: string) => string): Block[] {
  const q = lens.quantity;
  const p = lens.price;
  const s = lens.structure;
  const n = (x: number | null | undefined, unit = '') => (x === null || x === undefined ? 'n/a' : `${x}${unit}`);
  const weeks = Math.round(LENS_TIERING_TREND_DAYS / 7);
  return [
    { kind: 'heading', level: 2, text: 'Quantity: how many dollars', id: 'quantity' },
    {
      kind: 'table',
      caption: 'Quantity axis',
      header: ['Reading', 'Value', 'Data of'],
      rows: [
        [['Stance'], [q.stance ?? 'n/a'], [dataOf('net-liquidity')]],
        [['Net liquidity, 4-week flow'], [n(q.flow, ' USD bn')], [dataOf('net-liquidity')]],
        [['Net liquidity percentile (5 years)'], [n(q.dial)], [dataOf('net-liquidity')]],
        [
          ['Reserves + ON RRP, share of bank assets'],
          [`${n(q.bufferPct, ' %')} (${q.bufferState ?? 'n/a'})`],
          [dataOf('reserve-buffer')],
        ],
      ],
    },
    { kind: 'heading', level: 2, text: 'Price: what dollars cost', id: 'price' },
    {
      kind: 'table',
      caption: 'Price axis',
      header: ['Reading', 'Value', 'Data of'],
      rows: [
        [
          ['2-year yield minus effective fed funds'],
          [`${n(p.pathSpreadBps, ' bps')} (${p.pathPricing ?? 'n/a'})`],
          [lens.dataAsOf ? formatDate(lens.dataAsOf) : '—'],
        ],
        [
          ['10-year real yield'],
          [`${n(p.realYieldPct, ' %')}, ${p.realYieldTrend ?? 'n/a'} (${n(p.realYieldTrendPp, ' pp')} over 3 months)`],
          [dataOf('real-yield-10y')],
        ],
        [
          ['10-year term premium'],
          [`${n(p.termPremiumPct, ' %')} (${p.termPremiumLevel ?? 'n/a'}, ${p.termPremiumTrend ?? 'n/a'})`],
          [lens.dataAsOf ? formatDate(lens.dataAsOf) : '—'],
        ],
      ],
    },
    { kind: 'heading', level: 2, text: 'Structure: where the dollars sit', id: 'structure' },
    {
      kind: 'table',
      caption: 'Structure axis',
      header: ['Reading', 'Value', 'Data of'],
      rows: [
        [
          ['Treasury cash (TGA), 4-week flow'],
          [`${n(s.tgaFlow, ' USD bn')} (${s.fiscalPulse ?? 'n/a'})`],
          [dataOf('tga')],
        ],
        [['ON RRP balance'], [`${n(s.rrpBalanceB, ' USD bn')} (${s.rrpBufferState ?? 'n/a'})`], [dataOf('onrrp')]],
        [
          ['Commercial paper minus T-bill'],
          [
            `${n(s.cpTbillTiering.spreadBps, ' bps')} (${s.cpTbillTiering.state}; ${s.cpTbillTiering.direction} over ${weeks} weeks${s.cpTbillTiering.trendBps === null ? '' : `, ${signed(s.cpTbillTiering.trendBps)} bps`})`,
          ],
          [dataOf('cp-tbill-spread')],
        ],
        [
          ['Bank cash buffer gap'],
          [
            `${n(s.bankCashTiering.gapPp, ' pp')} (${s.bankCashTiering.state}; ${s.bankCashTiering.direction} over ${weeks} weeks${s.bankCashTiering.trendPp === null ? '' : `, ${signed(s.bankCashTiering.trendPp)} pp`})`,
          ],
          [dataOf('bank-cash-buffer')],
        ],
      ],
    },
  ];
}
