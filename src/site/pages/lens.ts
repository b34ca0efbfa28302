import { LENS_TIERING_TREND_DAYS, type LensBody } from '../../publish/resources/lens.ts';
import { daysBetween } from '../../timeseries/dates.ts';
import { numberFormat } from '../../timeseries/intl-formats.ts';
import { LOCALES, type Locale } from '../../timeseries/locales.ts';
import { localAge, localDate } from '../local-dates.ts';
import { type Block, heading, type Page, paragraph } from '../page/page.ts';
import type { SiteData } from '../site-data.ts';
import { lensWord, lensWords } from '../words/lens.ts';

function signed(x: number, locale: Locale): string {
  // Signed by what is shown: a value that rounds to zero at three decimals is ±0, never −0.
  const shown = Math.round(Math.abs(x) * 1000) === 0 ? 0 : x;
  return `${shown > 0 ? '+' : shown < 0 ? '−' : '±'}${numberFormat(locale, 0, 3).format(Math.abs(x))}`;
}

/** Each locale in its own language, for the language links. */
const LOCALE_NAMES: Record<Locale, string> = {
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
 * /lens and /lens/{locale}: the three-axis lens — quantity, price, structure — in the chosen language: the narrative
 * (the lens' own writer), the grid, the tables and their state words (words/lens.ts), dates and ages by Intl; the
 * site's frame (navigation, banner, footer) follows the page's language (words/frame.ts).
 */
export function lensPage(data: SiteData, locale: Locale): Page {
  const lens = data.lenses.get(locale);
  const w = lensWords(locale);
  const date = localDate(locale);
  const blocks: Block[] = [
    {
      kind: 'links',
      label: w.languages,
      items: LOCALES.map((l) => ({ text: LOCALE_NAMES[l], href: lensPath(l), current: l === locale, lang: l })),
    },
  ];
  if (!lens) {
    blocks.push(paragraph('The lens has not been computed yet.'));
  } else {
    const cell = lens.synthesis.cell;
    const asOf = lens.dataAsOf ? date(lens.dataAsOf) : 'n/a';
    const word = (x: string | null | undefined) => lensWord(locale, x);
    blocks.push(
      { kind: 'quote', lang: locale, text: lens.synthesis.narrative },
      {
        kind: 'matrix',
        caption: w.matrixCaption,
        rows: ['supportive', 'neutral', 'restrictive'].map(word),
        columns: ['easing', 'steady', 'tightening'].map(word),
        marked: cell.posture && cell.pulse ? { row: word(cell.posture), column: word(cell.pulse) } : null,
        note: w.matrixNote(asOf),
        corner: w.matrixCorner,
        current: w.current,
      },
      paragraph(`${w.summary(word(cell.posture), word(cell.pulse), asOf)} JSON: `, {
        text: `/api/lens?lang=${locale}`,
        href: `/api/lens?lang=${locale}`,
      }),
      ...axisBlocks(lens, dataDates(data, locale), locale),
    );
  }
  return {
    path: lensPath(locale),
    title: w.title,
    description: `The three-axis reading of US-dollar liquidity, narrated in ${LOCALE_NAMES[locale]}.`,
    blocks,
    ...(locale === 'en' ? {} : { lang: locale }),
  };
}

/**
 * A reading's data date and its age in the page's locale ("Oct 22, 2025 (13 months ago)"): by the series it is
 * read from, or by its own date.
 */
interface DataDates {
  ofSeries(id: string): string;
  ofDay(day: string | null): string;
}

function dataDates(data: SiteData, locale: Locale): DataDates {
  const today = data.generatedAt.slice(0, 10);
  const date = localDate(locale);
  // The lens also reads series that are not indicators (the 2-year yield, the term premium): their dates are the
  // health's, so no row borrows the lens' newest date for data that is older.
  const dates = new Map<string, string | null>(data.health.sources.map((s) => [s.seriesId, s.latestDate]));
  for (const i of data.indicators) dates.set(i.def.id, i.freshness.dataDate);
  const ofDay = (day: string | null | undefined) =>
    day ? `${date(day)} (${localAge(locale, daysBetween(day, today))})` : '—';
  return { ofSeries: (id) => ofDay(dates.get(id)), ofDay };
}

/**
 * The three axes as tables: each reading with the date of the data it is made of (the readings are not all of one
 * day), and each trend with its window, so "narrowing over 4 weeks" is not read as the last print's move.
 */
function axisBlocks(lens: LensBody, { ofSeries: dataOf, ofDay }: DataDates, locale: Locale): Block[] {
  const w = lensWords(locale);
  const word = (x: string | null | undefined) => lensWord(locale, x);
  const q = lens.quantity;
  const p = lens.price;
  const s = lens.structure;
  const n = (x: number | null | undefined, unit = '') =>
    x === null || x === undefined ? 'n/a' : `${numberFormat(locale, 0, 3).format(x)}${unit}`;
  const over = w.overWeeks(Math.round(LENS_TIERING_TREND_DAYS / 7));
  // An axis under its heading, its table captioned by the heading's first words ("Quantity").
  const axis = (id: keyof typeof w.headings, rows: Array<[string, string, string]>): Block[] => [
    heading(2, w.headings[id], id),
    {
      kind: 'table',
      caption: w.headings[id].split(/[:：]/)[0]!,
      header: [...w.columns],
      rows: rows.map(([label, value, of]) => [[label], [value], [of]]),
    },
  ];
  return [
    ...axis('quantity', [
      [w.rows.stance, word(q.stance), dataOf('net-liquidity')],
      [w.rows.flow, n(q.flow, ' USD bn'), dataOf('net-liquidity')],
      [w.rows.dial, n(q.dial), dataOf('net-liquidity')],
      [w.rows.buffer, `${n(q.bufferPct, ' %')} (${word(q.bufferState)})`, dataOf('reserve-buffer')],
    ]),
    ...axis('price', [
      // The spread is dated by the 2-year yield: EFFR is read as of that day (analytics/lens/price.ts).
      [w.rows.path, `${n(p.pathSpreadBps, ' bps')} (${word(p.pathPricing)})`, dataOf('treasury-2y')],
      [
        w.rows.realYield,
        `${n(p.realYieldPct, ' %')}, ${word(p.realYieldTrend)} (${n(p.realYieldTrendPp, ' pp')} ${w.over3Months})`,
        dataOf('real-yield-10y'),
      ],
      [
        w.rows.termPremium,
        `${n(p.termPremiumPct, ' %')} (${word(p.termPremiumLevel)}, ${word(p.termPremiumTrend)})`,
        dataOf('term-premium-10y'),
      ],
    ]),
    ...axis('structure', [
      [
        w.rows.tga,
        `${n(s.tgaFlow, ' USD bn')} (${s.fiscalPulse && locale !== 'en' ? word(`fiscal-${s.fiscalPulse}`) : word(s.fiscalPulse)})`,
        dataOf('tga'),
      ],
      [w.rows.rrp, `${n(s.rrpBalanceB, ' USD bn')} (${word(s.rrpBufferState)})`, dataOf('onrrp')],
      [
        w.rows.cpTbill,
        `${n(s.cpTbillTiering.spreadBps, ' bps')} (${word(s.cpTbillTiering.state)}; ${word(s.cpTbillTiering.direction)} ${over}${s.cpTbillTiering.trendBps === null ? '' : `, ${signed(s.cpTbillTiering.trendBps, locale)} bps`})`,
        // The tiering readings carry their own dates (a spread whose inputs stopped is as old as they are).
        ofDay(s.cpTbillTiering.dataAsOf),
      ],
      [
        w.rows.bankCash,
        `${n(s.bankCashTiering.gapPp, ' pp')} (${word(s.bankCashTiering.state)}; ${word(s.bankCashTiering.direction)} ${over}${s.bankCashTiering.trendPp === null ? '' : `, ${signed(s.bankCashTiering.trendPp, locale)} pp`})`,
        ofDay(s.bankCashTiering.dataAsOf),
      ],
    ]),
  ];
}
