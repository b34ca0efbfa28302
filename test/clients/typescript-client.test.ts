import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import createClient from 'openapi-fetch';
import { type paths, usdLiquidityClient } from '../../clients/typescript/client.ts';
import { generateSchema, SCHEMA_FILE } from '../../clients/typescript/generate.ts';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';

type Operation = {
  get: {
    operationId: string;
    parameters?: Array<{ in: string; required?: boolean }>;
    responses: { '200': { content: Record<string, unknown> } };
  };
};

/** The typed client shipped in clients/typescript: up to date with the served document, and every call works. */
describe('the generated TypeScript client', () => {
  let h: Harness;
  let origin: string;
  before(async () => {
    h = await createRefreshedHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  });
  after(() => h.close());

  it('its types are generated from the current OpenAPI document (run `npm run client` after an API change)', async () => {
    assert.equal(readFileSync(SCHEMA_FILE, 'utf8'), await generateSchema());
  });

  it('a plain openapi-fetch client is typed as JSON where the API answers JSON (tsc checks this file)', async () => {
    // Plain createClient<paths>, no media-type argument: `meta` must type-check (it did not while text/csv was
    // declared beside JSON on the same response), and the answer must have it.
    const api = createClient<paths>({ baseUrl: origin });
    const { data } = await api.GET('/api/series/{id}', { params: { path: { id: 'tga' }, query: { days: 7 } } });
    const unit: string | undefined = data?.meta.unit;
    assert.equal(unit, 'usd_billions');
    const history = await api.GET('/api/history', { params: { query: { start: '2026-01-01' } } });
    assert.ok(Array.isArray(history.data?.dates));
  });

  it('calls every operation of the served document against a running service', async () => {
    const api = usdLiquidityClient(origin);
    const document = (await (await fetch(`${origin}/openapi.json`)).json()) as { paths: Record<string, Operation> };
    const called: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      const types = Object.keys(item.get.responses['200'].content);
      const json = types.includes('application/json');
      const id = path.startsWith('/charts/') ? 'headline' : 'tga';
      const result = await api.GET(
        path as never,
        {
          // A required query parameter gets a value (ids on the many-series endpoints).
          params: {
            path: { id },
            ...((item.get.parameters ?? []).some((p) => p.in === 'query' && p.required)
              ? { query: { ids: 'tga' } }
              : {}),
          } as never,
          parseAs: json ? 'json' : 'arrayBuffer',
        } as never,
      );
      const response = (result as { response: Response }).response;
      assert.equal(response.status, 200, `${item.get.operationId} ${path}`);
      assert.ok(
        types.some((t) => String(response.headers.get('content-type')).startsWith(t)),
        path,
      );
      if (json) assert.ok((result as { data?: unknown }).data, path);
      called.push(item.get.operationId);
    }
    assert.ok(called.includes('getSeries') && called.includes('getRegime') && called.includes('getBulk'));
    // Typed: the compiler checks these names and shapes.
    const regime = await api.GET('/api/regime');
    assert.equal(typeof regime.data?.percentile5y, 'number');
    const tga = await api.GET('/api/series/{id}', { params: { path: { id: 'tga' }, query: { days: 30 } } });
    assert.equal(tga.data?.meta.id, 'tga');
    const bad = await api.GET('/api/series/{id}', { params: { path: { id: 'tga' }, query: { days: 0 } } });
    assert.equal(bad.error?.error.code, 'invalid_parameter');
  });
});
