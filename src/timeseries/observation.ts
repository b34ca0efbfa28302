/** One dated value as every provider client returns it: `date` is YYYY-MM-DD, `value` in the provider's unit. */
export interface Observation {
  date: string;
  value: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date in YYYY-MM-DD form (rejects 2024-02-30, 2024-13-01, 24-1-1). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2200) return false;
  const parsed = new Date(Date.UTC(year, month - 1, day));
  return parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === day;
}

/** Missing-value markers the providers use: FRED CSV empty field, FRED JSON ".", Fiscal Data "null". */
export function isMissingMarker(raw: string | null | undefined): boolean {
  if (raw === null || raw === undefined) return true;
  const text = raw.trim();
  return text === '' || text === '.' || text === 'null' || text === 'NaN' || text === 'N/A';
}

/** Parses a decimal number written as text; returns undefined when it is not a finite plain number. */
export function parseDecimal(raw: string): number | undefined {
  const text = raw.trim();
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** Sorts ascending by date and keeps the last value given for a date (a provider repeating a date corrects it). */
export function normalizeObservations(observations: Observation[]): Observation[] {
  const byDate = new Map<string, number>();
  for (const obs of observations) byDate.set(obs.date, obs.value);
  return [...byDate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, value]) => ({ date, value }));
}
