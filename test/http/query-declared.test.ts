import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ApiError } from '../../src/http/errors/api-error.ts';
import { QUERY_ALIASES, QUERY_PARAMETERS } from '../../src/http/params/query.ts';
import { QueryShape, QueryString, UndeclaredParameter } from '../../src/http/params/route-query.ts';
import { queryShapeOf, type RouteContext } from '../../src/http/routes/route.ts';
import { ROUTE_TABLE } from '../../src/http/routes/table.ts';
import { routeContext } from '../../src/http/routing/context.ts';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';

/**
 * Issue 29: every query parameter is declared once (src/http/params/query.ts), and a route reads only the ones it
 * declares — the OpenAPI document, the /api directory and the MCP tools can then not miss one.
 */
describe('query parameters, declared once', () => {
  let h: Harness;
  let context: RouteContext;
  before(async () => {
    h = await createRefreshedHarness();
    context = routeContext({ config: { baseUrl: 'http://test' }, publication: () => h.publisher.current });
  });
  after(() => h.close());

  // Every known parameter at once, each with a value its parser accepts.
  const EVERY = new URLSearchParams({
    days: '30',
    start: '2024-01-01',
    end: '2024-06-30',
    asOf: '2024-06-30',
    lang: 'ja',
    compare: 'onrrp',
    style: 'compact',
    q: 'treasury',
    view: 'first-release',
    ids: 'tga,onrrp',
    sort: 'desc',
    limit: '5',
    offset: '2',
    units: 'pc1',
    frequency: 'm',
    aggregation: 'eop',
    model: 'dli-3',
  });
  const PARAMS = { id: 'tga', slug: 'hello', date: '2024-01-02', year: '2024', lang: 'ja', group: 'funding' };

  it('the test asks for every declared parameter', () => {
    assert.deepEqual([...EVERY.keys()].sort(), Object.keys(QUERY_PARAMETERS).sort());
  });

  // No parameter, each alone (a handler that returns early on one never reaches the reads after it), and all.
  const QUERIES = [
    new URLSearchParams(),
    ...[...EVERY].map(([name, value]) => new URLSearchParams({ [name]: value })),
    EVERY,
  ];

  it('no route reads a query parameter it does not declare', async () => {
    for (const route of ROUTE_TABLE) {
      for (const search of QUERIES) {
        const request = {
          params: PARAMS,
          query: new QueryString(search, queryShapeOf(route)),
          headers: { accept: 'application/json' },
          path: route.path,
          markdownPath: false,
        };
        try {
          await route.handle(request, context);
        } catch (cause) {
          assert.ok(!(cause instanceof UndeclaredParameter), `${route.path}?${search}: ${(cause as Error).message}`);
          throw cause;
        }
      }
    }
  });

  it('every parameter a route documents is one of the declared ones', () => {
    for (const route of ROUTE_TABLE)
      for (const name of queryShapeOf(route).names)
        assert.ok(name in QUERY_PARAMETERS || name in QUERY_ALIASES, `${route.path}: ${name}`);
  });

  it('reading an undeclared parameter throws', () => {
    const query = new QueryString(new URLSearchParams('days=30&lang=ja'), new QueryShape(['days'])).read();
    assert.ok(!(query instanceof ApiError));
    assert.equal(query.get('days'), 30);
    assert.throws(() => query.get('lang'), UndeclaredParameter);
    assert.throws(() => query.given('lang'), UndeclaredParameter);
  });
});
