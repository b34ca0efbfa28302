import assert from 'node:assert/strict';
import { type AddressInfo, connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { KEEP_ALIVE_MS } from '../../src/http/app.ts';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 41, point 8: what the server makes of the request line and Host (RFC 9112 §3.2), HSTS behind an https base
 * URL, and error messages that never repeat the request target (a 404 used to echo an absolute target, so a link to
 * the service could make it say whatever the link's author wanted).
 */
interface RawResponse {
  status: number;
  headers: Map<string, string[]>;
  body: string;
}

function rawRequest(port: number, request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString();
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
      const headers = new Map<string, string[]>();
      for (const line of lines) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).toLowerCase();
        headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: text.slice(split + 4) });
    });
  });
}

async function listening(app: TestApp): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

describe('the request target and Host', () => {
  let h: Harness;
  let port: number;
  before(async () => {
    h = await createRefreshedHarness();
    port = await listening(h.app);
  });
  after(() => h.close());

  it('two Host header lines: 400 with the envelope, whichever the values (RFC 9112 §3.2)', async () => {
    for (const hosts of [
      ['a.example', 'b.example'],
      ['a.example', 'a.example'],
    ]) {
      const res = await rawRequest(
        port,
        `GET /api/regime HTTP/1.1\r\nHost: ${hosts[0]}\r\nHost: ${hosts[1]}\r\nConnection: close\r\n\r\n`,
      );
      assert.equal(res.status, 400, hosts.join(' + '));
      const envelope = JSON.parse(res.body);
      assert.equal(envelope.error.code, 'bad_request');
      assert.match(envelope.error.message, /more than one Host/);
      assert.equal(envelope.status, 400);
    }
  });

  it('one Host line is answered as usual', async () => {
    const res = await rawRequest(port, 'GET /api/regime HTTP/1.1\r\nHost: a.example\r\nConnection: close\r\n\r\n');
    assert.equal(res.status, 200);
  });

  it('an absolute target is served as its path (RFC 9112 §3.2.2: a server must accept the absolute form)', async () => {
    const origin = await rawRequest(port, 'GET /api/regime HTTP/1.1\r\nHost: a.example\r\nConnection: close\r\n\r\n');
    const absolute = await rawRequest(
      port,
      'GET http://a.example/api/regime HTTP/1.1\r\nHost: a.example\r\nConnection: close\r\n\r\n',
    );
    assert.equal(absolute.status, 200);
    assert.equal(absolute.body, origin.body);
  });

  it('a 404 repeats nothing of the target: neither its host nor its path', async () => {
    const targets = [
      'http://evil.example/api/Call-0800-SCAM-to-claim-your-refund',
      'https://evil.example/Call-0800-SCAM-to-claim-your-refund',
      '/api/Call-0800-SCAM-to-claim-your-refund',
      '/Call-0800-SCAM-to-claim-your-refund',
    ];
    for (const target of targets) {
      const res = await rawRequest(
        port,
        `GET ${target} HTTP/1.1\r\nHost: a.example\r\nAccept: application/json\r\nConnection: close\r\n\r\n`,
      );
      assert.equal(res.status, 404, target);
      assert.doesNotMatch(res.body, /SCAM|evil/, target);
      const envelope = JSON.parse(res.body);
      assert.match(envelope.error.code, /^(endpoint_not_found|not_found)$/, target);
    }
  });
});

describe('keep-alive', () => {
  it('an idle connection is kept 65 s (longer than load balancers’ 60 s and a stalled MCP client), not Node’s 5 s', async () => {
    const app = buildTestApp({ config: { baseUrl: 'http://api.example.org' }, publication: () => undefined });
    try {
      assert.equal(app.server.keepAliveTimeout, KEEP_ALIVE_MS);
      assert.ok(KEEP_ALIVE_MS > 60_000);
    } finally {
      await app.close();
    }
  });
});

describe('HSTS', () => {
  const requests = [
    'GET /api/regime HTTP/1.1\r\nHost: a.example\r\nConnection: close\r\n\r\n',
    'GET /api/nothing HTTP/1.1\r\nHost: a.example\r\nConnection: close\r\n\r\n',
    'OPTIONS /api/regime HTTP/1.1\r\nHost: a.example\r\nOrigin: https://b.example\r\nAccess-Control-Request-Method: GET\r\nConnection: close\r\n\r\n',
    'DELETE /api/regime HTTP/1.1\r\nHost: a.example\r\nConnection: close\r\n\r\n',
    'GET /api/regime HTTP/1.1\r\nConnection: close\r\n\r\n',
  ];

  it('every answer carries Strict-Transport-Security when BASE_URL is https', async () => {
    const app = buildTestApp({ config: { baseUrl: 'https://api.example.org' }, publication: () => undefined });
    const port = await listening(app);
    try {
      for (const request of requests) {
        const res = await rawRequest(port, request);
        assert.deepEqual(res.headers.get('strict-transport-security'), ['max-age=31536000'], request.split('\r\n')[0]);
      }
    } finally {
      await app.close();
    }
  });

  it('and none when BASE_URL is http (a browser ignores it there, and the site may not have TLS at all)', async () => {
    const app = buildTestApp({ config: { baseUrl: 'http://api.example.org' }, publication: () => undefined });
    const port = await listening(app);
    try {
      for (const request of requests) {
        const res = await rawRequest(port, request);
        assert.equal(res.headers.get('strict-transport-security'), undefined, request.split('\r\n')[0]);
      }
    } finally {
      await app.close();
    }
  });
});
