import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';
import { openApiValidator } from '../support/openapi-validator.ts';

type Point = { date: string; value: number; zScore?: number };

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** FRED's units and frequency over HTTP (issue 31): JSON, CSV and many series, checked against the plain series. */
describe('FRED-style units and frequency on the series endpoints', () => {
  let h: Harness;
  let validator: ReturnType<typeof openApiValidator>;
  const whole = async (id: string) =>
    (await h.app.inject(`/api/series/${id}?sort=asc&limit=100000`)).json().data as Point[];
  before(async () => {
    h = await createRefreshedHarness();
    validator = openApiValidator((await h.app.inject('/openapi.json')).json());
  });
  after(() => h.close());

  it('units=pc1 on a monthly series: each month over the same month a year back, in percent, without z-scores', async () => {
    const m2 = await whole('m2');
    const res = await h.app.inject('/api/series/m2?units=pc1');
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.deepEqual(validator.validate('/api/series/{id}', 200, body), []);
    const last = m2.at(-1)!;
    const yearAgo = m2.find((p) => p.date === `${Number(last.date.slice(0, 4)) - 1}${last.date.slice(4)}`)!;
    assert.deepEqual(body.data.at(-1), { date: last.date, value: round6((last.value / yearAgo.value - 1) * 100) });
    // The whole history by default (the first year has no year-ago value).
    assert.equal(body.data.length, m2.length - 12);
    assert.equal(
      body.data.some((p: Point) => 'zScore' in p),
      false,
    );
    assert.deepEqual(
      { ...body.meta.transform, description: undefined },
      {
        units: 'pc1',
        frequency: null,
        aggregation: null,
        valueUnit: 'percent',
        unitLabel: 'percent change from a year ago',
        valueFrequency: 'monthly',
        seriesUnit: 'usd_billions',
        seriesFrequency: 'monthly',
        observationsPerYear: 12,
        description: undefined,
      },
    );
    assert.equal(body.meta.transform.description, 'Percent change from a year ago of monthly values');
  });

  it('frequency=m&aggregation=eop on a daily series: each covered month’s last value, dated the 1st', async () => {
    const tga = await whole('tga');
    const body = (await h.app.inject('/api/series/tga?frequency=m&aggregation=eop&days=400')).json();
    assert.deepEqual(validator.validate('/api/series/{id}', 200, body), []);
    assert.ok(body.data.length >= 11);
    for (const point of body.data as Point[]) {
      const month = tga.filter((p) => p.date.startsWith(point.date.slice(0, 7)));
      assert.equal(point.date.slice(8), '01');
      assert.equal(point.value, month.at(-1)!.value);
    }
    // A month the series has not finished is not given.
    const lastMonth = tga.at(-1)!.date.slice(0, 7);
    const lastDay = new Date(Date.UTC(Number(lastMonth.slice(0, 4)), Number(lastMonth.slice(5)), 0));
    const finished = lastDay.toISOString().slice(0, 10) <= tga.at(-1)!.date;
    assert.equal(body.data.at(-1).date.slice(0, 7) === lastMonth, finished);
  });

  it('frequency then units, as FRED: chg of weekly averages of a daily series (ending Friday)', async () => {
    const weekly = (await h.app.inject('/api/series/tga?frequency=w&days=60')).json().data as Point[];
    const changes = (await h.app.inject('/api/series/tga?frequency=w&units=chg&days=60')).json().data as Point[];
    const byDate = new Map(weekly.map((p) => [p.date, p.value]));
    let compared = 0;
    for (const change of changes.slice(1)) {
      const previous = new Date(`${change.date}T00:00:00Z`);
      previous.setUTCDate(previous.getUTCDate() - 7);
      const before = byDate.get(previous.toISOString().slice(0, 10));
      if (before !== undefined) assert.equal(change.value, round6(byDate.get(change.date)! - before));
      if (before !== undefined) compared += 1;
      assert.equal(new Date(`${change.date}T00:00:00Z`).getUTCDay(), 5);
    }
    assert.ok(compared >= 5, `compared ${compared} weeks`);
  });

  it('the CSV answers the same values, the transform in the column name as FRED’s (WALCL_PC1)', async () => {
    const json = (await h.app.inject('/api/series/m2?units=pc1&sort=desc&limit=5')).json().data as Point[];
    const csv = (await h.app.inject('/api/series/m2.csv?units=pc1&sort=desc&limit=5')).body.trimEnd().split('\r\n');
    // Percent values under a percent header (issue 42: they were under value_usd_bn_pc1).
    assert.equal(csv[0], 'date,value_percent_pc1');
    assert.deepEqual(
      csv.slice(1),
      json.map((p) => `${p.date},${p.value}`),
    );
    const accept = await h.app.inject({
      url: '/api/series/m2?units=pc1&sort=desc&limit=5',
      headers: { accept: 'text/csv' },
    });
    assert.equal(accept.body, (await h.app.inject('/api/series/m2.csv?units=pc1&sort=desc&limit=5')).body);
    const monthly = (await h.app.inject('/api/series/tga.csv?frequency=m&aggregation=sum')).body.split('\r\n')[0];
    assert.equal(monthly, 'date,value_usd_bn_m_sum');
  });

  it('many series at once: the transform applies to each, at its own frequency, aligned on dates', async () => {
    const set = await h.app.inject('/api/series.csv?ids=tga,fed-balance-sheet&frequency=m&units=pch');
    assert.equal(set.statusCode, 200);
    const [header, ...rows] = set.body.trimEnd().split('\r\n');
    assert.equal(header, 'date,tga_percent_pch_m_avg,fed-balance-sheet_percent_pch_m_avg');
    const single = (await h.app.inject('/api/series/tga?frequency=m&units=pch')).json().data as Point[];
    for (const point of single) assert.ok(rows.some((row) => row.startsWith(`${point.date},${point.value},`)));
    const json = (await h.app.inject('/api/series.json?ids=tga,m2&units=pc1')).json();
    assert.deepEqual(validator.validate('/api/series.json', 200, json), []);
    assert.deepEqual(json.units, ['percent', 'percent']);
    assert.deepEqual(
      json.transform.map((t: { observationsPerYear: number }) => t.observationsPerYear),
      [260, 12],
    );
  });

  it('refuses what FRED refuses, naming the parameter', async () => {
    const error = async (url: string) => {
      const res = await h.app.inject(url);
      return [res.statusCode, res.json().error?.code, res.json().error?.message];
    };
    assert.deepEqual((await error('/api/series/tga?units=yoy')).slice(0, 2), [400, 'invalid_parameter']);
    assert.match((await error('/api/series/tga?units=yoy'))[2], /"units"/);
    assert.match((await error('/api/series/tga?aggregation=sum'))[2], /needs "frequency"/);
    assert.match((await error('/api/series/m2?frequency=w'))[2], /"m2" is monthly/);
    assert.match((await error('/api/series.csv?ids=tga,m2&frequency=wew'))[2], /"m2" is monthly/);
    assert.match((await error('/api/series/tga.csv?units=pc1&units=chg'))[2], /"units"/);
  });

  it('the MCP get_series tool takes the same parameters', async () => {
    const rpc = (id: number, method: string, params?: object) =>
      h.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        payload: { jsonrpc: '2.0', id, method, ...(params ? { params } : {}) },
      });
    const list = await rpc(1, 'tools/list');
    const tool = list.json().result.tools.find((t: { name: string }) => t.name === 'get_series');
    assert.deepEqual(tool.inputSchema.properties.units.enum, [
      'lin',
      'chg',
      'ch1',
      'pch',
      'pc1',
      'pca',
      'cch',
      'cca',
      'log',
    ]);
    assert.deepEqual(tool.inputSchema.properties.frequency.enum, ['w', 'wef', 'wew', 'm', 'q', 'a']);
    const call = await rpc(2, 'tools/call', {
      name: 'get_series',
      arguments: { id: 'm2', units: 'pc1', sort: 'desc', limit: 1 },
    });
    const result = call.json().result;
    assert.equal(result.isError, undefined);
    const http = (await h.app.inject('/api/series/m2?units=pc1&sort=desc&limit=1')).json();
    assert.deepEqual(result.structuredContent.data, http.data);
    // Without a window or a limit, the tool answers a year (a whole daily history is over a client's cap).
    const bounded = await rpc(3, 'tools/call', { name: 'get_series', arguments: { id: 'tga', units: 'chg' } });
    const year = (await h.app.inject('/api/series/tga?units=chg&days=365')).json().data;
    assert.deepEqual(bounded.json().result.structuredContent.data, year);
    assert.ok(year.length < (await h.app.inject('/api/series/tga?units=chg')).json().data.length);
  });
});
