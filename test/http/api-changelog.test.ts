import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_VERSION, API_VERSIONS, deprecationHeaders } from '../../src/http/api-changelog.ts';
import { openapiFingerprint } from '../../src/http/openapi/fingerprint.ts';
import { createDispatcher } from '../../src/http/routing/dispatch.ts';
import { OnDemand } from '../../src/publish/on-demand/gate.ts';
import type { PreparedResponse } from '../../src/publish/prepared-response.ts';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';

describe('versioning: the changelog, the fingerprint and deprecations', () => {
  let h: Harness;
  before(async () => {
    h = await createRefreshedHarness();
  });
  after(() => h.close());

  it('the OpenAPI document has not changed without a new API version (fingerprint recorded in api-changelog.ts)', () => {
    assert.equal(
      openapiFingerprint(),
      API_VERSIONS[0]!.openapiFingerprint,
      `The OpenAPI document changed: add a version to API_VERSIONS (src/http/api-changelog.ts) saying what changed, with openapiFingerprint '${openapiFingerprint()}'.`,
    );
  });

  it('versions are newest first, dated, and the served documents carry the newest', async () => {
    const numbers = API_VERSIONS.map((v) => v.version.split('.').map(Number));
    for (let i = 1; i < numbers.length; i++) {
      const [a, b] = [numbers[i - 1]!, numbers[i]!];
      assert.ok(a[0]! > b[0]! || (a[0] === b[0] && (a[1]! > b[1]! || (a[1] === b[1] && a[2]! > b[2]!))));
      assert.ok(API_VERSIONS[i - 1]!.date >= API_VERSIONS[i]!.date);
    }
    assert.equal((await h.app.inject('/openapi.json')).json().info.version, API_VERSION);
    assert.equal((await h.app.inject('/api')).json().version, API_VERSION);
    const changelog = (await h.app.inject('/api/changelog')).json();
    assert.equal(changelog.apiVersion, API_VERSION);
    assert.deepEqual(
      changelog.model.map((v: { version: string }) => v.version),
      (await h.app.inject('/api/model')).json().versions.map((v: { version: string }) => v.version),
    );
    const page = await h.app.inject({ url: '/changelog', headers: { accept: 'text/html' } });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, new RegExp(`<h3>${API_VERSION.replaceAll('.', '\\.')} \\(`));
    assert.match((await h.app.inject('/changelog.md')).body, /## Deprecation policy/);
  });

  it('a deprecated route answers with Deprecation, Sunset and a Link to the changelog', async () => {
    const d = { route: '/api/regime', what: 'compositeScore', deprecatedAt: '2027-01-01', sunsetAt: '2027-04-01' };
    assert.deepEqual(deprecationHeaders(d, 'https://x.test'), {
      deprecation: '@1798761600',
      sunset: 'Thu, 01 Apr 2027 00:00:00 GMT',
      link: '<https://x.test/changelog>; rel="deprecation"; type="text/html"',
    });
    const context = {
      baseUrl: 'https://x.test',
      publication: () => h.publisher.current,
      directory: undefined as unknown as PreparedResponse,
      openapi: () => undefined as unknown as PreparedResponse,
      onDemand: new OnDemand(),
      compute: () => Promise.reject(new Error('nothing is computed here')),
    };
    const dispatcher = createDispatcher(context, undefined, [d]);
    const answer = dispatcher.answer({ url: '/api/regime', headers: {} } as never) as PreparedResponse;
    assert.equal(answer.headers.deprecation, '@1798761600');
    assert.equal(answer.headers.sunset, 'Thu, 01 Apr 2027 00:00:00 GMT');
    const other = dispatcher.answer({ url: '/api/history', headers: {} } as never) as PreparedResponse;
    assert.equal(other.headers.deprecation, undefined);
  });
});
