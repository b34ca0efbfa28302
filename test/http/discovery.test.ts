import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import { CURRENT_MODEL } from '../../src/analytics/model/versions.ts';
import { API_VERSION } from '../../src/http/api-changelog.ts';
import { INDICATOR_IDS } from '../../src/timeseries/series.ts';
import { BASE_URL, createHarness, createRefreshedHarness, type Harness } from '../support/harness.ts';
import { openApiValidator } from '../support/openapi-validator.ts';

// biome-ignore lint/suspicious/noExplicitAny: the parsed OpenAPI document is traversed freely in these assertions.
type Json = any;

describe('machine-readable discovery', () => {
  let h: Harness;
  let document: Record<string, Json>;
  let validator: ReturnType<typeof openApiValidator>;
  before(async () => {
    h = await createRefreshedHarness();
    document = (await h.app.inject('/openapi.json')).json();
    validator = openApiValidator(document);
  });
  after(() => h.close());

  it('/openapi.json passes an OpenAPI 3.1 validator', async () => {
    const copy = structuredClone(document);
    const api = await SwaggerParser.validate(copy as never);
    assert.equal((api as { openapi: string }).openapi, '3.1.0');
    assert.equal(document.info.version, API_VERSION);
  });

  it('declares the error envelope for every error of every operation, and enums for named states', () => {
    for (const [path, item] of Object.entries(
      document.paths as Record<string, { get: { responses: Record<string, Json> } }>,
    )) {
      for (const [status, response] of Object.entries(item.get.responses)) {
        if (Number(status) >= 400)
          assert.equal(
            response.content['application/json'].schema.$ref,
            '#/components/schemas/ErrorEnvelope',
            `${path} ${status}`,
          );
      }
    }
    const regime = document.components.schemas.Regime.properties;
    assert.deepEqual(
      regime.status.anyOf.map((s: { const: string }) => s.const),
      ['risk-on', 'neutral', 'risk-off'],
    );
    assert.deepEqual(
      regime.momentum.anyOf.map((s: { const: string }) => s.const),
      ['improving', 'stable', 'deteriorating'],
    );
    const lens = document.components.schemas.Lens.properties;
    assert.ok(lens.quantity.properties.stance.anyOf.some((s: { const?: string }) => s.const === 'draining'));
  });

  it('carries examples taken from real responses, and they validate', () => {
    for (const path of [
      '/api/regime',
      '/api/history',
      '/api/lens',
      '/api/correlation',
      '/api/correlation/history',
      '/api/snapshot',
      '/api/health',
      '/api/series/{id}',
      '/api',
    ]) {
      const example = document.paths[path].get.responses['200'].content['application/json'].example;
      assert.ok(example, `${path} has an example`);
      assert.deepEqual(validator.validate(path, 200, example), [], path);
    }
    const regime = document.paths['/api/regime'].get.responses['200'].content['application/json'].example;
    assert.equal(regime.updatedAt, h.now().toISOString());
  });

  const realResponses = [
    '/api',
    '/api/snapshot',
    '/api/regime',
    '/api/history',
    '/api/model',
    '/api/lens?lang=ja',
    '/api/correlation',
    '/api/correlation/history',
    '/api/health',
    ...INDICATOR_IDS.map((id) => `/api/series/${id}?days=30`),
  ];
  it(`validates the real responses of every endpoint (${realResponses.length} requests) against the served document`, async () => {
    for (const url of realResponses) {
      const res = await h.app.inject(url);
      assert.equal(res.statusCode, 200, url);
      const template = url.startsWith('/api/series/') ? '/api/series/{id}' : url.split('?')[0]!;
      assert.deepEqual(validator.validate(template, 200, res.json()), [], url);
    }
  });

  it('/.well-known/api-catalog is an RFC 9727 linkset', async () => {
    const res = await h.app.inject('/.well-known/api-catalog');
    assert.equal(res.statusCode, 200);
    assert.equal(
      res.headers['content-type'],
      'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
    );
    const [entry] = res.json().linkset;
    assert.equal(entry['service-desc'][0].href, `${BASE_URL}/openapi.json`);
    assert.equal(entry['service-doc'][0].href, `${BASE_URL}/docs`);
    assert.equal(entry.status[0].href, `${BASE_URL}/api/health`);
    assert.match(entry.license[0].href, /publicdomain\/zero/);
    for (const rel of ['service-desc', 'service-doc', 'status']) {
      const target = new URL(entry[rel][0].href).pathname;
      assert.equal((await h.app.inject(target)).statusCode, 200, rel);
    }
  });

  it('/llms.txt has a title, a summary and sections of links to Markdown pages, all of which resolve', async () => {
    const res = await h.app.inject('/llms.txt');
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
    const text = res.body;
    assert.match(text, /^# usd-liquidity\n\n> .+\n/);
    for (const section of ['## API', '## Indicators', '## Methodology', '## Blog'])
      assert.ok(text.includes(`\n${section}\n`), section);
    const links = [...text.matchAll(/\]\(([^)]+)\): /g)].map((m) => m[1]!);
    assert.ok(links.length >= 25 + 8);
    for (const link of links) {
      const path = new URL(link).pathname + new URL(link).search;
      const response = await h.app.inject(path);
      assert.equal(response.statusCode, 200, link);
      if (path.endsWith('.md')) assert.equal(response.headers['content-type'], 'text/markdown; charset=utf-8', link);
    }
  });

  it('/api/snapshot carries every indicator, the regime, the model and the directory', async () => {
    const res = await h.app.inject('/api/snapshot');
    assert.equal(res.headers['cache-control'], 'public, s-maxage=3600, stale-while-revalidate=21600');
    const snapshot = res.json();
    assert.deepEqual(
      snapshot.indicators.map((i: { id: string }) => i.id),
      [...INDICATOR_IDS],
    );
    assert.deepEqual(snapshot.regime, (await h.app.inject('/api/regime')).json());
    assert.equal(snapshot.dliModel.version, CURRENT_MODEL.version);
    assert.ok(snapshot.apis.some((a: { path: string }) => a.path === '/api/series/{id}'));
    assert.ok(snapshot.partnerSites.some((p: { relation: string }) => p.relation === 'data-source'));
    // The newest posts, up to five: every post of the repository's content/blog while there are fewer.
    const posts = readdirSync(new URL('../../content/blog/', import.meta.url)).filter((f) => f.endsWith('.md'));
    assert.equal(snapshot.recentBlog.length, Math.min(5, posts.length));
    const scored = snapshot.indicators.filter((i: { scored: boolean }) => i.scored);
    const indicators = new Set<string>(INDICATOR_IDS);
    assert.equal(
      scored.length,
      CURRENT_MODEL.scored.filter((s) => indicators.has(s.id)).length,
      'the indicators the current model scores (its other inputs, e.g. reserve-ratio, are not among the 25)',
    );
  });

  it('/api/health reports the last refresh, per-source outcome and data ages', async () => {
    const health = (await h.app.inject('/api/health')).json();
    assert.equal(health.status, 'ok');
    assert.equal(health.lastRefresh.status, 'ok');
    assert.ok(health.sources.length > 40);
    assert.ok(
      health.sources.every((s: { dataAgeDays: number | null }) => s.dataAgeDays === null || s.dataAgeDays >= 0),
    );
  });
});

describe('snapshot and health before any data', () => {
  let h: Harness;
  before(async () => {
    h = await createHarness();
    await h.publisher.rebuild();
  });
  after(() => h.close());

  it('snapshot answers 503 no_data_yet with Retry-After; health says down', async () => {
    const snapshot = await h.app.inject('/api/snapshot');
    assert.equal(snapshot.statusCode, 503);
    assert.equal(snapshot.json().error.code, 'no_data_yet');
    assert.equal(snapshot.headers['retry-after'], '60');
    const health = await h.app.inject('/api/health');
    assert.equal(health.statusCode, 200);
    assert.equal(health.json().status, 'down');
  });
});
