import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ROUTE_TABLE } from '../../../src/http/routes/table.ts';
import { buildTestApp } from '../../support/test-app.ts';

/** A route's path with its parameters filled (a series, a date) and the ids a many-series route needs. */
const concrete = (template: string) =>
  template
    .replace('{id}', 'tga')
    .replace('{date}', '2026-11-20')
    .replace(/\{[^}]+\}/g, 'x') + (/^\/api\/series\.\w+$/.test(template) ? '?ids=tga,fed-balance-sheet' : '');

describe('before the first publication (the service is starting)', () => {
  it('every route answers at once: what needs no data, else 503 with Retry-After — never a 404 to give up on', async () => {
    const app = buildTestApp({ config: { baseUrl: 'http://usd-liquidity.test' }, publication: () => undefined });
    const paths = ROUTE_TABLE.map((route) => concrete(route.path)).filter((path) => path !== '/mcp');
    const wrong: string[] = [];
    for (const path of paths) {
      const answer = await app.inject(path);
      if (answer.statusCode < 400) continue;
      // The site's pages were a 404 "Nothing at this path" and the 503s said "retry in a minute" without the header.
      if (answer.statusCode !== 503 || !answer.headers['retry-after']) wrong.push(`${path}: ${answer.statusCode}`);
    }
    assert.ok(paths.length > 40, `${paths.length} routes`);
    assert.deepEqual(wrong, []);
  });
});
