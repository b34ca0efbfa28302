import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';

type Row = Record<string, string>;
const rowsOf = (text: string) => parse(text, { columns: true }) as Row[];

/** Data out: CSV by path or by Accept, date ranges beside days, and everything in one zip. */
describe('data out', () => {
  let h: Harness;
  before(async () => {
    h = await createRefreshedHarness();
  });
  after(() => h.close());

  it('the CSV of a series holds exactly its JSON, for a trailing window and for a date range', async () => {
    for (const query of ['days=90', 'days=4000', 'start=2025-01-01&end=2025-06-30']) {
      const json = (await h.app.inject(`/api/series/tga?${query}`)).json();
      const csv = await h.app.inject(`/api/series/tga.csv?${query}`);
      assert.equal(csv.statusCode, 200, query);
      assert.deepEqual(
        rowsOf(csv.body).map((r) => [r.date, Number(r.value_usd_bn)]),
        json.data.map((p: { date: string; value: number }) => [p.date, p.value]),
        query,
      );
    }
  });

  it('Accept: text/csv on the JSON URL answers the same CSV; both representations say Vary: Accept', async () => {
    const byAccept = await h.app.inject({ url: '/api/series/vix?days=30', headers: { accept: 'text/csv' } });
    const byPath = await h.app.inject('/api/series/vix.csv?days=30');
    assert.match(String(byAccept.headers['content-type']), /^text\/csv/);
    assert.equal(byAccept.body, byPath.body);
    assert.match(String(byAccept.headers.vary), /\bAccept\b/);
    const json = await h.app.inject({ url: '/api/series/vix?days=30', headers: { accept: 'application/json' } });
    assert.match(String(json.headers.vary), /\bAccept\b/);
    const anything = await h.app.inject({ url: '/api/series/vix?days=30', headers: { accept: '*/*' } });
    assert.match(String(anything.headers['content-type']), /^application\/json/);
    const history = await h.app.inject({ url: '/api/history', headers: { accept: 'text/csv' } });
    assert.match(history.body, /^date,headline_percentile_5y,status,confidence,aggregate_0_1,/);
  });

  it('start and end select dates on series and history; days with a range is one invalid_parameter', async () => {
    const series = (await h.app.inject('/api/series/vix?start=2025-03-01&end=2025-03-31')).json();
    assert.ok(series.data.length > 10);
    assert.ok(series.data.every((p: { date: string }) => p.date >= '2025-03-01' && p.date <= '2025-03-31'));
    const history = (await h.app.inject('/api/history?start=2025-03-01&end=2025-03-31')).json();
    assert.equal(history.count, history.dates.length);
    assert.ok(history.dates.every((d: string) => d >= '2025-03-01' && d <= '2025-03-31'));
    assert.equal(history.headline.length, history.count);
    const csv = rowsOf((await h.app.inject('/api/history.csv?start=2025-03-01&end=2025-03-31')).body);
    assert.deepEqual(
      csv.map((r) => r.date),
      history.dates,
    );
    for (const url of [
      '/api/series/vix?days=30&start=2025-01-01',
      '/api/series/vix?end=2025-01-01',
      '/api/history?start=2025-02-01&end=2025-01-01',
      '/api/series/vix?start=2025-02-30',
    ]) {
      const res = await h.app.inject(url);
      assert.equal(res.statusCode, 400, url);
      assert.equal(res.json().error.code, 'invalid_parameter', url);
    }
  });

  it('the bulk zip round-trips: its files equal the API’s series, history and model', async () => {
    const res = await h.app.inject('/api/bulk.zip');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/zip');
    assert.equal(Number(res.headers['content-length']), res.rawPayload.length);
    assert.ok(res.headers.etag);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    assert.deepEqual(Object.keys(files).sort(), ['README.txt', 'history.csv', 'model.json', 'observations.csv']);
    const observations = rowsOf(strFromU8(files['observations.csv']!));
    const vix = (await h.app.inject('/api/series/vix?days=4000')).json();
    const fromZip = observations.filter((r) => r.series_id === 'vix' && String(r.date) >= vix.data[0].date);
    assert.deepEqual(
      fromZip.map((r) => [r.date, Number(r.value), r.unit]),
      vix.data.map((p: { date: string; value: number }) => [p.date, p.value, 'index']),
    );
    assert.ok(!observations.some((r) => r.series_id === 'hy-spread'), 'withheld values stay out');
    assert.equal(strFromU8(files['history.csv']!), (await h.app.inject('/api/history.csv')).body);
    const model = (await h.app.inject('/api/model')).json();
    assert.deepEqual(JSON.parse(strFromU8(files['model.json']!)), model);
    assert.match(strFromU8(files['README.txt']!), /Licence: CC0/);
    const again = await h.app.inject({ url: '/api/bulk.zip', headers: { 'if-none-match': String(res.headers.etag) } });
    assert.equal(again.statusCode, 304);
  });
});
