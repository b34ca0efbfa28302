import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';
import { openApiValidator } from '../support/openapi-validator.ts';

type Point = { date: string; value: number };

describe('sort and limit on a series (FRED’s sort_order and limit)', () => {
  let h: Harness;
  let validator: ReturnType<typeof openApiValidator>;
  before(async () => {
    h = await createRefreshedHarness();
    validator = openApiValidator((await h.app.inject('/openapi.json')).json());
  });
  after(() => h.close());

  it('sort=desc&limit=N is the newest N, newest first, over the whole history', async () => {
    const all = (await h.app.inject('/api/series/tga?days=4000')).json().data as Point[];
    const res = await h.app.inject('/api/series/tga?sort=desc&limit=5');
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.deepEqual(validator.validate('/api/series/{id}', 200, body), []);
    assert.deepEqual(body.data, all.slice(-5).reverse());
    // A monthly series: the newest 3 prints, whatever their age (no 365-day window in the way).
    const m2 = (await h.app.inject('/api/series/m2?sort=desc&limit=3')).json().data as Point[];
    assert.equal(m2.length, 3);
    assert.ok(m2[0]!.date > m2[1]!.date && m2[1]!.date > m2[2]!.date);
  });

  it('within a window: ascending with a limit keeps its first points; descending alone reverses it', async () => {
    const window = (await h.app.inject('/api/series/tga?days=30')).json().data as Point[];
    const first = (await h.app.inject('/api/series/tga?days=30&limit=3')).json().data as Point[];
    assert.deepEqual(first, window.slice(0, 3));
    const reversed = (await h.app.inject('/api/series/tga?days=30&sort=desc')).json().data as Point[];
    assert.deepEqual(reversed, [...window].reverse());
    const empty = (await h.app.inject('/api/series/tga?start=2099-01-01&sort=desc')).json();
    assert.deepEqual(empty.data, []);
  });

  it('the CSV answers the same rows in the same order', async () => {
    const json = (await h.app.inject('/api/series/tga?sort=desc&limit=4')).json().data as Point[];
    const csv = (await h.app.inject('/api/series/tga.csv?sort=desc&limit=4')).body.trimEnd().split('\r\n');
    assert.equal(csv[0], 'date,value_usd_bn');
    assert.deepEqual(
      csv.slice(1),
      json.map((p) => `${p.date},${p.value}`),
    );
  });

  it('refuses what it cannot honour', async () => {
    const code = async (url: string) => (await h.app.inject(url)).json().error?.code;
    assert.equal(await code('/api/series/tga?sort=newest'), 'invalid_parameter');
    assert.equal(await code('/api/series/tga?limit=0'), 'invalid_parameter');
    assert.equal(await code('/api/series/tga?limit=1.5'), 'invalid_parameter');
    assert.equal(await code('/api/series/tga?limit=5&asOf=not-a-date'), 'invalid_parameter');
  });
});
