import type { Publication } from '../publish/publication/build.ts';
import { type HealthBody, PROVIDERS_UNREACHABLE } from '../publish/resources/health.ts';
import { INDICATOR_COUNT, isIndicatorId, providerName, seriesDef } from '../timeseries/catalog.ts';
import { daysBetween, isoDate } from '../timeseries/dates.ts';
import type { Banner } from './page/page.ts';
import { formatAge, formatDate } from './site-data.ts';
import { frameWords } from './words/frame.ts';

/**
 * The banner every page shows when the service is degraded or its data stale: what is wrong, how old the data
 * is, and why (from /api/health, so the site and the API say the same thing). None when all is well.
 */
export function bannerFor(publication: Publication): Banner | undefined {
  const health = publication.health.body;
  if (health.status === 'ok') return undefined;
  const failing = failingSummary(health.sources);
  const failed = failedSeries(health.sources);
  // Offline (a DNS failure, refused, timed out): health's own words — which providers, why, what is served, and
  // when the next try is — before anything about the reading's age.
  const unreachable = health.reasons.find((reason) => reason.startsWith(PROVIDERS_UNREACHABLE));
  if (unreachable) {
    const rest = health.reasons.filter((reason) => reason !== unreachable).join(' ');
    return {
      tone: health.status === 'down' ? 'bad' : 'warn',
      title: `${PROVIDERS_UNREACHABLE}.`,
      text: `${unreachable.slice(PROVIDERS_UNREACHABLE.length).replace(/^ \((.*?)\): /, '$1: ')}${rest ? ` ${rest}` : ''}`,
    };
  }
  if (health.status === 'down') {
    const run = health.lastRefresh;
    const text =
      run?.status === 'failed' || run?.status === 'partial'
        ? `The first refresh ${run.status === 'failed' ? 'failed' : 'stored nothing usable'} (${formatTime(run.finishedAt)})${failing ? `: ${failing}` : ''}. It is retried automatically.`
        : 'The first refresh has not finished yet; the pages fill in as soon as it has.';
    return { tone: 'bad', title: 'No data yet.', text };
  }
  const reading = health.reading;
  if (reading?.state === 'last-good') {
    return {
      tone: 'bad',
      title: 'Showing the last good reading.',
      text: `The latest recompute failed. ${reading.reason ?? ''}`.trim(),
    };
  }
  if (reading?.state === 'stale') {
    // How old the data is: the newest day the model scored, which may be a provisional day after the reading's.
    const dataTo = publication.history?.body.to || reading.date;
    const age = daysBetween(dataTo, isoDate(new Date(publication.builtAt)));
    // Two different things, said apart: the providers have not published (nothing we can do) and our refresh
    // failed (named per series, so a failing benchmark is not mistaken for one of the indicators).
    const failures = health.sources.filter((s) => s.lastStatus === 'error').length;
    const w = frameWords('en').banner;
    return {
      tone: 'warn',
      title: w.dataTo(formatDate(dataTo), `${formatAge(age)} old`),
      text: `${w.noNewer}${failures ? ` ${w.refreshFailed(failures)}` : ''}`,
      ...(failures ? { more: { summary: w.which, text: `${failed}.` } } : {}),
      stale: { date: dataTo, ageDays: age, failures },
    };
  }
  if (!reading) return { tone: 'warn', title: 'No reading yet.', text: health.reasons.join(' ') };
  return {
    tone: 'warn',
    title: 'Some sources are failing.',
    text: `Our refresh failed for ${failed}. The last good values are shown and marked failed.`,
  };
}

/**
 * The series whose last refresh failed, by name, each with its provider and the failure in a word or two.
 * Example: "Standing repo facility usage (New York Fed: no data) and Nasdaq-100, outside the 25 indicators (FRED:
 * HTTP 404)".
 */
export function failedSeries(sources: HealthBody['sources']): string {
  const items = sources
    .filter((s) => s.lastStatus === 'error')
    .map((s) => {
      const def = seriesDef(s.seriesId);
      const name = def?.name ?? s.seriesId;
      const outside = isIndicatorId(s.seriesId) ? '' : `, outside the ${INDICATOR_COUNT} indicators`;
      const provider = providerName(s.provider);
      return `${name}${outside} (${provider}: ${shortCause(s.errorKind, s.lastError)})`;
    });
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function shortCause(kind: string | null, error: string | null): string {
  const http = error?.match(/HTTP (\d{3})/);
  if (http) return `HTTP ${http[1]}`;
  if (kind === 'empty') return 'no data';
  if (kind === 'network') return 'unreachable';
  return error ?? 'failed';
}

/** "FRED: the provider could not be reached (12 series); U.S. Treasury Fiscal Data: …" */
function failingSummary(sources: HealthBody['sources']): string {
  const failing = sources.filter((s) => s.lastStatus === 'error');
  // Each provider named once, with its first failing series' error.
  const byProvider = Map.groupBy(failing, (s) => providerName(s.provider));
  return [...byProvider]
    .map(([name, series]) => `${name}: ${series[0]!.lastError ?? 'failed'} (${series.length} series)`)
    .join('; ');
}

function formatTime(iso: string | null): string {
  return iso ? `${formatDate(iso)} ${iso.slice(11, 16)} UTC` : 'time unknown';
}
