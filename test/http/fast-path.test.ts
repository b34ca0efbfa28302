import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';

/** The fast path in front of the router must answer exactly as the routes do (inject() goes through the routes). */
function get(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('fast path', () => {
  let h: Harness;
  let port: number;
  before(async () => {
    h = await createRefreshedHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
  });
  after(() => h.close());

  const raw = (request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(request));
      const chunks: Buffer[] = [];
      socket.on('data', (c) => chunks.push(c));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString()));
      socket.on('error', reject);
    });

  it('an HTTP/1.1 request without Host is answered 400 with the JSON envelope (RFC 9112 §3.2); HTTP/1.0 needs none', async () => {
    const missing = await raw('GET /api/regime HTTP/1.1\r\nConnection: close\r\n\r\n');
    assert.match(missing, /^HTTP\/1\.1 400 /);
    assert.match(missing, /\r\nx-content-type-options: nosniff\r\n/i);
    assert.match(missing, /\r\naccess-control-allow-origin: \*\r\n/i);
    const envelope = JSON.parse(missing.slice(missing.indexOf('\r\n\r\n') + 4));
    assert.equal(envelope.error.code, 'bad_request');
    assert.match(envelope.error.message, /Host header/);
    assert.equal(envelope.status, 400);
    const old = await raw('GET /api/regime HTTP/1.0\r\n\r\n');
    assert.match(old, /^HTTP\/1\.1 200 /);
    const body = JSON.parse(old.slice(old.indexOf('\r\n\r\n') + 4));
    assert.equal(typeof body.percentile5y, 'number');
  });

  it('an error quoting the request carries no raw < or >', async () => {
    const res = await get(port, '/api/series/%3Cscript%3Ealert(1)%3C%2Fscript%3E', {});
    assert.equal(res.status, 404);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    const text = res.body.toString();
    assert.doesNotMatch(text, /[<>]/);
    assert.match(JSON.parse(text).error.message, /<script>alert\(1\)<\/script>/, 'the parsed message is unchanged');
  });

  const paths = [
    '/api',
    '/api/regime',
    '/api/series/tga',
    '/api/series/tga?days=30',
    '/api/series/tga?days=123',
    '/api/lens?lang=zh-TW',
    '/api/history',
    '/api/snapshot',
    '/',
    '/index.md',
    '/docs',
    '/methodology.md',
    '/indicators/vix',
    '/llms.txt',
    '/assets/site.css',
    '/openapi.json',
  ];
  const variants: Array<Record<string, string>> = [
    {},
    { 'accept-encoding': 'br' },
    { 'accept-encoding': 'gzip' },
    { accept: 'text/markdown' },
  ];
  it('answers exactly as the routes do, for every resource and encoding', async () => {
    // Build every lazily built response once and let its encodings finish, so both paths see the same state.
    for (const path of paths) await h.app.inject(path);
    await h.publisher.current!.ready;
    await Promise.all([...h.publisher.current!.series.values()].map((s) => s.settled()));
    // An uncommon window (written as views of the series' points) is encoded once a client that accepts an encoding
    // asks — and only while the encoder is idle: with other tests encoding alongside, the first asks may be
    // declined (encodeOnRequest answers undefined), and a request below would then find the encodings half made.
    const window = h.publisher.current!.series.get('tga')!.forDays(123);
    for (let turn = 0; turn < 100_000 && !(window.encoded.br && window.encoded.gzip); turn++)
      await (window.encodeOnRequest!() ?? new Promise((r) => setImmediate(r)));
    assert.ok(window.encoded.br && window.encoded.gzip, 'the uncommon window was encoded');
    for (const page of ['/', '/docs', '/methodology', '/indicators/vix'].map(
      (p) => h.publisher.current!.site!.page(p)!,
    )) {
      await Promise.all([page.html.ready, page.markdown.ready]);
    }
    for (const path of paths) {
      for (const headers of variants) {
        const fast = await get(port, path, headers);
        const routed = await h.app.inject({ url: path, headers });
        assert.equal(fast.status, routed.statusCode, `${path} ${JSON.stringify(headers)}`);
        assert.ok(fast.body.equals(routed.rawPayload), `${path} ${JSON.stringify(headers)} body`);
        for (const name of [
          'content-type',
          'content-encoding',
          'etag',
          'cache-control',
          'vary',
          'access-control-allow-origin',
          'content-security-policy',
        ]) {
          assert.equal(fast.headers[name], routed.headers[name], `${path} ${name}`);
        }
      }
    }
  });

  it('304 on If-None-Match, and errors still come from the routes', async () => {
    const first = await get(port, '/api/regime', {});
    const again = await get(port, '/api/regime', { 'if-none-match': String(first.headers.etag) });
    assert.equal(again.status, 304);
    const bad = await get(port, '/api/series/tga?days=0', {});
    assert.equal(bad.status, 400);
    assert.equal(JSON.parse(bad.body.toString()).error.code, 'invalid_parameter');
  });
});
