import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runWithNatives, srcModuleUrl } from '../../support/natives.ts';

/*
 * Every request the dispatcher hands a route has one hidden class (src/http/routing/request.ts). When each request
 * had a class of its own, V8 kept the classes until a full collection and each request's objects with them: the
 * serving process spent about half its time collecting garbage. V8's %HaveSameMap (behind --allow-natives-syntax,
 * so in a child process) is the direct check; the object literal it replaced fails it.
 */
const SCRIPT = (moduleUrl: string) => `
import { DispatchedRequest, NO_PARAMS } from ${JSON.stringify(moduleUrl)};
const req = (n) => ({ headers: { accept: 'text/html', 'x-n': String(n) }, socket: {} });
const query = {};
const one = new DispatchedRequest(NO_PARAMS, query, req(1), '/api/regime', false, { once() {} }, () => 'a');
const two = new DispatchedRequest({ id: 'tga' }, query, req(2), '/api/series/tga', true, undefined, undefined);
const literal = (r, res) => ({ path: r, ...(res ? { connection: () => res } : {}), get client() { return r; } });
process.stdout.write(JSON.stringify({
  requests: %HaveSameMap(one, two),
  client: [one.client, two.client ?? 'none'],
  literal: %HaveSameMap(literal('a', 1), literal('b', 2)),
}));
`;

test('every dispatched request has the same hidden class (the per-request literal did not)', () => {
  const out = runWithNatives(SCRIPT(srcModuleUrl('http/routing/request.ts'))) as {
    requests: boolean;
    client: string[];
    literal: boolean;
  };
  assert.equal(out.requests, true);
  assert.deepEqual(out.client, ['a', 'none']);
  // The shape it replaced, as a control: if V8 ever shares its class, this test no longer tells anything.
  assert.equal(out.literal, false);
});
