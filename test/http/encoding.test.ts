import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chooseEncoding } from '../../src/http/negotiation.ts';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';

describe('pre-compressed responses', () => {
  let h: Harness;
  before(async () => {
    h = await createRefreshedHarness();
    // Windows other than the default are built (and encoded) on first request.
    await h.publisher.current!.series.get('tga')!.forDays(4000).ready;
    // Pages are rendered (and encoded) on first request.
    for (const path of ['/', '/methodology']) {
      const page = h.publisher.current!.site!.page(path)!;
      await Promise.all([page.html.ready, page.markdown.ready]);
    }
  });
  after(() => h.close());

  for (const path of ['/api/series/tga?days=4000', '/api/history', '/api/snapshot', '/', '/methodology.md']) {
    it(`${path}: brotli and gzip decode to the identity body, each with its own ETag`, async () => {
      const plain = await h.app.inject({ url: path, headers: { 'accept-encoding': 'identity' } });
      const br = await h.app.inject({ url: path, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      const gz = await h.app.inject({ url: path, headers: { 'accept-encoding': 'gzip' } });
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.equal(br.headers['content-encoding'], 'br');
      assert.equal(gz.headers['content-encoding'], 'gzip');
      assert.ok(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload));
      assert.ok(gunzipSync(gz.rawPayload).equals(plain.rawPayload));
      assert.ok(br.rawPayload.length < plain.rawPayload.length / 2);
      assert.equal(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size, 3);
      assert.match(String(br.headers.vary), /Accept-Encoding/);
      assert.equal(Number(br.headers['content-length']), br.rawPayload.length);
      const revalidate = await h.app.inject({
        url: path,
        headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
      });
      assert.equal(revalidate.statusCode, 304);
      assert.equal(revalidate.headers.etag, br.headers.etag);
    });
  }

  it('an uncommon window is compressed once a client accepting it asks, and never for clients that do not', async () => {
    const path = '/api/series/tga?days=3001';
    const plain = await h.app.inject({ url: path, headers: { 'accept-encoding': 'identity' } });
    const response = h.publisher.current!.series.get('tga')!.forDays(3001);
    assert.deepEqual(response.encoded, {}, 'an identity client left it unencoded');
    const first = await h.app.inject({ url: path, headers: { 'accept-encoding': 'br' } });
    assert.equal(first.headers['content-encoding'], undefined, 'the first client is not kept waiting');
    assert.ok(first.rawPayload.equals(plain.rawPayload));
    await response.encodeOnRequest!();
    const next = await h.app.inject({ url: path, headers: { 'accept-encoding': 'br' } });
    assert.equal(next.headers['content-encoding'], 'br');
    assert.ok(brotliDecompressSync(next.rawPayload).equals(plain.rawPayload));
  });

  it('small bodies are sent uncompressed', async () => {
    const res = await h.app.inject({ url: '/api/series/tga?days=1', headers: { 'accept-encoding': 'br' } });
    assert.equal(res.headers['content-encoding'], undefined);
  });

  it('reads Accept-Encoding with q-values and *', () => {
    assert.equal(chooseEncoding('gzip;q=1.0, br;q=0'), 'gzip');
    assert.equal(chooseEncoding('*'), 'br');
    assert.equal(chooseEncoding('identity'), 'identity');
    assert.equal(chooseEncoding('br;q=0.5, gzip'), 'br');
    assert.equal(chooseEncoding(undefined), 'identity');
  });
});
