import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { publicationContent } from '../../../src/publication-content.ts';
import { CACHE_CONTROL } from '../../../src/publish/cache-policy.ts';
import { modelOutcome } from '../../../src/publish/model/computation.ts';
import { buildPublication, type Publication } from '../../../src/publish/publication/build.ts';
import type { Resource } from '../../../src/publish/resource.ts';
import { PUBLISHED } from '../../../src/publish/resources/list.ts';
import { createRefreshedHarness, type Harness } from '../../support/harness.ts';
import { nextPublication } from '../../support/next-publication.ts';

/** The bytes a module's built value serves (the lens: its English resource, the default locale). */
function servedBody(value: unknown): string {
  const resource = (value instanceof Map ? value.get('en') : value) as Resource<unknown>;
  return resource.response.body.toString();
}

describe('a publication is the loop over the list of published resources', () => {
  let h: Harness;
  let publication: Publication;
  let openapi: {
    paths: Record<string, { get: { responses: Record<string, { content: Record<string, { example?: unknown }> }> } }>;
  };
  before(async () => {
    h = await createRefreshedHarness();
    publication = h.publisher.current!;
    openapi = (await h.app.inject('/openapi.json')).json();
  });
  after(() => h.close());

  it('builds every resource of the list, serves it at its path, and documents it with its real example', async () => {
    for (const module of PUBLISHED) {
      const value = publication[module.key];
      assert.ok(value !== undefined, `${module.key} was built`);
      const served = await h.app.inject(module.path);
      assert.equal(served.statusCode, 200, module.path);
      assert.equal(served.body, servedBody(value), `${module.path} serves what the publication built`);
      assert.equal(served.headers['cache-control'], CACHE_CONTROL[module.cache], `${module.path}: its module's policy`);
      assert.ok(publication.examples.has(module.path), `${module.path} has an example`);
      const documented = openapi.paths[module.path]!.get.responses['200']!.content['application/json']!.example;
      assert.deepEqual(documented, publication.examples.get(module.path), `${module.path}: the OpenAPI example`);
    }
  });

  it("/api/history's example is a few whole days: every per-day column as long as its dates", () => {
    // The example cut the columns it named and left the others (dli-4's level, parts, provisional days) whole.
    const example = publication.examples.get('/api/history') as { count: number; dates: string[] };
    assert.ok(example.count > 0 && example.count <= 3, `${example.count} days`);
    assert.equal(example.dates.length, example.count);
    const lengths = (value: unknown, name: string): Array<[string, number]> => {
      if (Array.isArray(value)) return [[name, value.length]];
      // Freshness and provenance describe the inputs, not the days.
      if (value && typeof value === 'object' && !/\.(freshness|provenance)$/.test(name))
        return Object.entries(value).flatMap(([key, v]) => lengths(v, `${name}.${key}`));
      return [];
    };
    const long = lengths(example, 'history').filter(([, n]) => n > example.count);
    assert.deepEqual(long, [], 'no column longer than the days the example shows');
  });

  it('where a resource fails, does what its module says: keep the previous result, or report and drop it', async () => {
    const previous = publication;
    const computed = modelOutcome(previous.vintaged, h.now(), previous.baseUrl);
    assert.ok(computed.ok);
    const next = await nextPublication(previous, h.now(), {
      computed: { ok: true, computation: { ...computed.computation, correlation: { error: 'a test failure' } } },
    });
    const failing = PUBLISHED.filter((m) => m.onFailure?.error === 'correlation');
    assert.deepEqual(
      failing.map((m) => m.key),
      ['correlation', 'correlationHistory'],
    );
    for (const module of failing)
      assert.equal(next[module.key], previous[module.key], `${module.key}: the previous kept`);
    assert.match(next.errors.correlation ?? '', /a test failure/);
    // The others were built anew.
    assert.notEqual(next.regime, previous.regime);
    assert.ok(next.regime && next.snapshot);

    // Without a model ever computed, the snapshot cannot be assembled: reported, nothing served in its place.
    const first = await buildPublication({
      vintaged: previous.vintaged,
      states: new Map(),
      now: h.now(),
      version: 1,
      baseUrl: previous.baseUrl,
      content: publicationContent({ baseUrl: previous.baseUrl, partnerSitesJson: undefined }),
      computed: { ok: false, error: 'a test failure' },
    });
    assert.equal(PUBLISHED.find((m) => m.key === 'snapshot')?.onFailure?.keepPrevious, false);
    assert.equal(first.snapshot, undefined);
    assert.match(first.errors.snapshot ?? '', /regime is not available/);
    assert.ok(first.health && first.catalog, 'health and the catalog are in every publication');
  });
});
