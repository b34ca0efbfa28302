import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { INDICATOR_IDS } from '../../src/timeseries/series.ts';
import { BASE_URL, createHarness, createRefreshedHarness, type Harness } from '../support/harness.ts';
import { openApiValidator } from '../support/openapi-validator.ts';

describe('GET /api/series/{id}', () => {
  let h: Harness;
  let validator: ReturnType<typeof openApiValidator>;
  before(async () => {
    h = await createRefreshedHarness();
    validator = openApiValidator((await h.app.inject('/openapi.json')).json());
  });
  after(() => h.close());

  it('serves every one of the 25 ids, valid against the served OpenAPI document', async () => {
    for (const id of INDICATOR_IDS) {
      const res = await h.app.inject(`/api/series/${id}`);
      assert.equal(res.statusCode, 200, id);
      assert.deepEqual(validator.validate('/api/series/{id}', 200, res.json()), [], id);
    }
  });

  it("carries each series' upstream licence; restricted ICE values are withheld, their statistics served", async () => {
    for (const id of INDICATOR_IDS) {
      const { meta, data } = (await h.app.inject(`/api/series/${id}`)).json();
      assert.ok(meta.license.url.startsWith('https://') && meta.license.attribution.length > 10, id);
      if (meta.license.terms === 'restricted') {
        assert.equal(meta.license.redistribution, 'statistics-only', id);
        assert.deepEqual(data, [], `${id}: no value reproduced`);
      } else assert.ok(data.length > 0, id);
    }
    const hy = (await h.app.inject('/api/series/hy-spread?days=4000')).json();
    assert.equal(hy.meta.license.terms, 'restricted');
    assert.ok(Number.isInteger(hy.meta.percentile));
    assert.match(hy.meta.license.url, /fred\.stlouisfed\.org\/series\/BAMLH0A0HYM2/);
    const chart = await h.app.inject('/charts/hy-spread.svg');
    assert.equal(chart.statusCode, 451);
    assert.equal(chart.json().error.code, 'values_withheld');
    // Public domain and citation-required inputs are served with their attribution.
    assert.equal((await h.app.inject('/api/series/fed-balance-sheet')).json().meta.license.terms, 'public-domain');
    assert.equal((await h.app.inject('/api/series/vix')).json().meta.license.terms, 'citation-required');
    // A derived series takes the strictest terms of its inputs (ON RRP is NY Fed data, citation required).
    const net = (await h.app.inject('/api/series/net-liquidity')).json().meta.license;
    assert.equal(net.terms, 'citation-required');
    assert.match(net.attribution, /RRPONTSYD/);
  });

  it('returns data ascending with z-scores that reproduce from meta, and the contract headers', async () => {
    const res = await h.app.inject('/api/series/tga');
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.equal(res.headers['cache-control'], 'public, s-maxage=3600, stale-while-revalidate=21600');
    assert.match(String(res.headers.etag), /^"[^"]+"$/);
    const { data, meta } = res.json();
    const dates = data.map((p: { date: string }) => p.date);
    assert.deepEqual(dates, [...dates].sort());
    assert.equal(meta.lastAvailableDate, dates.at(-1));
    for (const point of data) {
      assert.ok(Math.abs(point.zScore - (point.value - meta.zScoreMean) / meta.zScoreStd) < 1e-3);
    }
    assert.ok(Number.isInteger(meta.percentile) && meta.percentile >= 0 && meta.percentile <= 100);
    assert.equal(meta.source, 'fresh');
    assert.equal(meta.unit, 'usd_billions');
  });

  it('days keeps the points within that many days up to the last observation (default 365)', async () => {
    const all = (await h.app.inject('/api/series/tga?days=4000')).json().data;
    const last = all.at(-1).date;
    const cutoff = (days: number) =>
      new Date(Date.parse(`${last}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    for (const days of [1, 7, 365]) {
      const data = (await h.app.inject(`/api/series/tga?days=${days}`)).json().data;
      assert.deepEqual(
        data,
        all.filter((p: { date: string }) => p.date >= cutoff(days)),
        `days=${days}`,
      );
    }
    assert.deepEqual(
      (await h.app.inject('/api/series/tga')).json(),
      (await h.app.inject('/api/series/tga?days=365')).json(),
    );
  });

  for (const bad of ['0', '4001', '-1', 'abc', '1.5', '1e3', '', '+5', '05', '%20', '0x10', '99999999999999999999']) {
    it(`days=${bad} → 400 invalid_parameter naming the parameter and value`, async () => {
      const res = await h.app.inject(`/api/series/tga?days=${bad}`);
      assert.equal(res.statusCode, 400);
      assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
      const body = res.json();
      assert.equal(body.error.code, 'invalid_parameter');
      assert.equal(body.status, 400);
      assert.match(body.error.message, /"days"/);
      assert.match(body.error.hint, /1 to 4000/);
      assert.equal(body.error.docs, `${BASE_URL}/docs#error-invalid_parameter`);
      assert.deepEqual(validator.validate('/api/series/{id}', 400, body), []);
    });
  }

  it('a repeated days parameter → 400', async () => {
    const res = await h.app.inject('/api/series/tga?days=30&days=60');
    assert.equal(res.statusCode, 400);
    assert.match(res.json().error.message, /given 2 times/);
  });

  it('an unknown id → 404 unknown_series naming the id, listing the valid ids and pointing to /api', async () => {
    const res = await h.app.inject('/api/series/tgaa');
    assert.equal(res.statusCode, 404);
    const body = res.json();
    assert.equal(body.error.code, 'unknown_series');
    assert.match(body.error.message, /"tgaa"/);
    for (const id of INDICATOR_IDS) assert.ok(body.error.hint.includes(id), id);
    assert.ok(body.error.hint.includes(`${BASE_URL}/api`));
    assert.deepEqual(validator.validate('/api/series/{id}', 404, body), []);
    assert.equal(res.headers['cache-control'], 'no-store');
  });

  it('ETag: If-None-Match answers 304 with no body; another days gives another tag', async () => {
    const first = await h.app.inject('/api/series/vix?days=30');
    const again = await h.app.inject({
      url: '/api/series/vix?days=30',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    assert.equal(again.headers.etag, first.headers.etag);
    const weak = await h.app.inject({
      url: '/api/series/vix?days=30',
      headers: { 'if-none-match': `"x", W/${first.headers.etag}` },
    });
    assert.equal(weak.statusCode, 304);
    const other = await h.app.inject('/api/series/vix?days=60');
    assert.notEqual(other.headers.etag, first.headers.etag);
  });

  it('HEAD gives the headers of GET without a body', async () => {
    const get = await h.app.inject('/api/series/m2');
    const head = await h.app.inject({ method: 'HEAD', url: '/api/series/m2' });
    assert.equal(head.statusCode, 200);
    assert.equal(head.body, '');
    assert.equal(head.headers.etag, get.headers.etag);
    assert.equal(head.headers['content-type'], get.headers['content-type']);
  });
});

describe('before any data is stored', () => {
  let h: Harness;
  before(async () => {
    h = await createHarness();
  });
  after(() => h.close());

  it('a known series answers 503 series_unavailable with Retry-After, never an empty 200', async () => {
    const res = await h.app.inject('/api/series/tga');
    assert.equal(res.statusCode, 503);
    assert.equal(res.json().error.code, 'series_unavailable');
    assert.equal(res.headers['retry-after'], '60');
  });
});
