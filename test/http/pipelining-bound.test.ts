import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { MAX_UNFINISHED_PER_CONNECTION } from '../../src/http/pipelining-bound.ts';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';

/**
 * Issue 28, finding 7: one slow reader stalled every other client. A client that pipelines requests and reads no
 * answer made the service answer every request of the chunk Node had read (1,500 here) on the serving thread.
 */
describe('pipelined requests from a client that does not read', () => {
  let h: Harness;
  let port: number;
  let answered = 0;
  before(async () => {
    h = await createRefreshedHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
    // An answered request has its response ended by the time the handler returns (these answers are pre-built).
    h.app.server.on('request', (_req: IncomingMessage, res: ServerResponse) =>
      setImmediate(() => {
        if (res.writableEnded) answered += 1;
      }),
    );
  });
  after(() => h.close());

  const opened = () =>
    new Promise<Socket>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve(socket));
      socket.on('error', () => {});
    });
  const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`;

  it('answers at most the bound, then closes the connection', async () => {
    answered = 0;
    // The server's side of the connection: the client's stays paused (it reads nothing), so it sees no close.
    const serverSide = new Promise<Socket>((resolve) => h.app.server.once('connection', resolve));
    const socket = await opened();
    socket.pause();
    const closed = new Promise((resolve) => serverSide.then((s) => s.once('close', resolve)));
    socket.write(request('/api/history').repeat(1500));
    // Without the bound the connection stays open: then wait for the answers past it instead.
    const pastTheBound = new Promise<void>((resolve) => {
      const check = () => (answered > MAX_UNFINISHED_PER_CONNECTION ? resolve() : setImmediate(check));
      check();
    });
    await Promise.race([closed, pastTheBound]);
    socket.destroy();
    assert.ok(answered <= MAX_UNFINISHED_PER_CONNECTION, `${answered} answered`);
  });

  it('answers every request of a client that pipelines a few and reads them', async () => {
    const socket = await opened();
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
    });
    const count = MAX_UNFINISHED_PER_CONNECTION;
    socket.write(
      request('/api/regime').repeat(count - 1) +
        request('/api/regime').replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'),
    );
    await new Promise((resolve) => socket.once('close', resolve));
    assert.equal(text.match(/HTTP\/1\.1 200 OK/g)?.length, count);
  });
});
