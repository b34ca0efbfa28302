import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from '../src/config.ts';

/**
 * A valid value of every documented variable, as the README documents it, and what it must configure. The README's
 * REFRESH_MAX_AGE_HOURS=6 stopped every start once (a number variable read as a string): every variable is
 * started with a valid value here, not only refused with malformed ones.
 */
const SHIPPED_SNAPSHOT = fileURLToPath(new URL('../bootstrap/', import.meta.url));

const VALID: Record<string, [string, (c: ReturnType<typeof loadConfig>) => unknown, unknown]> = {
  PORT: ['9090', (c) => c.port, 9090],
  HOST: ['127.0.0.1', (c) => c.host, '127.0.0.1'],
  BASE_URL: ['https://liquidity.example.org/', (c) => c.baseUrl, 'https://liquidity.example.org'],
  DATABASE_URL: ['sqlite:./data/x.sqlite', (c) => c.databaseUrl, 'sqlite:./data/x.sqlite'],
  LOG_LEVEL: ['warn', (c) => c.logLevel, 'warn'],
  REFRESH_CRON: ['0 30 */4 * * *', (c) => c.refreshCron, '0 30 */4 * * *'],
  REFRESH_MAX_AGE_HOURS: ['6', (c) => c.refreshMaxAgeMs, 6 * 3_600_000],
  REFRESH_ON_START: ['false', (c) => c.refreshOnStart, false],
  REFRESH_RETRY_MINUTES: ['1, 5,15', (c) => c.refreshRetryMs, [60_000, 300_000, 900_000]],
  FRED_API_KEY: ['abcdefghij0123456789abcdefghij01', (c) => c.providers.fredApiKey, 'abcdefghij0123456789abcdefghij01'],
  FRED_BASE_URL: ['http://127.0.0.1:9/', (c) => c.providers.fredCsvBaseUrl, 'http://127.0.0.1:9'],
  FRED_API_BASE_URL: ['http://127.0.0.1:9', (c) => c.providers.fredApiBaseUrl, 'http://127.0.0.1:9'],
  TREASURY_BASE_URL: ['http://127.0.0.1:9', (c) => c.providers.treasuryBaseUrl, 'http://127.0.0.1:9'],
  NYFED_BASE_URL: ['http://127.0.0.1:9', (c) => c.providers.nyfedBaseUrl, 'http://127.0.0.1:9'],
  PRICES_BASE_URL: ['http://127.0.0.1:9', (c) => c.providers.pricesBaseUrl, 'http://127.0.0.1:9'],
  PROVIDER_TIMEOUT_MS: ['5000', (c) => c.providers.http.timeoutMs, 5000],
  PROVIDER_MAX_BODY_MB: ['8', (c) => c.providers.http.maxBodyBytes, 8 * 1024 * 1024],
  REFRESH_BUDGET_SECONDS: ['120', (c) => c.refreshBudgetMs, 120_000],
  PROVIDER_RETRIES: ['2', (c) => c.providers.http.retries, 2],
  PROVIDER_BACKOFF_MS: ['250', (c) => c.providers.http.backoffMs, 250],
  FRED_MIN_INTERVAL_MS: ['1000', (c) => c.providers.fredMinIntervalMs, 1000],
  PROVIDER_CONCURRENCY: ['4', (c) => c.providers.maxConcurrentPerProvider, 4],
  PARTNER_SITES: [
    '[{"name":"FRED","url":"https://fred.stlouisfed.org","relation":"data-source"}]',
    (c) => c.partnerSitesJson !== undefined,
    true,
  ],
  PUBLICATION_POLL_MS: ['2000', (c) => c.publicationPollMs, 2000],
  LEADER_CHECK_MS: ['3000', (c) => c.leaderCheckMs, 3000],
  RATE_LIMIT_PER_MINUTE: ['1200', (c) => c.rateLimitPerMinute, 1200],
  TRUSTED_PROXIES: ['127.0.0.1, 10.0.0.0/8,fd00::/8', (c) => c.trustedProxies, ['127.0.0.1', '10.0.0.0/8', 'fd00::/8']],
  BOOTSTRAP_SNAPSHOT: [SHIPPED_SNAPSHOT, (c) => c.bootstrapSnapshot, SHIPPED_SNAPSHOT],
};

describe('loadConfig', () => {
  it('has a valid example for every documented variable', () => {
    assert.deepEqual(Object.keys(VALID).sort(), [...CONFIG_VARIABLES].sort());
  });

  for (const [name, [value, read, expected]] of Object.entries(VALID)) {
    it(`accepts ${name}="${value}" and uses it`, () => {
      assert.deepEqual(read(loadConfig({ [name]: value })), expected);
    });
  }

  it('BOOTSTRAP_SNAPSHOT: the shipped one by default, off, or a folder that holds a manifest', () => {
    assert.equal(loadConfig({}).bootstrapSnapshot, SHIPPED_SNAPSHOT);
    assert.equal(loadConfig({ BOOTSTRAP_SNAPSHOT: 'off' }).bootstrapSnapshot, undefined);
    assert.throws(
      () => loadConfig({ BOOTSTRAP_SNAPSHOT: '/nonexistent/snapshot' }),
      /BOOTSTRAP_SNAPSHOT="\/nonexistent\/snapshot" is not accepted: no manifest.json in that folder/,
    );
  });

  it('REFRESH_MAX_AGE_HOURS takes fractions of an hour and refuses negatives and words', () => {
    assert.equal(loadConfig({ REFRESH_MAX_AGE_HOURS: '0.5' }).refreshMaxAgeMs, 1_800_000);
    assert.throws(() => loadConfig({ REFRESH_MAX_AGE_HOURS: '-1' }), ConfigError);
    assert.throws(() => loadConfig({ REFRESH_MAX_AGE_HOURS: 'six' }), ConfigError);
  });

  it('reads integers written in plain decimal digits, and defaults what is unset or empty', () => {
    const config = loadConfig({ PORT: ' 9090 ', PROVIDER_RETRIES: '0', REFRESH_BUDGET_SECONDS: '', LOG_LEVEL: 'warn' });
    assert.equal(config.port, 9090);
    assert.equal(config.providers.http.retries, 0);
    assert.equal(config.refreshBudgetMs, 600_000);
    assert.equal(config.logLevel, 'warn');
  });

  it('TRUSTED_PROXIES: refuses an entry that is no address or range, naming it', () => {
    assert.equal(loadConfig({}).trustedProxies.length, 0);
    assert.throws(
      () => loadConfig({ TRUSTED_PROXIES: '127.0.0.1,proxy.internal' }),
      /^ConfigError: TRUSTED_PROXIES="127\.0\.0\.1,proxy\.internal" is not accepted: "proxy\.internal" is not an IP address or CIDR range; expected a comma-separated list/,
    );
    assert.throws(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/33' }), /"10\.0\.0\.0\/33" has an impossible prefix/);
  });

  // A general-purpose conversion would truncate "1.5" to 1 or read "1e3" and "0x10" as numbers: each is refused.
  for (const [name, value] of [
    ['FRED_MIN_INTERVAL_MS', '1.5'],
    ['PORT', '1e3'],
    ['PORT', '0x10'],
    ['PORT', '80a'],
    ['PROVIDER_RETRIES', 'true'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
  ] as const) {
    it(`refuses ${name}="${value}", naming the variable and the accepted forms`, () => {
      assert.throws(
        () => loadConfig({ [name]: value }),
        (error: Error) =>
          error instanceof ConfigError && error.message.startsWith(`${name}="${value}" is not accepted: expected `),
      );
    });
  }
});
