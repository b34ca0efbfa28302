import assert from 'node:assert/strict';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { routeContext } from '../../src/http/app.ts';
import { callTool, handleMcpRequest, MAX_MCP_IN_FLIGHT, MAX_MCP_PER_SECOND, perSecond } from '../../src/http/mcp.ts';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';

/**
 * Issue 28, finding 6: a burst of MCP calls ran at ~10 ms of CPU each on the serving thread and took the
 * /api/regime probe to 932 ms. Answers are kept per publication, and at most MAX_MCP_IN_FLIGHT exchanges wait.
 */
describe('MCP under load', () => {
  let h: Harness;
  before(async () => {
    h = await createRefreshedHarness();
  });
  after(() => h.close());

  const exchange = () => {
    const req = new IncomingMessage(new Socket());
    req.method = 'POST';
    req.headers = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
    return { req, res: new ServerResponse(req) };
  };

  it(`at most ${MAX_MCP_IN_FLIGHT} exchanges in flight; one more is answered busy (503, Retry-After), and a slot frees when one closes`, async () => {
    const context = routeContext({ config: { baseUrl: 'http://x.test' }, publication: () => h.publisher.current });
    const body = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    // Responses that never close: their exchanges stay in flight.
    const open = Array.from({ length: MAX_MCP_IN_FLIGHT }, exchange);
    await Promise.all(open.map(({ req, res }) => handleMcpRequest(context, req, res, body)));
    const refused = exchange();
    await handleMcpRequest(context, refused.req, refused.res, body);
    assert.equal(refused.res.statusCode, 503);
    assert.equal(refused.res.getHeader('retry-after'), '1');
    open[0]!.res.emit('close');
    const next = exchange();
    await handleMcpRequest(context, next.req, next.res, body);
    assert.notEqual(next.res.statusCode, 503);
    for (const { res } of [...open.slice(1), next]) res.emit('close');
  });

  it('at most MAX_MCP_PER_SECOND started in any second (a sliding window)', () => {
    const allow = perSecond(2);
    assert.deepEqual([0, 10, 20].map(allow), [true, true, false]);
    assert.equal(allow(999), false);
    assert.equal(allow(1001), true, 'the start at 0 left the window');
    assert.equal(allow(1009), false);
    assert.equal(allow(1011), true);
    assert.equal(MAX_MCP_PER_SECOND, 40);
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
