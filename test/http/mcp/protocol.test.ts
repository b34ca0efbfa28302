import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer } from '../../../src/http/mcp/handler.ts';
import { routeContext } from '../../../src/http/routing/context.ts';
import { createRefreshedHarness, type Harness } from '../../support/harness.ts';

/** One POST /mcp over a plain connection: what a host's HTTP stack sends and receives, headers included. */
function post(port: number, body: unknown, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const text = JSON.stringify(body);
    const req = request(
      {
        port,
        host: '127.0.0.1',
        path: '/mcp',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'content-length': Buffer.byteLength(text),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** Issue 42, point 6: MCP for hosts — the tool list compressed, unknown arguments refused by name. */
describe('MCP for hosts', () => {
  let h: Harness;
  let port: number;
  before(async () => {
    h = await createRefreshedHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
  });
  after(() => h.close());

  it('the tool list goes compressed to a client that accepts it, the same JSON as sent plain', async () => {
    const list = { jsonrpc: '2.0', id: 7, method: 'tools/list' };
    const plain = await post(port, list);
    assert.equal(plain.status, 200);
    assert.equal(plain.headers['content-encoding'], undefined);
    const zipped = await post(port, list, { 'accept-encoding': 'gzip' });
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.match(String(zipped.headers.vary), /Accept-Encoding/);
    assert.equal(Number(zipped.headers['content-length']), zipped.body.length);
    assert.deepEqual(JSON.parse(gunzipSync(zipped.body).toString()), JSON.parse(plain.body.toString()));
    assert.ok(zipped.body.length * 5 < plain.body.length, `${zipped.body.length} of ${plain.body.length} bytes`);
    const brotli = await post(port, list, { 'accept-encoding': 'gzip, br' });
    assert.equal(brotli.headers['content-encoding'], 'br');
    // Asked again, the same bytes (kept, not compressed again).
    assert.deepEqual((await post(port, list, { 'accept-encoding': 'gzip' })).body, zipped.body);
  });

  it('unknown tool arguments are a JSON-RPC error (-32602) naming them, list_series included', async () => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
    try {
      for (const [name, args, unknown] of [
        ['list_series', { q: 'treasury' }, /"q"/],
        ['get_series', { id: 'tga', dayz: 30, colour: 'red' }, /"dayz", "colour"/],
        ['get_regime', { asof: '2026-01-01' }, /"asof"/],
      ] as const) {
        await assert.rejects(
          client.callTool({ name, arguments: args }),
          (error: unknown) =>
            error instanceof McpError && error.code === ErrorCode.InvalidParams && unknown.test(error.message),
          name,
        );
      }
      // Known arguments still answer.
      const ok = await client.callTool({ name: 'get_series', arguments: { id: 'tga', days: 30 } });
      assert.equal(ok.isError, undefined);
    } finally {
      await client.close();
    }
  });

  it('the handshake and the tool list are answered before the publication is read; a tool call waits for it', async () => {
    // What `usd-liquidity mcp` does on start: it connects at once and reads the publication meanwhile.
    let read!: () => void;
    const ready = new Promise<void>((resolve) => {
      read = resolve;
    });
    const context = routeContext({ config: { baseUrl: 'http://x.test' }, publication: () => h.publisher.current });
    const server = createMcpServer(context, () => ready);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'host', version: '1.0.0' });
    await client.connect(clientSide);
    try {
      assert.equal((await client.listTools()).tools.length, 8);
      let answered = false;
      const call = client.callTool({ name: 'get_health', arguments: {} }).then((result) => {
        answered = true;
        return result;
      });
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(answered, false, 'waits for the publication');
      read();
      assert.equal((await call).isError, undefined);
    } finally {
      await client.close();
    }
  });
});
