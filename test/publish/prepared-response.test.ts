import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { prepareBody, prepareJson, strongEtag, withHeaders } from '../../src/publish/prepared-response.ts';

describe('prepared responses', () => {
  it('a strong ETag per body, and one per encoding, every one accepted for revalidation', async () => {
    const body = { values: Array.from({ length: 500 }, (_, i) => i) };
    const prepared = prepareJson(body, 'public, max-age=60');
    await prepared.ready;
    assert.equal(prepared.etag, strongEtag(Buffer.from(JSON.stringify(body))));
    assert.match(prepared.etag, /^"[A-Za-z0-9_-]{27}"$/);
    assert.deepEqual(JSON.parse(brotliDecompressSync(prepared.encoded.br!.body).toString()), body);
    assert.deepEqual(JSON.parse(gunzipSync(prepared.encoded.gzip!.body).toString()), body);
    assert.equal(prepared.etags.size, 3);
    assert.equal(prepared.headers['cache-control'], 'public, max-age=60');
    assert.equal(prepared.headers['access-control-allow-origin'], '*');
    assert.equal(prepared.encoded.br!.headers.vary, 'Accept-Encoding');
  });

  it('small bodies are not encoded; extra headers reach every representation', async () => {
    const small = prepareBody(Buffer.from('{}'), 'application/json', 'no-store', 404);
    await small.ready;
    assert.equal(small.status, 404);
    assert.deepEqual(small.encoded, {});
    const big = withHeaders(prepareBody(Buffer.alloc(4096, 'a'), 'text/plain', 'no-cache'), {
      'x-test': '1',
      vary: 'Accept',
    });
    await big.ready;
    assert.equal(big.headers['x-test'], '1');
    assert.equal(big.encoded.gzip!.headers['x-test'], '1');
    assert.equal(big.headers.vary, 'Accept, Accept-Encoding');
  });
});
