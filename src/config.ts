import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { Cron } from 'croner';
import { literals } from './analytics/schemas/literals.ts';
import { parseProxyEntry } from './http/client-address.ts';
import { DEFAULT_REFRESH_CRON } from './ingest/scheduler.ts';
import { DEFAULT_HTTP_POLICY } from './providers/http-client.ts';
import type { ProviderConfig } from './providers/providers.ts';
import { parsePartnerSites } from './publish/content.ts';
import { errorMessage } from './timeseries/error-message.ts';

/** The snapshot shipped with the project (beside src/ and build/ alike). */
export const DEFAULT_SNAPSHOT_DIR = new URL('../bootstrap/', import.meta.url);

/**
 * A client address may make 600 requests a minute (10 a second on average, the whole minute at once if it likes):
 * a notebook reading every series and its history, or a browser loading the dashboard (~40 files) several times a
 * minute, stays well inside it; a loop hammering the service does not.
 */
const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;

const url = (description: string) => Type.String({ pattern: '^https?://[^\\s/]+', description });
const integer = (min: number, max: number, description: string) =>
  Type.Integer({ minimum: min, maximum: max, description });

/**
 * The environment variables, as a schema (validated by TypeBox's Value, integers read by `fromEnvironment`). Each
 * description says the accepted forms: it is what a malformed value's error shows.
 */
const EnvSchema = Type.Partial(
  Type.Object({
    PORT: integer(0, 65_535, 'a port number from 0 to 65535 (default 8080)'),
    HOST: Type.String({ pattern: '^\\S+$', description: 'a host name or address to listen on (default 0.0.0.0)' }),
    BASE_URL: url('an http:// or https:// URL (default http://localhost:$PORT)'),
    DATABASE_URL: Type.String({
      pattern: '^(sqlite:.+|postgres(ql)?://.+)$',
      description: 'sqlite:<path> (embedded, the default sqlite:./data/usd-liquidity.sqlite) or a postgres:// URL',
    }),
    LOG_LEVEL: literals(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      'one of fatal, error, warn, info, debug, trace, silent (default info)',
    ),
    REFRESH_CRON: Type.String({
      minLength: 1,
      description: 'a croner pattern with seconds, in UTC (default "0 0 */6 * * *")',
    }),
    REFRESH_MAX_AGE_HOURS: Type.Number({ minimum: 0, description: 'hours, a number ≥ 0 (default 6)' }),
    REFRESH_ON_START: literals(['true', 'false'], 'true or false (default true)'),
    REFRESH_RETRY_MINUTES: Type.String({
      pattern: '^\\s*\\d+(\\.\\d+)?(\\s*,\\s*\\d+(\\.\\d+)?)*\\s*$',
      description: 'a comma-separated list of minutes, e.g. 1,5,15,60 (the default); empty list not allowed',
    }),
    FRED_API_KEY: Type.String({
      pattern: '^[a-z0-9]{32}$',
      description: "FRED's 32-character lowercase alphanumeric key",
    }),
    FRED_BASE_URL: url('an http(s) URL (default https://fred.stlouisfed.org)'),
    FRED_API_BASE_URL: url('an http(s) URL (default https://api.stlouisfed.org)'),
    TREASURY_BASE_URL: url('an http(s) URL (default https://api.fiscaldata.treasury.gov/services/api/fiscal_service)'),
    NYFED_BASE_URL: url('an http(s) URL (default https://markets.newyorkfed.org)'),
    PRICES_BASE_URL: url('an http(s) URL (default https://query1.finance.yahoo.com)'),
    PROVIDER_TIMEOUT_MS: integer(100, 600_000, 'milliseconds, 100 to 600000 (default 30000)'),
    PROVIDER_MAX_BODY_MB: integer(1, 1024, 'megabytes, 1 to 1024 (default 32)'),
    REFRESH_BUDGET_SECONDS: integer(10, 86_400, 'seconds, 10 to 86400 (default 600)'),
    PROVIDER_RETRIES: integer(0, 10, 'a whole number of retries, 0 to 10 (default 3)'),
    PROVIDER_BACKOFF_MS: integer(0, 600_000, 'milliseconds, 0 to 600000 (default 1000)'),
    FRED_MIN_INTERVAL_MS: integer(0, 60_000, 'milliseconds between FRED requests, 0 to 60000 (default 1000)'),
    PROVIDER_CONCURRENCY: integer(1, 32, 'requests in flight per provider, 1 to 32 (default 2)'),
    PARTNER_SITES: Type.String({ description: 'a JSON array of {"name","url","relation"} objects' }),
    PUBLICATION_POLL_MS: integer(100, 3_600_000, 'milliseconds, 100 to 3600000 (default 5000)'),
    LEADER_CHECK_MS: integer(100, 3_600_000, 'milliseconds, 100 to 3600000 (default 5000)'),
    RATE_LIMIT_PER_MINUTE: integer(
      0,
      1_000_000_000,
      `requests per minute per client address, 0 to 1000000000; 0 turns it off (default ${DEFAULT_RATE_LIMIT_PER_MINUTE})`,
    ),
    TRUSTED_PROXIES: Type.String({
      minLength: 1,
      description:
        'a comma-separated list of the reverse proxies in front of the service, as IP addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8); default none',
    }),
    BOOTSTRAP_SNAPSHOT: Type.String({
      minLength: 1,
      description: "a folder holding manifest.json and snapshot.json.gz, or off (default: the project's bootstrap/)",
    }),
  }),
);

type Env = Static<typeof EnvSchema>;

/** Each variable's schema, by name: its type (for reading) and description (for the error). */
const PROPERTIES = EnvSchema.properties as Record<string, { type?: string; description?: string }>;

/** A configuration that cannot be used: the message names the variable, its value and the accepted forms. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Every setting the service reads, from the environment, with its default. Documented in the README. */
export type Config = ReturnType<typeof loadConfig>;

/**
 * Reads and validates the configuration. Unknown variables are ignored (the environment is shared); a known
 * variable with a malformed value stops the start with a ConfigError.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env) {
  const env = validate(source);
  const port = env.PORT ?? 8080;
  const refreshCron = env.REFRESH_CRON ?? DEFAULT_REFRESH_CRON;
  check('REFRESH_CRON', refreshCron, () => new Cron(refreshCron, { paused: true, timezone: 'UTC' }).stop());
  if (env.PARTNER_SITES) check('PARTNER_SITES', env.PARTNER_SITES, () => parsePartnerSites(env.PARTNER_SITES));
  const trustedProxies = (env.TRUSTED_PROXIES ?? '').split(',').flatMap((entry) => entry.trim() || []);
  if (env.TRUSTED_PROXIES)
    check('TRUSTED_PROXIES', env.TRUSTED_PROXIES, () => {
      for (const entry of trustedProxies) parseProxyEntry(entry);
    });
  const snapshot = env.BOOTSTRAP_SNAPSHOT;
  if (snapshot && snapshot !== 'off')
    check('BOOTSTRAP_SNAPSHOT', snapshot, () => {
      if (!existsSync(join(snapshot, 'manifest.json'))) throw new Error('no manifest.json in that folder');
    });
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    /** Public base URL used in links, the OpenAPI `servers` and error `docs` URLs. */
    baseUrl: trim(env.BASE_URL ?? `http://localhost:${port}`),
    databaseUrl: env.DATABASE_URL ?? 'sqlite:./data/usd-liquidity.sqlite',
    logLevel: env.LOG_LEVEL ?? 'info',
    /** Refresh on start when the last successful refresh is older than this, then on `refreshCron`. */
    refreshMaxAgeMs: (env.REFRESH_MAX_AGE_HOURS ?? 6) * 3_600_000,
    refreshCron,
    refreshOnStart: env.REFRESH_ON_START !== 'false',
    refreshRetryMs: (env.REFRESH_RETRY_MINUTES ?? '1,5,15,60').split(',').map((m) => Number(m.trim()) * 60_000),
    /** The longest a refresh may take: series still fetching then fail (kind `budget`) and the next refresh runs. */
    refreshBudgetMs: (env.REFRESH_BUDGET_SECONDS ?? 600) * 1000,
    /** JSON array of {name, url, relation} for the snapshot's partnerSites; default: the data providers. */
    partnerSitesJson: env.PARTNER_SITES || undefined,
    /** How often every process checks the publication log (the fallback to LISTEN/NOTIFY). */
    publicationPollMs: env.PUBLICATION_POLL_MS ?? 5_000,
    /** How often a process tries to become the refresh leader (PostgreSQL advisory lock). */
    leaderCheckMs: env.LEADER_CHECK_MS ?? 5_000,
    /** Requests per minute per client address (an IPv6 client by its /64); 0 turns rate limiting off. */
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
    trustedProxies,
    /** The folder of the bootstrap snapshot loaded into an empty store (ingest/bootstrap-snapshot.ts); undefined: none. */
    bootstrapSnapshot:
      env.BOOTSTRAP_SNAPSHOT === 'off' ? undefined : (env.BOOTSTRAP_SNAPSHOT ?? fileURLToPath(DEFAULT_SNAPSHOT_DIR)),
    providers: {
      fredCsvBaseUrl: trim(env.FRED_BASE_URL ?? 'https://fred.stlouisfed.org'),
      fredApiBaseUrl: trim(env.FRED_API_BASE_URL ?? 'https://api.stlouisfed.org'),
      fredApiKey: env.FRED_API_KEY || undefined,
      treasuryBaseUrl: trim(env.TREASURY_BASE_URL ?? 'https://api.fiscaldata.treasury.gov/services/api/fiscal_service'),
      nyfedBaseUrl: trim(env.NYFED_BASE_URL ?? 'https://markets.newyorkfed.org'),
      pricesBaseUrl: trim(env.PRICES_BASE_URL ?? 'https://query1.finance.yahoo.com'),
      http: {
        timeoutMs: env.PROVIDER_TIMEOUT_MS ?? DEFAULT_HTTP_POLICY.timeoutMs,
        retries: env.PROVIDER_RETRIES ?? DEFAULT_HTTP_POLICY.retries,
        backoffMs: env.PROVIDER_BACKOFF_MS ?? DEFAULT_HTTP_POLICY.backoffMs,
        maxRetryAfterMs: DEFAULT_HTTP_POLICY.maxRetryAfterMs,
        maxBodyBytes: (env.PROVIDER_MAX_BODY_MB ?? 32) * 1024 * 1024,
      },
      // FRED's robots.txt sets `Crawl-delay: 1` (../shared/reference/providers.md §a.1): one request a second.
      fredMinIntervalMs: env.FRED_MIN_INTERVAL_MS ?? 1_000,
      maxConcurrentPerProvider: env.PROVIDER_CONCURRENCY ?? 2,
    } satisfies ProviderConfig,
  };
}

/** The documented variables (the README's configuration table lists exactly these). */
export const CONFIG_VARIABLES = Object.keys(EnvSchema.properties);

function validate(source: Record<string, string | undefined>): Env {
  // Only the known variables, and an empty value counts as unset (as `FOO= npm start` means).
  const data = Object.fromEntries(
    CONFIG_VARIABLES.filter((name) => source[name] !== undefined && source[name] !== '').map((name) => [
      name,
      fromEnvironment(name, source[name]!),
    ]),
  );
  const error = Value.Errors(EnvSchema, data).First();
  if (!error) return data as Env;
  const name = error.path.replace(/^\//, '');
  const property = PROPERTIES[name];
  if (!property) throw new ConfigError(`configuration: ${error.message}`);
  throw new ConfigError(`${name}="${source[name]}" is not accepted: expected ${property.description}`);
}

/**
 * An environment value as the schema reads it: an integer variable's plain decimal digits (a number variable's
 * plain decimal notation) become a number; any other form stays a string, which the schema then refuses (so "1.5"
 * or "80a" stop the start instead of being truncated, as a general-purpose conversion would do). Why not
 * env-schema: its Ajv instance cost ~50 ms of every cold start (issue 13), for a dozen checks TypeBox's Value makes
 * without compiling.
 */
function fromEnvironment(name: string, value: string): string | number {
  const type = PROPERTIES[name]?.type;
  if (type === 'integer' && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  // A decimal variable (REFRESH_MAX_AGE_HOURS) takes plain decimal notation: "6", "0.5", "-1" (refused by its range).
  if (type === 'number' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return value;
}

function check(name: string, value: string, test: () => unknown) {
  try {
    test();
  } catch (error) {
    const description = PROPERTIES[name]?.description;
    throw new ConfigError(`${name}="${value}" is not accepted: ${errorMessage(error)}; expected ${description}`);
  }
}

function trim(value: string): string {
  return value.replace(/\/+$/, '');
}
