import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createRefreshedHarness, type Harness } from '../../support/harness.ts';

/**
 * Issue 42, point 1: the official SDK client failed its first tool call after listing tools ("other side closed")
 * on a loaded machine. The cause: right after tools/list the client compiles every tool's output schema in one
 * synchronous stretch (~0.5 s idle, seconds under load); a client whose thread is held that long cannot run its
 * keep-alive timer, so when it resumes it writes the call onto a pooled connection the server closed meanwhile
 * (Node's default: 5 s advertised, closed after 6 s idle). The server now keeps an idle connection for
 * 65 s (app.ts KEEP_ALIVE_MS).
 *
 * The stall is made, not waited for by chance: the client's thread is held with Atomics.wait for STALL_MS, longer
 * than the old idle limit and shorter than the new one. Client and server share this thread, and the outcome
 * does not depend on the machine's speed: when the thread resumes, the client writes its call at once (the same
 * task); then the event loop runs its timers before it reads sockets, so a server whose idle timer expired
 * during the stall closes the connection before reading the call — what a server on another thread does while the
 * client is stalled.
 */
const STALL_MS = 7_000;

function stall(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

describe('MCP over HTTP: a client stalled between calls', () => {
  let h: Harness;
  let url: URL;
  before(async () => {
    h = await createRefreshedHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    url = new URL(`http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/mcp`);
  });
  after(() => h.close());

  it(`gets its call answered after its thread was held ${STALL_MS / 1000} s past the last answer`, async () => {
    const client = new Client({ name: 'stalled', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url));
    try {
      const { tools } = await client.listTools();
      assert.ok(tools.length > 0);
      stall(STALL_MS);
      const health = await client.callTool({ name: 'get_health', arguments: {} });
      assert.equal(health.isError, undefined);
    } finally {
      await client.close();
    }
  });
});
