/** The locales the narrative is written in, and how language tags map onto them. */
export const LOCALES = ['en', 'zh', 'zh-Hant', 'ja', 'ko', 'es', 'fr', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

export const INTL_TAG: Record<Locale, string> = {
  en: 'en-US',
  zh: 'zh-CN',
  'zh-Hant': 'zh-TW',
  ja: 'ja-JP',
  ko: 'ko-KR',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
};

/**
 * `lang` → one of the 8 narrative locales. Case-insensitive; `_` counts as `-`. Mapping of common tags:
 * en, en-* → en · zh, zh-Hans, zh-CN, zh-SG, zh-Hans-* → zh · zh-Hant, zh-TW, zh-HK, zh-MO, zh-Hant-* → zh-Hant ·
 * ja, ja-* → ja · ko, ko-* → ko · es, es-* → es · fr, fr-* → fr · de, de-* → de. Absent → en. Anything else
 * (including an empty or repeated value) is refused.
 */
export const LANG_MAPPING_TEXT =
  'Case-insensitive, "_" read as "-": en, en-* → en; zh, zh-Hans, zh-CN, zh-SG, zh-Hans-* → zh; zh-Hant, zh-TW, zh-HK, zh-MO, zh-Hant-* → zh-Hant; ja(-*), ko(-*), es(-*), fr(-*), de(-*) → ja, ko, es, fr, de.';

export function resolveLocale(tag: string): Locale | undefined {
  const parts = tag.trim().replaceAll('_', '-').toLowerCase().split('-');
  if (parts.some((p) => !/^[a-z0-9]{1,8}$/.test(p))) return undefined;
  const [language, ...rest] = parts;
  if (language === 'zh') {
    const [second] = rest;
    if (second === undefined || ['hans', 'cn', 'sg'].includes(second)) return 'zh';
    return ['hant', 'tw', 'hk', 'mo'].includes(second) ? 'zh-Hant' : undefined;
  }
  return LOCALES.find((l) => l === language);
}
