import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';

/** The HTTP conventions issue 31 found missing, each as a client meets it. */
describe('HTTP conventions', () => {
  let h: Harness;
  let origin: string;
  before(async () => {
    h = await createRefreshedHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  });
  after(() => h.close());

  it('If-None-Match is evaluated even with Cache-Control: no-cache (what fetch() sends): 304', async () => {
    const first = await fetch(`${origin}/api/regime`);
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    const again = await fetch(`${origin}/api/regime`, {
      headers: { 'if-none-match': etag, 'cache-control': 'no-cache' },
    });
    assert.equal(again.status, 304);
  });

  it('browser code may read ETag, Retry-After, Deprecation, Sunset and Link', async () => {
    const res = await fetch(`${origin}/api/regime`);
    await res.arrayBuffer();
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').split(/,\s*/).map((h) => h.toLowerCase());
    for (const name of ['etag', 'retry-after', 'deprecation', 'sunset', 'link'])
      assert.ok(exposed.includes(name), name);
  });

  it('POST /mcp works from a browser: its preflight allows POST, its answer carries CORS', async () => {
    const preflight = await fetch(`${origin}/mcp`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://agent.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, mcp-protocol-version',
      },
    });
    assert.equal(preflight.status, 204);
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /\bPOST\b/);
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /content-type/);
    const call = await fetch(`${origin}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    assert.equal(call.status, 200);
    assert.equal(call.headers.get('access-control-allow-origin'), '*');
    await call.arrayBuffer();
  });

  async function rpc(body: unknown) {
    const res = await fetch(`${origin}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    // Streamable HTTP may answer as one SSE event: its data line is the JSON-RPC message.
    const json = text.startsWith('{') ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? '{}');
    return JSON.parse(json) as {
      error?: { code: number; message: string };
      result?: { structuredContent?: { dates: string[] } };
    };
  }

  it('an unknown MCP tool is a JSON-RPC error -32602, not a tool result', async () => {
    const answer = await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_everything' } });
    assert.equal(answer.error?.code, -32602);
    assert.match(answer.error?.message ?? '', /get_everything/);
  });

  it('get_history without start answers the last 365 days, not the whole history', async () => {
    const answer = await rpc({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_history' } });
    const dates = answer.result?.structuredContent?.dates ?? [];
    const whole = (await h.app.inject('/api/history')).json() as { dates: string[] };
    assert.ok(dates.length > 200 && dates.length < 270, `${dates.length} business days`);
    assert.equal(dates.at(-1), whole.dates.at(-1));
    assert.ok(whole.dates.length > dates.length);
    const asked = await rpc({
      jsonrpc: '2.0',
      id: 4,
      method: 'tools/call',
      params: { name: 'get_history', arguments: { start: whole.dates[0] } },
    });
    assert.equal(asked.result?.structuredContent?.dates.length, whole.dates.length, 'start asks for more');
  });

  it('asOf takes RFC 3339 with any fraction of a second (Python isoformat writes microseconds)', async () => {
    const micro = await h.app.inject('/api/series/tga?days=5&asOf=2026-11-21T12:00:00.123456%2B00:00');
    const plain = await h.app.inject('/api/series/tga?days=5&asOf=2026-11-21T12:00:00.123Z');
    assert.equal(micro.statusCode, plain.statusCode);
    assert.notEqual(micro.statusCode, 400, micro.body);
    assert.deepEqual(micro.json().observations, plain.json().observations);
  });

  it('an API endpoint refuses a query parameter it does not take, naming the ones it does', async () => {
    const res = await h.app.inject('/api/history?days=30');
    assert.equal(res.statusCode, 400);
    const body = res.json();
    assert.equal(body.error.code, 'unknown_parameter');
    assert.match(body.error.message, /"days"/);
    assert.match(body.error.hint, /start, end, asOf/);
    // The contract's parameters keep working; pages ignore what they do not take (shared links carry utm_*).
    assert.equal((await h.app.inject('/api/series/tga?days=30')).statusCode, 200);
    assert.equal((await h.app.inject('/api/regime')).statusCode, 200);
    assert.equal((await h.app.inject('/?utm_source=newsletter')).statusCode, 200);
  });

  it('the API catalog (RFC 9727): its profile in the media type, and Link rel="api-catalog" on it and the pages', async () => {
    const head = await h.app.inject({ method: 'HEAD', url: '/.well-known/api-catalog' });
    assert.equal(head.statusCode, 200);
    assert.equal(
      head.headers['content-type'],
      'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
    );
    assert.match(String(head.headers.link), /<\/\.well-known\/api-catalog>; rel="api-catalog"/);
    const home = await h.app.inject('/');
    assert.match(String(home.headers.link), /<\/\.well-known\/api-catalog>; rel="api-catalog"/);
  });
});
