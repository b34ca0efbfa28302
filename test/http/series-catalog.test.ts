import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CATALOG, INDICATOR_IDS } from '../../src/timeseries/series.ts';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';
import { openApiValidator } from '../support/openapi-validator.ts';

type Entry = {
  id: string;
  provider: string;
  providerSeriesId: string | null;
  license: { terms: string; attribution: string; redistribution: string };
  lastDate: string | null;
  nextExpectedRelease: string | null;
  indicator: boolean;
  url: string;
  csvUrl: string | null;
  withheld: string | null;
};

describe('GET /api/series: the catalog', () => {
  let h: Harness;
  let validator: ReturnType<typeof openApiValidator>;
  before(async () => {
    h = await createRefreshedHarness();
    validator = openApiValidator((await h.app.inject('/openapi.json')).json());
  });
  after(() => h.close());

  it('lists every series — the 25 indicators and the inputs behind them — each with its terms', async () => {
    const res = await h.app.inject('/api/series');
    assert.equal(res.statusCode, 200);
    const body = res.json() as { count: number; series: Entry[] };
    assert.deepEqual(validator.validate('/api/series', 200, body), []);
    assert.equal(body.count, CATALOG.length);
    assert.deepEqual(
      body.series
        .filter((s) => s.indicator)
        .map((s) => s.id)
        .sort(),
      [...INDICATOR_IDS].sort(),
    );
    const nfci = body.series.find((s) => s.id === 'nfci')!;
    assert.equal(nfci.indicator, false);
    assert.ok(nfci.url.endsWith('/api/data/nfci'), 'a series outside the 25 is served at /api/data/{id}');
    assert.ok(nfci.csvUrl?.endsWith('/api/data/nfci.csv'));
    assert.equal(nfci.withheld, null);
    assert.equal(nfci.license.terms, 'citation-required');
    assert.match(nfci.license.attribution, /Chicago/);
    const tga = body.series.find((s) => s.id === 'tga')!;
    assert.ok(tga.url?.endsWith('/api/series/tga'));
    assert.ok(tga.csvUrl?.endsWith('/api/series/tga.csv'));
    assert.ok(tga.lastDate && tga.nextExpectedRelease && tga.nextExpectedRelease > tga.lastDate);
    const hy = body.series.find((s) => s.id === 'hy-spread')!;
    assert.equal(hy.license.redistribution, 'statistics-only');
    assert.equal(hy.csvUrl, null, 'no CSV of values whose terms forbid reproduction');
    assert.match(hy.withheld!, /forbid reproducing the values/, 'a restricted series says why it is not offered');
    const walcl = body.series.find((s) => s.providerSeriesId === 'WALCL')!;
    assert.equal(walcl.provider, 'fred');
  });

  it('q keeps the series matching every word, in id, name, description or provider id', async () => {
    const fiscal = (await h.app.inject('/api/series?q=treasury')).json() as { count: number; series: Entry[] };
    assert.ok(fiscal.count > 0 && fiscal.count < CATALOG.length);
    assert.ok(fiscal.series.some((s) => s.provider === 'treasury'));
    const byId = (await h.app.inject('/api/series?q=WALCL')).json() as { series: Entry[] };
    // The series fetched as WALCL, and the derived ones whose description names it (net liquidity less …).
    assert.equal(byId.series.filter((s) => s.providerSeriesId === 'WALCL').length, 1);
    assert.equal(byId.series[0]!.id, 'fed-balance-sheet');
    for (const s of byId.series) assert.match(JSON.stringify(s), /WALCL/i, s.id);
    const none = (await h.app.inject('/api/series?q=zzzz%20nothing')).json() as { count: number };
    assert.equal(none.count, 0);
    assert.equal((await h.app.inject(`/api/series?q=${'x'.repeat(101)}`)).statusCode, 400);
    assert.equal((await h.app.inject('/api/series?days=3')).json().error.code, 'unknown_parameter');
  });
});
