import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';
import { openApiValidator } from '../support/openapi-validator.ts';

type Point = { date: string; value: number };

/**
 * Issue 42, point 8: FRED's names. `offset` as FRED's series/observations takes it, and FRED's own parameter names
 * (observation_start, observation_end, sort_order) as aliases of start, end and sort: a FRED URL's query string
 * works here once its path is changed.
 */
describe('FRED’s parameter names', () => {
  let h: Harness;
  let validator: ReturnType<typeof openApiValidator>;
  let doc: Parameters<typeof openApiValidator>[0] & {
    paths: Record<string, { get: { parameters: Array<{ name: string; description: string }> } }>;
  };
  before(async () => {
    h = await createRefreshedHarness();
    doc = (await h.app.inject('/openapi.json')).json();
    validator = openApiValidator(doc);
  });
  after(() => h.close());

  const data = async (url: string) => {
    const res = await h.app.inject(url);
    assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 300)}`);
    return res.json().data as Point[];
  };

  it('offset skips that many observations in the order asked, before limit', async () => {
    const all = await data('/api/series/tga?days=4000');
    const newest = [...all].reverse();
    assert.deepEqual(await data('/api/series/tga?sort=desc&offset=10&limit=5'), newest.slice(10, 15));
    assert.deepEqual(await data('/api/series/tga?offset=3&limit=2'), all.slice(3, 5));
    const window = await data('/api/series/tga?days=30');
    assert.deepEqual(await data('/api/series/tga?days=30&offset=4'), window.slice(4));
    assert.deepEqual(await data('/api/series/tga?sort=desc&offset=100000'), []);
    const body = (await h.app.inject('/api/series/tga?sort=desc&offset=2&limit=3')).json();
    assert.deepEqual(validator.validate('/api/series/{id}', 200, body), []);
    const csv = (await h.app.inject('/api/series/tga.csv?sort=desc&offset=10&limit=5')).body.trimEnd().split('\r\n');
    assert.deepEqual(
      csv.slice(1),
      newest.slice(10, 15).map((p) => `${p.date},${p.value}`),
    );
  });

  it('a FRED query string works once the path is changed', async () => {
    const fred = 'observation_start=2026-01-01&observation_end=2026-06-30&sort_order=desc&limit=5&offset=1';
    const ours = 'start=2026-01-01&end=2026-06-30&sort=desc&limit=5&offset=1';
    const answer = await data(`/api/series/tga?${fred}`);
    assert.equal(answer.length, 5);
    assert.deepEqual(answer, await data(`/api/series/tga?${ours}`));
    assert.deepEqual(
      (await h.app.inject(`/api/series/tga.csv?${fred}`)).body,
      (await h.app.inject(`/api/series/tga.csv?${ours}`)).body,
    );
    const history = await h.app.inject('/api/history?observation_start=2026-01-01');
    assert.equal(history.statusCode, 200);
    assert.deepEqual(history.json(), (await h.app.inject('/api/history?start=2026-01-01')).json());
  });

  it('refuses what it cannot honour: a name and its alias together, a bad offset', async () => {
    const error = async (url: string) => (await h.app.inject(url)).json().error;
    assert.equal(
      (await error('/api/series/tga?start=2026-01-01&observation_start=2026-02-01')).code,
      'invalid_parameter',
    );
    assert.equal((await error('/api/series/tga?sort=asc&sort_order=desc')).code, 'invalid_parameter');
    for (const bad of ['-1', '1.5', 'x', '100001'])
      assert.equal((await error(`/api/series/tga?offset=${bad}`)).code, 'invalid_parameter', bad);
    // offset with asOf applies to the series as known then (issue 42, point 4): no longer refused.
    assert.equal((await h.app.inject('/api/series/tga?offset=5&limit=3&asOf=2026-11-21')).json().data.length, 3);
    // An alias is accepted only where its parameter is.
    assert.equal((await error('/api/regime?observation_start=2026-01-01')).code, 'unknown_parameter');
  });

  it('the OpenAPI document names each alias as such, and offset', () => {
    const names = doc.paths['/api/series/{id}']!.get.parameters.map((p) => p.name);
    for (const name of ['offset', 'observation_start', 'observation_end', 'sort_order'])
      assert.ok(names.includes(name), name);
    const alias = doc.paths['/api/series/{id}']!.get.parameters.find((p) => p.name === 'observation_start')!;
    assert.match(alias.description, /alias of `start`/i);
  });
});
