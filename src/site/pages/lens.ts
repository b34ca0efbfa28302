import type { LensBody } from '../../publish/resources/lens.ts';
import { LOCALES, type Locale } from '../../timeseries/locales.ts';
import type { Block, Page } from '../page.ts';
import { formatDate, type SiteData } from '../site-data.ts';

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
        note: 'The marked cell is where dollar liquidity sits now.',
      },
      {
        kind: 'paragraph',
        inlines: [
          `Posture ${lens.synthesis.cell.posture ?? 'n/a'}, pulse ${lens.synthesis.cell.pulse ?? 'n/a'}; data as of ${lens.dataAsOf ? formatDate(lens.dataAsOf) : 'n/a'}. JSON: `,
          { text: `/api/lens?lang=${locale}`, href: `/api/lens?lang=${locale}` },
          '.',
        ],
      },
      ...axisBlocks(lens),
    );
  }
  return {
    path: lensPath(locale),
    title: 'Lens: quantity, price and structure',
    description: `The three-axis reading of US-dollar liquidity, narrated in ${LOCALE_NAMES[locale]}.`,
    blocks,
  };
}

function axisBlocks(lens: LensBody): Block[] {
  const q = lens.quantity;
  const p = lens.price;
  const s = lens.structure;
  const n = (x: number | null | undefined, unit = '') => (x === null || x === undefined ? 'n/a' : `${x}${unit}`);
  return [
    { kind: 'heading', level: 2, text: 'Quantity: how many dollars', id: 'quantity' },
    {
      kind: 'table',
      caption: 'Quantity axis',
      header: ['Reading', 'Value'],
      rows: [
        [['Stance'], [q.stance ?? 'n/a']],
        [['Net liquidity, 4-week flow'], [n(q.flow, ' USD bn')]],
        [['Net liquidity percentile (5 years)'], [n(q.dial)]],
        [['Reserves + ON RRP, share of bank assets'], [`${n(q.bufferPct, ' %')} (${q.bufferState ?? 'n/a'})`]],
      ],
    },
    { kind: 'heading', level: 2, text: 'Price: what dollars cost', id: 'price' },
    {
      kind: 'table',
      caption: 'Price axis',
      header: ['Reading', 'Value'],
      rows: [
        [['2-year yield minus effective fed funds'], [`${n(p.pathSpreadBps, ' bps')} (${p.pathPricing ?? 'n/a'})`]],
        [
          ['10-year real yield'],
          [`${n(p.realYieldPct, ' %')}, ${p.realYieldTrend ?? 'n/a'} (${n(p.realYieldTrendPp, ' pp')} over 3 months)`],
        ],
        [
          ['10-year term premium'],
          [`${n(p.termPremiumPct, ' %')} (${p.termPremiumLevel ?? 'n/a'}, ${p.termPremiumTrend ?? 'n/a'})`],
        ],
      ],
    },
    { kind: 'heading', level: 2, text: 'Structure: where the dollars sit', id: 'structure' },
    {
      kind: 'table',
      caption: 'Structure axis',
      header: ['Reading', 'Value'],
      rows: [
        [['Treasury cash (TGA), 4-week flow'], [`${n(s.tgaFlow, ' USD bn')} (${s.fiscalPulse ?? 'n/a'})`]],
        [['ON RRP balance'], [`${n(s.rrpBalanceB, ' USD bn')} (${s.rrpBufferState ?? 'n/a'})`]],
        [
          ['Commercial paper minus T-bill'],
          [`${n(s.cpTbillTiering.spreadBps, ' bps')} (${s.cpTbillTiering.state}, ${s.cpTbillTiering.direction})`],
        ],
        [
          ['Bank cash buffer gap'],
          [`${n(s.bankCashTiering.gapPp, ' pp')} (${s.bankCashTiering.state}, ${s.bankCashTiering.direction})`],
        ],
      ],
    },
  ];
}
