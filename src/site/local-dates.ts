import type { Locale } from '../timeseries/locales.ts';

/** A date in the locale's medium style: "Aug 26, 2026", "2026/08/26", "26 ago 2026". */
export function localDate(locale: Locale): (iso: string) => string {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return (iso) => format.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
}

/** How long ago, in the locale: "13 months ago", "13 か月前", "vor 13 Monaten". */
export function localAge(locale: Locale, days: number): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  if (days < 14) return format.format(-days, 'day');
  if (days < 60) return format.format(-Math.round(days / 7), 'week');
  if (days < 730) return format.format(-Math.round(days / 30.44), 'month');
  return format.format(-Math.round(days / 365.25), 'year');
}
