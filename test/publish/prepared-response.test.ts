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

  it('an answer built on demand is encoded only once a client accepting an encoding asks for it', async () => {
    const body = Buffer.from(JSON.stringify({ values: Array.from({ length: 500 }, (_, i) => i) }));
    const onDemand = withHeaders(prepareBody(body, 'application/json', 'public, max-age=60', 200, 'if-idle'), {
      'x-test': '1',
    });
    await onDemand.ready;
    assert.deepEqual(onDemand.encoded, {}, 'nothing encoded for clients that asked for none');
    assert.deepEqual([...onDemand.etags], [onDemand.etag]);
    await onDemand.encodeOnRequest!();
    assert.equal(brotliDecompressSync(onDemand.encoded.br!.body).toString(), body.toString());
    assert.equal(gunzipSync(onDemand.encoded.gzip!.body).toString(), body.toString());
    assert.equal(onDemand.encoded.br!.headers['x-test'], '1');
    assert.equal(onDemand.etags.size, 3, "the encodings' ETags revalidate once they exist");
    const again = onDemand.encodeOnRequest!();
    assert.ok(again, 'asking again returns the encodings already started');
    await again;
    assert.equal(prepareBody(body, 'application/json', 'no-cache').encodeOnRequest, undefined, "a publication's own");
  });
});
