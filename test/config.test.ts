import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('loadConfig', () => {
  it('reads integers written in plain decimal digits, and defaults what is unset or empty', () => {
    const config = loadConfig({ PORT: ' 9090 ', PROVIDER_RETRIES: '0', REFRESH_BUDGET_SECONDS: '', LOG_LEVEL: 'warn' });
    assert.equal(config.port, 9090);
    assert.equal(config.providers.http.retries, 0);
    assert.equal(config.refreshBudgetMs, 600_000);
    assert.equal(config.logLevel, 'warn');
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
