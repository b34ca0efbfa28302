import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';
import { openApiValidator } from '../support/openapi-validator.ts';

/** Reads an RFC 4180 CSV of plain cells into rows (the service writes no quoted cells here). */
const rows = (body: string) =>
  body
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));

describe('several series in one call (/api/series.csv and .json)', () => {
  let h: Harness;
  let validator: ReturnType<typeof openApiValidator>;
  before(async () => {
    h = await createRefreshedHarness();
    validator = openApiValidator((await h.app.inject('/openapi.json')).json());
  });
  after(() => h.close());

  it('one wide CSV aligned on dates: each column is the series’ own CSV, empty where it has no value', async () => {
    const res = await h.app.inject('/api/series.csv?ids=tga,fed-balance-sheet&days=60');
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    const [header, ...body] = rows(res.body);
    assert.deepEqual(header, ['date', 'tga_usd_bn', 'fed-balance-sheet_usd_bn']);
    for (const [column, id] of [
      [1, 'tga'],
      [2, 'fed-balance-sheet'],
    ] as const) {
      const own = rows((await h.app.inject(`/api/series/${id}.csv?days=60`)).body).slice(1);
      const mine = body.filter((r) => r[column] !== '').map((r) => [r[0], r[column]]);
      assert.deepEqual(mine, own, id);
    }
    // The weekly series leaves the days between its Wednesdays empty.
    assert.ok(body.some((r) => r[1] !== '' && r[2] === ''));
    const dates = body.map((r) => r[0]!);
    assert.deepEqual(dates, [...dates].sort());
  });

  it('the same as JSON columns, with units and provenance, as the OpenAPI document says', async () => {
    const res = await h.app.inject('/api/series.json?ids=tga,fed-balance-sheet&days=60');
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.deepEqual(validator.validate('/api/series.json', 200, body), []);
    assert.deepEqual(body.ids, ['tga', 'fed-balance-sheet']);
    assert.deepEqual(body.units, ['usd_billions', 'usd_billions']);
    const csv = rows((await h.app.inject('/api/series.csv?ids=tga,fed-balance-sheet&days=60')).body).slice(1);
    assert.deepEqual(
      body.dates,
      csv.map((r) => r[0]),
    );
    assert.deepEqual(
      body.values.tga.map((v: number | null) => (v === null ? '' : String(v))),
      csv.map((r) => r[1]),
    );
    assert.ok(body.provenance.inputs.some((i: { id: string }) => i.id === 'fed-balance-sheet'));
  });

  it('refuses what it cannot answer, each with the envelope', async () => {
    const code = async (url: string) => (await h.app.inject(url)).json().error.code;
    assert.equal(await code('/api/series.csv'), 'invalid_parameter');
    assert.equal(await code('/api/series.csv?ids=tga,nope'), 'unknown_series');
    assert.equal(await code('/api/series.json?ids=tga,hy-spread'), 'values_withheld');
    assert.equal(await code('/api/series.csv?ids=tga&days=0'), 'invalid_parameter');
  });
});
