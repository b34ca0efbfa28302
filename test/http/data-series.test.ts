import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isIndicatorId } from '../../src/timeseries/catalog.ts';
import { licenseOf } from '../../src/timeseries/licenses.ts';
import { CATALOG } from '../../src/timeseries/series.ts';
import { validatedHarness } from '../support/validated-harness.ts';

const REPRODUCIBLE = CATALOG.filter((def) => licenseOf(def).redistribution === 'full');
const RESTRICTED = CATALOG.filter((def) => licenseOf(def).redistribution !== 'full');

/**
 * Every series we may redistribute is downloadable (issue 42, point 2): any catalog id at /api/data/{id} (JSON,
 * CSV, xlsx) with /api/series/{id}'s windows, transforms and provenance, while /api/series/{id} keeps the
 * contract's 25 ids and its 404; the many-series downloads take any such id; drivers link to their series; a
 * restricted series says why it is not offered.
 */
describe('/api/data/{id}: every series of the catalog', () => {
  const setup = validatedHarness();

  it('every reproducible series answers JSON and CSV with its values, provenance and licence', async () => {
    assert.ok(REPRODUCIBLE.length >= 45 && RESTRICTED.length >= 1);
    for (const def of REPRODUCIBLE) {
      const res = await setup.h.app.inject(`/api/data/${def.id}?days=4000`);
      assert.equal(res.statusCode, 200, `${def.id}: ${res.body.slice(0, 200)}`);
      const body = res.json();
      assert.deepEqual(setup.validator.validate('/api/data/{id}', 200, body), [], def.id);
      assert.ok(body.data.length > 0, `${def.id} has values`);
      assert.equal(body.meta.id, def.id);
      assert.equal(body.meta.unit, def.unit);
      assert.equal(body.provenance.inputs.length > 0, true, `${def.id} says where it comes from`);
      const csv = await setup.h.app.inject(`/api/data/${def.id}.csv?days=4000`);
      assert.equal(csv.statusCode, 200, def.id);
      const rows = csv.body.trimEnd().split('\r\n');
      assert.deepEqual(
        rows.slice(1),
        body.data.map((p: { date: string; value: number }) => `${p.date},${p.value}`),
        def.id,
      );
      if (isIndicatorId(def.id))
        assert.equal(res.body, (await setup.h.app.inject(`/api/series/${def.id}?days=4000`)).body, 'the same answer');
    }
  });

  it('/api/series/{id} keeps its 25 ids: a model input is 404 there, with a hint naming its own path', async () => {
    const res = await setup.h.app.inject('/api/series/effr-iorb');
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().error.code, 'unknown_series');
    assert.match(res.json().error.hint, /\/api\/data\/effr-iorb/);
    const unknown = await setup.h.app.inject('/api/data/nope');
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().error.code, 'unknown_series');
    assert.match(unknown.json().error.hint, /\/api\/series/);
  });

  it('the same transforms, windows, order and point in time as /api/series/{id}', async () => {
    const pc1 = (await setup.h.app.inject('/api/data/reserve-ratio?units=chg&frequency=m&start=2024-01-01')).json();
    assert.deepEqual(setup.validator.validate('/api/data/{id}', 200, pc1), []);
    assert.equal(pc1.meta.transform.units, 'chg');
    assert.equal(pc1.meta.frequency, 'monthly');
    assert.ok(pc1.data.length > 6 && pc1.data[0].date >= '2024-01-01');
    const desc = (await setup.h.app.inject('/api/data/effr-iorb?sort=desc&limit=3')).json().data;
    const asc = (await setup.h.app.inject('/api/data/effr-iorb?days=4000')).json().data;
    assert.deepEqual(desc, asc.slice(-3).reverse());
    const csv = await setup.h.app.inject({ url: '/api/data/fed-repo?days=30', headers: { accept: 'text/csv' } });
    assert.equal(csv.headers['content-type'], 'text/csv; charset=utf-8; header=present');
    assert.equal(csv.body, (await setup.h.app.inject('/api/data/fed-repo.csv?days=30')).body);
    const before = await setup.h.app.inject('/api/data/sofr?asOf=2000-01-01');
    assert.equal(before.json().error.code, 'not_known_as_of');
  });

  it('workbooks and many-series downloads take any reproducible id', async () => {
    const xlsx = await setup.h.app.inject('/api/data/effr-iorb.xlsx?days=60');
    assert.equal(xlsx.statusCode, 200);
    assert.equal(xlsx.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const set = await setup.h.app.inject('/api/series.csv?ids=effr-iorb,reserve-ratio,fed-repo,tga&days=60');
    assert.equal(set.statusCode, 200);
    assert.equal(set.body.split('\r\n')[0], 'date,effr-iorb_bps,reserve-ratio_percent,fed-repo_usd_bn,tga_usd_bn');
    const json = (await setup.h.app.inject('/api/series.json?ids=sofr,effr&days=30')).json();
    assert.deepEqual(setup.validator.validate('/api/series.json', 200, json), []);
    assert.deepEqual(json.ids, ['sofr', 'effr']);
    const book = await setup.h.app.inject('/api/series.xlsx?ids=treasury-10y,treasury-2y&days=30');
    assert.equal(book.statusCode, 200);
  });

  it('a restricted series says why its values are not offered', async () => {
    for (const def of RESTRICTED) {
      const json = (await setup.h.app.inject(`/api/data/${def.id}`)).json();
      assert.deepEqual(json.data, [], `${def.id}: statistics only`);
      assert.equal(json.meta.license.redistribution, 'statistics-only');
      for (const url of [`/api/data/${def.id}.csv`, `/api/data/${def.id}.xlsx`, `/api/series.csv?ids=tga,${def.id}`]) {
        const res = await setup.h.app.inject(url);
        assert.equal(res.json().error.code, 'values_withheld', url);
        assert.match(res.json().error.message, /terms forbid it/, url);
      }
    }
    const catalog = (await setup.h.app.inject('/api/series')).json();
    const ig = catalog.series.find((s: { id: string }) => s.id === 'ig-spread');
    assert.equal(ig.csvUrl, null);
    assert.match(ig.withheld, /forbid reproducing the values/);
    for (const entry of catalog.series) {
      const path = new URL(entry.url).pathname;
      assert.equal((await setup.h.app.inject(path)).statusCode, 200, `the catalog's url of ${entry.id}`);
    }
  });

  it('every driver of /api/regime links to its series, model inputs included', async () => {
    const regime = (await setup.h.app.inject('/api/regime')).json();
    assert.deepEqual(setup.validator.validate('/api/regime', 200, regime), []);
    assert.ok(regime.drivers.length > 0);
    for (const driver of regime.drivers) {
      const path = new URL(driver.url).pathname;
      assert.equal(
        path,
        isIndicatorId(driver.indicatorId) ? `/api/series/${driver.indicatorId}` : `/api/data/${driver.indicatorId}`,
      );
      assert.equal((await setup.h.app.inject(path)).statusCode, 200, driver.url);
    }
  });
});
