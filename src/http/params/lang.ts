import { LOCALES, type Locale, resolveLocale } from '../../timeseries/locales.ts';
import { truncate } from '../errors/api-error.ts';
import type { ParamResult } from './days.ts';
import { QUERY_PARAMETERS } from './query.ts';

/** Parses `lang` (see LANG_MAPPING_TEXT in the locales module for the tags accepted). */
export function parseLang(raw: unknown): ParamResult<Locale> {
  const hint = `lang must be one of ${LOCALES.join(', ')} (default en), or a common tag for them such as en-US, zh-CN, zh-TW, zh-Hant, ja-JP; given once.`;
  if (raw === undefined) return { ok: true, value: QUERY_PARAMETERS.lang.default as Locale };
  if (Array.isArray(raw)) return { ok: false, message: `Parameter "lang" was given ${raw.length} times.`, hint };
  const locale = resolveLocale(String(raw));
  if (!locale)
    return { ok: false, message: `Unsupported value for parameter "lang": "${truncate(String(raw))}".`, hint };
  return { ok: true, value: locale };
}
