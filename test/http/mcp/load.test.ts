import assert from 'node:assert/strict';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { callTool, handleMcpRequest, MCP_BOUNDS, mcpAdmission } from '../../../src/http/mcp/handler.ts';
import { routeContext } from '../../../src/http/routing/context.ts';
import { createRefreshedHarness, type Harness } from '../../support/harness.ts';

/**
 * Issue 28, finding 6: a burst of MCP calls ran at ~10 ms of CPU each on the serving thread and took the
 * /api/regime probe to 932 ms. Answers are kept per publication, at most MCP_BOUNDS.inFlight exchanges run at once and
 * the rest wait their turn (issue 42: refusing them lost a client's calls).
 */
describe('MCP under load', () => {
  let h: Harness;
  before(async () => {
    h = await createRefreshedHarness();
  });
  after(() => h.close());

  /** The admission frees a slot once the exchange's promise settles (p-queue): a turn of the event loop. */
  const released = () => new Promise((resolve) => setImmediate(resolve));

  const exchange = () => {
    const req = new IncomingMessage(new Socket());
    req.method = 'POST';
    req.headers = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
    return { req, res: new ServerResponse(req) };
  };

  it(`at most ${MCP_BOUNDS.inFlight} exchanges in flight; more wait their turn; past ${MCP_BOUNDS.waiting} waiting, busy (503, Retry-After)`, async () => {
    const context = routeContext({ config: { baseUrl: 'http://x.test' }, publication: () => h.publisher.current });
    const body = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    // Responses that never close: their exchanges stay in flight.
    const open = Array.from({ length: MCP_BOUNDS.inFlight }, exchange);
    await Promise.all(open.map(({ req, res }) => handleMcpRequest(context, req, res, body)));
    const next = exchange();
    const nextDone = handleMcpRequest(context, next.req, next.res, body);
    const queued = Array.from({ length: MCP_BOUNDS.waiting - 1 }, exchange);
    const queuedDone = queued.map(({ req, res }) => handleMcpRequest(context, req, res, body));
    assert.equal(mcpAdmission().waiting, MCP_BOUNDS.waiting);
    assert.equal(next.res.headersSent, false, 'waiting, not refused');
    const refused = exchange();
    await handleMcpRequest(context, refused.req, refused.res, body);
    assert.equal(refused.res.statusCode, 503);
    // The head as written (every answer's head is written from one object, not set header by header).
    assert.match((refused.res as unknown as { _header: string })._header, /\r\nretry-after: 1\r\n/);
    open[0]!.res.emit('close');
    await nextDone;
    assert.notEqual(next.res.statusCode, 503);
    assert.equal(mcpAdmission().inFlight, MCP_BOUNDS.inFlight, 'started when a slot freed');
    assert.equal(mcpAdmission().waiting, MCP_BOUNDS.waiting - 1);
    // Clients that go away leave the queue.
    for (const { res } of queued) res.emit('close');
    await Promise.all(queuedDone);
    assert.equal(mcpAdmission().waiting, 0);
    for (const { res } of [...open.slice(1), next]) res.emit('close');
    await released();
    assert.equal(mcpAdmission().inFlight, 0);
  });

  it('a tool call answered from a response’s bytes does not wait behind the SDK’s exchanges (MCP at REST’s cost)', async () => {
    const context = routeContext({ config: { baseUrl: 'http://x.test' }, publication: () => h.publisher.current });
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const open = Array.from({ length: MCP_BOUNDS.inFlight }, exchange);
    await Promise.all(open.map(({ req, res }) => handleMcpRequest(context, req, res, list)));
    assert.equal(mcpAdmission().inFlight, MCP_BOUNDS.inFlight);
    const call = exchange();
    const chunks: Buffer[] = [];
    call.res.write = ((chunk: Buffer) => chunks.push(Buffer.from(chunk)) > 0) as typeof call.res.write;
    call.res.end = ((chunk?: Buffer) => {
      if (chunk) chunks.push(Buffer.from(chunk));
      return call.res;
    }) as typeof call.res.end;
    const body = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'get_regime', arguments: {} } };
    await handleMcpRequest(context, call.req, call.res, body);
    // Answered while every SDK slot is taken: it never entered the admission.
    assert.equal(call.res.statusCode, 200);
    assert.equal(mcpAdmission().inFlight, MCP_BOUNDS.inFlight);
    assert.equal(JSON.parse(Buffer.concat(chunks).toString()).id, 7);
    for (const { res } of open) res.emit('close');
    await released();
    assert.equal(mcpAdmission().inFlight, 0);
  });

  it('a tool answer is kept for its publication: asked again, the same object, not parsed again', async () => {
    const context = routeContext({ config: { baseUrl: 'http://x.test' }, publication: () => h.publisher.current });
    const first = await callTool(context, 'get_history', {});
    const again = await callTool(context, 'get_history', {});
    assert.equal(again, first);
    assert.notEqual(await callTool(context, 'get_series', { id: 'tga', days: 30 }), first);
    // Errors are not kept (cheap to give again).
    const error = await callTool(context, 'get_series', { id: 'nope' });
    assert.equal(error.isError, true);
    assert.notEqual(await callTool(context, 'get_series', { id: 'nope' }), error);
  });
});
