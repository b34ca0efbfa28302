import { LOCALES, type Locale } from '../analytics/narrative.ts';
import { type ParamResult, truncate } from './days-param.ts';

/**
 * `lang` → one of the 8 narrative locales. Case-insensitive; `_` counts as `-`. Mapping of common tags:
 * en, en-* → en · zh, zh-Hans, zh-CN, zh-SG, zh-Hans-* → zh · zh-Hant, zh-TW, zh-HK, zh-MO, zh-Hant-* → zh-Hant ·
 * ja, ja-* → ja · ko, ko-* → ko · es, es-* → es · fr, fr-* → fr · de, de-* → de. Absent → en. Anything else
 * (including an empty or repeated value) is refused.
 */
export const LANG_MAPPING_TEXT =
  'Case-insensitive, "_" read as "-": en, en-* → en; zh, zh-Hans, zh-CN, zh-SG, zh-Hans-* → zh; zh-Hant, zh-TW, zh-HK, zh-MO, zh-Hant-* → zh-Hant; ja(-*), ko(-*), es(-*), fr(-*), de(-*) → ja, ko, es, fr, de.';

export function parseLang(raw: unknown): ParamResult<Locale> {
  const hint = `lang must be one of ${LOCALES.join(', ')} (default en), or a common tag for them such as en-US, zh-CN, zh-TW, zh-Hant, ja-JP; given once.`;
  if (raw === undefined) return { ok: true, value: 'en' };
  if (Array.isArray(raw)) return { ok: false, message: `Parameter "lang" was given ${raw.length} times.`, hint };
  const locale = resolveLocale(String(raw));
  if (!locale)
    return { ok: false, message: `Unsupported value for parameter "lang": "${truncate(String(raw))}".`, hint };
  return { ok: true, value: locale };
}

export function resolveLocale(tag: string): Locale | undefined {
  const parts = tag.trim().replaceAll('_', '-').toLowerCase().split('-');
  if (parts.some((p) => !/^[a-z0-9]{1,8}$/.test(p))) return undefined;
  const [language, ...rest] = parts;
  if (language === 'zh') {
    if (rest.length === 0) return 'zh';
    const [second] = rest;
    if (second === 'hant' || second === 'tw' || second === 'hk' || second === 'mo') return 'zh-Hant';
    if (second === 'hans' || second === 'cn' || second === 'sg') return 'zh';
    return undefined;
  }
  const simple = LOCALES.find((l) => l === language);
  return simple;
}
