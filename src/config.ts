import { DEFAULT_HTTP_POLICY } from './providers/http-client.ts';
import type { ProviderConfig } from './providers/providers.ts';

/** Every setting the service reads, from the environment, with its default. Documented in the README. */
export interface Config {
  port: number;
  host: string;
  /** Public base URL used in links, the OpenAPI `servers` and error `docs` URLs. */
  baseUrl: string;
  /** `sqlite:<path>` (default, embedded) or a `postgres://` URL. */
  databaseUrl: string;
  logLevel: string;
  /** Refresh on start when the last successful refresh is older than this, then on `refreshCron`. */
  refreshMaxAgeMs: number;
  refreshCron: string;
  refreshOnStart: boolean;
  /** JSON array of {name, url, relation} for the snapshot's partnerSites; default: the data providers. */
  partnerSitesJson: string | undefined;
  /** How often every process checks the publication log (the fallback to LISTEN/NOTIFY). */
  publicationPollMs: number;
  /** How often a process tries to become the refresh leader (PostgreSQL advisory lock). */
  leaderCheckMs: number;
  /** Per-IP request limit per minute; 0 (the default) turns rate limiting off. */
  rateLimitPerMinute: number;
  providers: ProviderConfig;
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const port = int(env.PORT, 8080);
  const host = env.HOST ?? '0.0.0.0';
  return {
    port,
    host,
    baseUrl: (env.BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL ?? 'sqlite:./data/usd-liquidity.sqlite',
    logLevel: env.LOG_LEVEL ?? 'info',
    refreshMaxAgeMs: int(env.REFRESH_MAX_AGE_HOURS, 6) * 3_600_000,
    refreshCron: env.REFRESH_CRON ?? '0 0 */6 * * *',
    refreshOnStart: env.REFRESH_ON_START !== 'false',
    partnerSitesJson: env.PARTNER_SITES || undefined,
    publicationPollMs: int(env.PUBLICATION_POLL_MS, 5_000),
    leaderCheckMs: int(env.LEADER_CHECK_MS, 5_000),
    rateLimitPerMinute: int(env.RATE_LIMIT_PER_MINUTE, 0),
    providers: {
      fredCsvBaseUrl: trim(env.FRED_BASE_URL ?? 'https://fred.stlouisfed.org'),
      fredApiBaseUrl: trim(env.FRED_API_BASE_URL ?? 'https://api.stlouisfed.org'),
      fredApiKey: env.FRED_API_KEY || undefined,
      treasuryBaseUrl: trim(env.TREASURY_BASE_URL ?? 'https://api.fiscaldata.treasury.gov/services/api/fiscal_service'),
      nyfedBaseUrl: trim(env.NYFED_BASE_URL ?? 'https://markets.newyorkfed.org'),
      pricesBaseUrl: trim(env.PRICES_BASE_URL ?? 'https://query1.finance.yahoo.com'),
      http: {
        timeoutMs: int(env.PROVIDER_TIMEOUT_MS, DEFAULT_HTTP_POLICY.timeoutMs),
        retries: int(env.PROVIDER_RETRIES, DEFAULT_HTTP_POLICY.retries),
        backoffMs: int(env.PROVIDER_BACKOFF_MS, DEFAULT_HTTP_POLICY.backoffMs),
        maxRetryAfterMs: DEFAULT_HTTP_POLICY.maxRetryAfterMs,
      },
      fredMinIntervalMs: int(env.FRED_MIN_INTERVAL_MS, 500),
      maxConcurrentPerProvider: int(env.PROVIDER_CONCURRENCY, 2),
    },
  };
}

function int(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`configuration: "${raw}" is not a non-negative integer`);
  return value;
}

function trim(url: string): string {
  return url.replace(/\/+$/, '');
}
