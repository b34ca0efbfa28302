import { dateFormat, numberFormat } from '../../../timeseries/intl-formats.ts';
import { INTL_TAG, type Locale } from '../../../timeseries/locales.ts';
import type { Lens } from '../lens.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { ja } from './ja.ts';
import { ko } from './ko.ts';
import type { Facts, Fmt, Writer } from './writer.ts';
import { zh } from './zh.ts';
import { zhHant } from './zh-hant.ts';

/**
 * The lens narrative: two to four sentences that explain the posture × pulse cell from the axes' actual
 * readings (numbers and dates), written per locale as a native reader expects — not word-for-word copies.
 * Sentences whose readings are missing are left out; nothing is invented.
 */
const WRITERS: Record<Locale, Writer> = { en, zh, 'zh-Hant': zhHant, ja, ko, es, fr, de };

/** A locale's lens words as the narrative writes them (posture, pulse, buffer states…), for pages to use the same. */
export function narrativeLabels(locale: Locale): Readonly<Record<string, string>> {
  return WRITERS[locale].labels;
}

export function narrative(lens: Lens, locale: Locale, flowDate: string | null): string {
  const writer = WRITERS[locale];
  const tag = INTL_TAG[locale];
  const fmt: Fmt = {
    num: (value, digits = 1) => numberFormat(tag, digits, digits).format(value),
    abs: (value, digits = 1) => numberFormat(tag, digits, digits).format(Math.abs(value)),
    yi: (billions) => numberFormat(tag, 0, 0).format(Math.abs(billions) * 10),
    date: (iso) => dateFormat(tag, 'long').format(new Date(`${iso}T00:00:00Z`)),
    l: (key) => (key === null ? '' : (writer.labels[key] ?? key)),
  };
  const facts: Facts = { ...lens.synthesis.cell, ...lens.quantity, ...lens.price, ...lens.structure, flowDate };
  const sentences: string[] = [];
  if (facts.posture && facts.pulse) sentences.push(writer.cell(fmt.l(facts.posture), fmt.l(facts.pulse)));
  if (facts.flow !== null && facts.dial !== null && facts.flowDate) sentences.push(writer.quantity(facts, fmt));
  if (facts.pathSpreadBps !== null && facts.pathPricing) sentences.push(writer.price(facts, fmt));
  if (facts.tgaFlow !== null || facts.rrpBalanceB !== null) sentences.push(capitalize(structure(writer, facts, fmt)));
  if (sentences.length < 2) sentences.push(writer.limited);
  return sentences
    .slice(0, 4)
    .join(locale === 'en' || locale === 'es' || locale === 'fr' || locale === 'de' || locale === 'ko' ? ' ' : '');
}

/** The structure sentence: the TGA's flow and the ON RRP's balance (those that read), then the funding stress. */
function structure(writer: Writer, f: Facts, n: Fmt): string {
  const parts = [f.tgaFlow !== null ? writer.tga(f, n) : null, f.rrpBalanceB !== null ? writer.rrp(f, n) : null];
  return parts.filter(Boolean).join(writer.and) + (f.dominantFundingLeg ? writer.funding(f, n) : writer.fullStop);
}

function capitalize(sentence: string): string {
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
