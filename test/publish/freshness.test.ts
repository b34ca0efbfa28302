import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { plainError, seriesFreshness, sourceOf } from '../../src/publish/freshness.ts';
import type { SeriesRefreshState } from '../../src/store/runs.ts';
import { seriesDef } from '../../src/timeseries/catalog.ts';

const ok = (seriesId: string): SeriesRefreshState => ({
  seriesId,
  source: 'x',
  lastAttemptAt: '2026-11-21T12:00:00Z',
  lastStatus: 'ok',
  lastError: null,
  lastErrorKind: null,
  lastSuccessAt: '2026-11-21T12:00:00Z',
});

/** Issue 13, finding 4: freshness (and meta.source) follow the whole input tree, however deep. */
describe('freshness follows the input tree', () => {
  it('Treasury down: tga-dts failed, so tga (built from it) and net-liquidity (built from tga) are fallback', () => {
    const states = new Map(
      ['tga-dts', 'tga-wednesday', 'tga', 'fed-balance-sheet', 'onrrp', 'net-liquidity'].map((id) => [id, ok(id)]),
    );
    states.set('tga-dts', { ...ok('tga-dts'), lastStatus: 'error', lastError: 'HTTP 503', lastErrorKind: 'http' });
    const fresh = (id: string) => seriesFreshness(seriesDef(id)!, '2026-11-20', states, '2026-11-21');
    assert.equal(sourceOf(fresh('tga-dts').state), 'fallback');
    assert.equal(sourceOf(fresh('tga').state), 'fallback');
    assert.equal(sourceOf(fresh('net-liquidity').state), 'fallback', 'two levels down');
    assert.match(
      fresh('net-liquidity').error ?? '',
      /its input tga failed: its input tga-dts failed: the provider answered with an error \(HTTP 503\)/,
    );
    assert.equal(sourceOf(fresh('fed-balance-sheet').state), 'fresh', 'a sibling is unaffected');
  });
});

describe('a failed connection, in plain words', () => {
  it('names the cause a reader can act on: DNS (offline, a proxy), refused, timed out, no route', () => {
    const words = (lastError: string) => plainError({ lastErrorKind: 'network', lastError });
    assert.match(
      words('fred:WALCL fed-balance-sheet: request failed: ENOTFOUND'),
      /could not be resolved \(DNS\).*offline.*proxy/,
    );
    assert.match(words('request failed: EAI_AGAIN'), /\(DNS\)/);
    assert.equal(words('request failed: ECONNREFUSED'), 'the connection to the provider was refused');
    assert.equal(words('request failed: UND_ERR_CONNECT_TIMEOUT'), 'the connection to the provider timed out');
    assert.match(words('request failed: ENETUNREACH'), /no route/);
    assert.equal(words('request failed: something else'), 'the provider could not be reached');
    assert.equal(
      plainError({ lastErrorKind: 'timeout', lastError: 'no complete response within 30000 ms' }),
      'the provider did not answer in time',
    );
  });
});
