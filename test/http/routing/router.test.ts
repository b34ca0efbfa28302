import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chooseEncoding, wantsMarkdown, wantsPage } from '../../../src/http/negotiation.ts';
import { compileRouter } from '../../../src/http/routing/router.ts';

describe('the router', () => {
  const routes = [
    { path: '/api' },
    { path: '/api/series/{id}' },
    { path: '/charts/{id}.svg' },
    { path: '/', markdown: true },
    { path: '/today/{date}', markdown: true },
  ];
  const match = compileRouter(routes);

  it('matches exact paths and templates, decoding parameters', () => {
    assert.equal(match('/api')?.route.path, '/api');
    assert.deepEqual(match('/api/series/t%67a')?.params, { id: 'tga' });
    assert.deepEqual(match('/charts/vix.svg')?.params, { id: 'vix' });
    assert.equal(match('/api/series/a/b'), undefined);
    assert.equal(match('/api/series/%E0%A4%A'), undefined, 'an undecodable parameter matches nothing');
  });

  it('ignores a trailing slash; pages answer at .md too', () => {
    assert.equal(match('/api/')?.route.path, '/api');
    assert.deepEqual(match('/index.md'), { route: routes[3], params: {}, markdownPath: true });
    assert.deepEqual(match('/today/2026-08-26.md'), {
      route: routes[4],
      params: { date: '2026-08-26' },
      markdownPath: true,
    });
    assert.equal(match('/api.md'), undefined);
  });
});

describe('negotiation', () => {
  it('sends the smallest acceptable encoding', () => {
    assert.equal(chooseEncoding('gzip, deflate, br'), 'br');
    assert.equal(chooseEncoding('gzip;q=1, br;q=0'), 'gzip');
    assert.equal(chooseEncoding('identity'), 'identity');
  });

  it('serves Markdown for .md or a preferred text/markdown, and pages (not JSON) to browsers', () => {
    assert.ok(wantsMarkdown('/docs.md', undefined));
    assert.ok(wantsMarkdown('/docs', 'text/markdown'));
    assert.ok(!wantsMarkdown('/docs', 'text/markdown;q=0.1, text/html'));
    assert.ok(wantsPage('/nope', 'text/html,application/xhtml+xml,*/*;q=0.8'));
    assert.ok(!wantsPage('/nope', '*/*'), 'curl gets the JSON envelope');
    assert.ok(!wantsPage('/nope', undefined));
  });
});
