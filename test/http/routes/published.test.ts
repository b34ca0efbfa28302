import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PUBLISHED_ROUTES } from '../../../src/http/routes/published-routes.ts';
import { ROUTE_TABLE } from '../../../src/http/routes/table.ts';
import { PUBLISHED } from '../../../src/publish/resources/list.ts';

describe('the routes of the published resources', () => {
  it('serve each resource of the list once, at its path, with its cache policy and its response schema', () => {
    for (const module of PUBLISHED) {
      const routes = ROUTE_TABLE.filter((route) => route.path === module.path);
      assert.equal(routes.length, 1, `${module.path}: ${routes.length} routes`);
      const [route] = routes;
      assert.equal(route!.cache, module.cache, `${module.path}: the route's cache policy`);
      assert.equal(route!.spec?.response, module.schema, `${module.path}: the route's response schema`);
      assert.equal(route!.listed, 'api', `${module.path} is listed in /api and the OpenAPI document`);
    }
  });

  it('the route table places each published resource’s route (PUBLISHED_ROUTES) once, and it answers its module', () => {
    for (const module of PUBLISHED) {
      const route = PUBLISHED_ROUTES[module.key];
      assert.equal(ROUTE_TABLE.filter((r) => r === route).length, 1, `${module.key}: in the table once`);
      assert.equal(route.path, module.path, module.key);
    }
  });

  it('the list declares each key and each path once', () => {
    assert.equal(new Set(PUBLISHED.map((m) => m.key)).size, PUBLISHED.length);
    assert.equal(new Set(PUBLISHED.map((m) => m.path)).size, PUBLISHED.length);
  });
});
