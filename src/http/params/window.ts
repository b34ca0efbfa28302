import type { Parameter } from '../../publish/schemas/directory.ts';
import type { ChartQuery, ChartWindow } from '../../publish/site-port.ts';
import { INDICATOR_COUNT, isIndicatorId } from '../../timeseries/catalog.ts';
import { truncate } from '../errors/api-error.ts';
import { ABSENT, type ParamResult, parseDays } from './days.ts';
import { type DeclaredQuery, queryParameter } from './query.ts';

/** No window given (shared: see ABSENT). */
const NO_WINDOW: { readonly ok: true; readonly value: null } = Object.freeze({ ok: true, value: null });

const DATE_HINT = 'Dates are written YYYY-MM-DD, e.g. ?start=2020-01-01&end=2021-06-30.';

/** One calendar date given once, or undefined when absent. Example: "2024-02-30" is refused (no such day). */
export function parseDate(raw: string | string[] | undefined, name: string): ParamResult<string | undefined> {
  // An empty field is what a form sends for a date left blank: the same as absent.
  if (raw === undefined || raw === '') return ABSENT;
  if (Array.isArray(raw))
    return { ok: false, message: `Parameter "${name}" was given ${raw.length} times.`, hint: DATE_HINT };
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
  if (!date || date.toISOString().slice(0, 10) !== raw || date.getUTCFullYear() < 1900) {
    return { ok: false, message: `Invalid value for parameter "${name}": "${truncate(raw)}".`, hint: DATE_HINT };
  }
  return { ok: true, value: raw };
}

/**
 * The window of a chart or page: `days` (a trailing window), or `start` with an optional `end` (a date range),
 * never both; null when none is given. `start` after `end`, `end` without `start`, or `days` with either is one
 * invalid_parameter error naming the conflict.
 */
export function parseWindow(
  days: string | string[] | undefined,
  startRaw: string | string[] | undefined,
  endRaw: string | string[] | undefined,
): ParamResult<ChartWindow | null> {
  const start = parseDate(startRaw, 'start');
  if (!start.ok) return start;
  const end = parseDate(endRaw, 'end');
  if (!end.ok) return end;
  const hint =
    'Give either days (a trailing window) or start and optionally end (a date range), e.g. ?start=2020-01-01&end=2021-06-30.';
  if (start.value === undefined && end.value === undefined) {
    if (days === undefined) return NO_WINDOW;
    const parsed = parseDays(days);
    return parsed.ok ? { ok: true, value: { days: parsed.value } } : parsed;
  }
  if (days !== undefined)
    return { ok: false, message: 'Parameters "days" and "start"/"end" were given together.', hint };
  if (start.value === undefined) return { ok: false, message: 'Parameter "end" was given without "start".', hint };
  if (end.value !== undefined && end.value < start.value) {
    return { ok: false, message: `"start" (${start.value}) is after "end" (${end.value}).`, hint };
  }
  return { ok: true, value: { start: start.value, end: end.value ?? null } };
}

/** The series to compare with (`compare`): another of the indicator ids, or null. */
export function parseCompare(raw: string | string[] | undefined, id: string): ParamResult<string | null> {
  const hint = `compare is another of the ${INDICATOR_COUNT} series ids, e.g. ?compare=onrrp.`;
  if (raw === undefined || raw === '') return { ok: true, value: null };
  if (Array.isArray(raw)) return { ok: false, message: `Parameter "compare" was given ${raw.length} times.`, hint };
  if (!isIndicatorId(raw)) return { ok: false, message: `Unknown series for "compare": "${truncate(raw)}".`, hint };
  if (raw === id) return { ok: false, message: 'A series cannot be compared with itself.', hint };
  return { ok: true, value: raw };
}

export function parseChartQuery(query: DeclaredQuery, id: string, compare: boolean): ParamResult<ChartQuery> {
  const window = parseWindow(query.get('days'), query.get('start'), query.get('end'));
  if (!window.ok) return window;
  if (!compare) return { ok: true, value: { window: window.value, compare: null } };
  const other = parseCompare(query.get('compare'), id);
  if (!other.ok) return other;
  return { ok: true, value: { window: window.value, compare: other.value } };
}

/** The `start` and `end` query parameters (series, history). */
export const DATE_RANGE_PARAMETERS: Parameter[] = [queryParameter('start'), queryParameter('end')];

/**
 * `asOf`: a date (the end of that day, UTC) or an ISO 8601 date-time with a zone, normalized to
 * `YYYY-MM-DDTHH:mm:ss.sssZ`. Example: "2026-03-01" → "2026-03-01T23:59:59.999Z".
 */
export function parseAsOf(raw: string | string[] | undefined): ParamResult<string | undefined> {
  const hint =
    'asOf is a date (YYYY-MM-DD, the end of that day UTC) or a date-time with a zone, e.g. 2026-03-01T12:00:00Z.';
  if (raw === undefined || raw === '') return ABSENT;
  if (Array.isArray(raw)) return { ok: false, message: `Parameter "asOf" was given ${raw.length} times.`, hint };
  const date = parseDate(raw, 'asOf');
  if (date.ok && date.value) return { ok: true, value: `${date.value}T23:59:59.999Z` };
  // RFC 3339 with any fraction of a second (Python's isoformat() writes microseconds); T and Z in either case.
  const match = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/.test(raw);
  const time = Date.parse(raw);
  if (!match || Number.isNaN(time)) {
    return { ok: false, message: `Invalid value for parameter "asOf": "${truncate(raw)}".`, hint };
  }
  return { ok: true, value: new Date(time).toISOString() };
}

/** The `asOf` query parameter as documented for one resource; `answered` says where the answer names its instant. */
export const asOfParameter = (answered: string): Parameter => queryParameter('asOf', answered);

export const AS_OF_PARAMETER: Parameter = asOfParameter('meta.asOf says which instant was answered.');

/**
 * `asOf` on the model's resources (regime, history, lens): recomputed on demand with the current model, so that
 * answers for different instants stay comparable.
 */
export const MODEL_AS_OF_PARAMETER: Parameter = asOfParameter(
  'Recomputed with the current model (modelVersion) from the vintages seen by then; the asOf field gives the instant, the store’s first load and knowledgeAt (the newest vintage seen by then: every instant up to the next one answers alike). An instant after the current publication answers as of the publication; one before a day could be scored answers 404 not_known_as_of. Computed on demand off the serving thread; when two computations already run, 503 busy with Retry-After.',
);
