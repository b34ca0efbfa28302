import type { Publication } from '../publish/publication.ts';
import { PROVIDERS_UNREACHABLE } from '../publish/resources/health.ts';
import { daysBetween, isoDate } from '../timeseries/dates.ts';
import type { Banner } from './page.ts';
import { formatDate } from './site-data.ts';

const PROVIDER_NAMES: Record<string, string> = {
  fred: 'FRED',
  treasury: 'U.S. Treasury',
  nyfed: 'New York Fed',
  prices: 'the chart source',
  derived: 'derived series',
};

/**
 * The banner every page shows when the service is degraded or its data stale: what is wrong, how old the data
 * is, and why (from /api/health, so the site and the API say the same thing). None when all is well.
 */
export function bannerFor(publication: Publication): Banner | undefined {
  const health = publication.health.body;
  if (health.status === 'ok') return undefined;
  const failing = failingSummary(health.sources);
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
    const age = daysBetween(reading.date, isoDate(new Date(publication.builtAt)));
    return {
      tone: 'warn',
      title: 'The data is stale.',
      text: `The latest reading describes ${formatDate(reading.date)}, ${age} days ago: no scored input has brought newer data since.${failing ? ` Failing: ${failing}.` : ' The providers have published nothing newer.'}`,
    };
  }
  if (!reading) return { tone: 'warn', title: 'No reading yet.', text: health.reasons.join(' ') };
  return {
    tone: 'warn',
    title: 'Some sources are failing.',
    text: `${failing}. The last good values are shown and marked failed.`,
  };
}

/** "FRED: the provider could not be reached (12 series); U.S. Treasury: …" */
function failingSummary(sources: ReadonlyArray<{ provider: string; lastStatus: string; lastError: string | null }>) {
  const byProvider = new Map<string, { error: string; count: number }>();
  for (const s of sources) {
    if (s.lastStatus !== 'error') continue;
    const name = PROVIDER_NAMES[s.provider.split(':')[0]!] ?? s.provider;
    const entry = byProvider.get(name) ?? { error: s.lastError ?? 'failed', count: 0 };
    entry.count++;
    byProvider.set(name, entry);
  }
  return [...byProvider].map(([name, { error, count }]) => `${name}: ${error} (${count} series)`).join('; ');
}

function formatTime(iso: string | null): string {
  return iso ? `${formatDate(iso)} ${iso.slice(11, 16)} UTC` : 'time unknown';
}
