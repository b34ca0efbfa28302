import { isoDate } from '../timeseries/dates.ts';
import type { Observation } from '../timeseries/observation.ts';
import type { SeriesDef } from '../timeseries/series.ts';
import { providerBreaker } from './circuit-breaker.ts';
import { fetchFredSeries } from './fred.ts';
import type { HttpPolicy, RequestContext, RetryNotice } from './http-client.ts';
import { fetchNyFedDataset } from './nyfed.ts';
import { oneValuePerDate } from './one-value-per-date.ts';
import { fetchDailyCloses } from './prices.ts';
import { ProviderError } from './provider-error.ts';
import { rateLimiter } from './rate-limiter.ts';
import { fetchTreasuryDataset } from './treasury.ts';

/** Where each provider is reached and how it is treated: read from the environment by src/config.ts. */
export interface ProviderConfig {
  fredCsvBaseUrl: string;
  fredApiBaseUrl: string;
  fredApiKey: string | undefined;
  treasuryBaseUrl: string;
  nyfedBaseUrl: string;
  pricesBaseUrl: string;
  http: HttpPolicy;
  /** Minimum spacing between FRED request starts (FRED enforces about 2 requests per second). */
  fredMinIntervalMs: number;
  maxConcurrentPerProvider: number;
}

/** One series as its provider returned it, in the provider's own unit, with what the parser had to report. */
export interface FetchedSeries {
  observations: Observation[];
  /** Rows the parser rejected, and why (shown in the refresh log and summary, never dropped silently). */
  notes: string[];
}

/** Fetches one catalog series from its provider. */
export interface Providers {
  fetchSeries(def: SeriesDef, now: Date, opts?: FetchOptions): Promise<FetchedSeries>;
}

export interface FetchOptions {
  /** Told of each retry as it is about to happen. */
  onRetry?: (notice: RetryNotice) => void;
  /** Aborts the fetch (the refresh's time budget). */
  signal?: AbortSignal;
  /**
   * Ask only for observations dated on or after this date (a routine refresh; ingest/refresh/read-window.ts). An answer with
   * no observation in the window is then valid: nothing was published since.
   */
  since?: string | undefined;
}

export function createProviders(config: ProviderConfig): Providers {
  // Each provider paces its own requests and has its own circuit breaker.
  const lane = (minIntervalMs: number) => ({
    limiter: rateLimiter({ minIntervalMs, maxConcurrent: config.maxConcurrentPerProvider }),
    breaker: providerBreaker(),
  });
  const lanes = { fred: lane(config.fredMinIntervalMs), treasury: lane(0), nyfed: lane(0), prices: lane(0) };
  return {
    async fetchSeries(def, now, opts = {}) {
      const source = def.source;
      if (!source) {
        throw new ProviderError({
          source: 'catalog',
          seriesId: def.id,
          kind: 'config',
          message: 'series has no provider source',
        });
      }
      const notes: string[] = [];
      const ctx: RequestContext = {
        source: sourceLabel(def),
        seriesId: def.id,
        ...lanes[source.provider],
        policy: config.http,
        notes,
        retryRateLimited: source.provider !== 'prices',
        onRetry: opts.onRetry,
        signal: opts.signal,
      };
      const answer = await fetchFromProvider(source, config, ctx, now, opts.since);
      // Every client's answer, one value per date: a date given two values refuses the answer (issue 41).
      const observations = oneValuePerDate(answer, { source: ctx.source, seriesId: def.id }, notes);
      return { observations, notes };
    },
  };
}

function fetchFromProvider(
  source: NonNullable<SeriesDef['source']>,
  config: ProviderConfig,
  ctx: RequestContext,
  now: Date,
  since: string | undefined,
): Promise<Observation[]> {
  switch (source.provider) {
    case 'fred':
      return fetchFredSeries(
        source.seriesId,
        { csvBaseUrl: config.fredCsvBaseUrl, apiBaseUrl: config.fredApiBaseUrl, apiKey: config.fredApiKey, since },
        ctx,
      );
    case 'treasury':
      return fetchTreasuryDataset(source.dataset, config.treasuryBaseUrl, ctx, since);
    case 'nyfed':
      return fetchNyFedDataset(
        source.dataset,
        {
          baseUrl: config.nyfedBaseUrl,
          startDate: since && since > source.startDate ? since : source.startDate,
          today: isoDate(now),
        },
        ctx,
      );
    case 'prices':
      return fetchDailyCloses(source.symbol, config.pricesBaseUrl, now, ctx, since);
  }
}

/** "fred:WALCL", "treasury:dts-tga", "nyfed:sofr", "prices:QQQ": how the refresh log names a source. */
export function sourceLabel(def: SeriesDef): string {
  const source = def.source;
  if (!source) return 'derived';
  const name =
    source.provider === 'fred' ? source.seriesId : source.provider === 'prices' ? source.symbol : source.dataset;
  return `${source.provider}:${name}`;
}
