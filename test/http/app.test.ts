import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_VERSION } from '../../src/http/api-changelog.ts';
import { API_ROUTES } from '../../src/http/routes/table.ts';
import { INDICATOR_IDS } from '../../src/timeseries/series.ts';
import { BASE_URL, createHarness, type Harness } from '../support/harness.ts';
import { openApiValidator } from '../support/openapi-validator.ts';

describe('the /api surface', () => {
  let h: Harness;
  let validator: ReturnType<typeof openApiValidator>;
  before(async () => {
    h = await createHarness();
    validator = openApiValidator((await h.app.inject('/openapi.json')).json());
  });
  after(() => h.close());

  it('GET /api lists every route of the route table, the error envelope and the discovery URLs', async () => {
    const res = await h.app.inject('/api');
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.deepEqual(validator.validate('/api', 200, body), []);
    assert.deepEqual(
      body.endpoints.map((e: { path: string }) => e.path),
      API_ROUTES.map((r) => r.path),
    );
    assert.deepEqual(body.seriesIds, [...INDICATOR_IDS]);
    assert.equal(body.discovery.openapi, `${BASE_URL}/openapi.json`);
    assert.ok(body.errorEnvelope.codes.some((c: { code: string }) => c.code === 'endpoint_not_found'));
    assert.equal(res.headers['access-control-allow-origin'], '*');
  });

  for (const path of [
    '/api/nope',
    '/api/seriess',
    '/api/regime/extra',
    '/api/series%2F..%2F..%2Fetc',
    '/api/%E2%9C%93',
  ]) {
    it(`${path} → 404 endpoint_not_found as JSON, never HTML`, async () => {
      const res = await h.app.inject(path);
      assert.equal(res.statusCode, 404);
      assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
      assert.equal(res.json().error.code, 'endpoint_not_found');
      assert.equal(res.json().status, 404);
      assert.equal(res.headers['access-control-allow-origin'], '*');
    });
  }

  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    it(`${method} → 405 with the envelope and an Allow header`, async () => {
      const res = await h.app.inject({
        method,
        url: '/api/series/tga',
        payload: method === 'DELETE' ? undefined : '{}',
      });
      assert.equal(res.statusCode, 405);
      assert.equal(res.headers.allow, 'GET, HEAD, OPTIONS');
      assert.equal(res.json().error.code, 'method_not_allowed');
      assert.deepEqual(validator.validate('/api/series/{id}', 405, res.json()), []);
    });
  }

  it('OPTIONS answers a CORS preflight', async () => {
    const res = await h.app.inject({
      method: 'OPTIONS',
      url: '/api/series/tga',
      headers: {
        origin: 'https://example.com',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'if-none-match',
      },
    });
    assert.equal(res.statusCode, 204);
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.equal(res.headers['access-control-allow-methods'], 'GET, HEAD, OPTIONS');
    assert.equal(res.headers['access-control-allow-headers'], 'if-none-match');
  });

  it('a traversal attempt gets a JSON 404, never a file', async () => {
    const res = await h.app.inject('/api/%2e%2e/%2e%2e/etc/passwd');
    assert.equal(res.statusCode, 404);
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    assert.doesNotMatch(res.body, /root:/);
  });

  it('a malformed URL gets the envelope, not an HTML page', async () => {
    const res = await h.app.inject('/api/series/%E0%A4%A');
    assert.ok(res.statusCode === 400 || res.statusCode === 404);
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    assert.ok(res.json().error.code);
  });

  it('/openapi.json and its .well-known alias are the same OpenAPI 3.1.0 document, at the changelog’s newest version', async () => {
    const a = await h.app.inject('/openapi.json');
    const b = await h.app.inject('/.well-known/openapi.json');
    assert.equal(a.body, b.body);
    const doc = a.json();
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(doc.info.version, API_VERSION);
    assert.equal(doc.info.license.identifier, 'CC0-1.0');
    assert.deepEqual(doc.servers, [{ url: BASE_URL }]);
    assert.match(doc.paths['/api/series/{id}'].get.description, /5-year window/);
    assert.deepEqual(doc.paths['/api/series/{id}'].get.parameters[1].schema, {
      type: 'integer',
      minimum: 1,
      maximum: 4000,
      default: 365,
    });
  });
});
