import assert from 'node:assert/strict';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ON_DEMAND_LIMITS } from '../../src/publish/on-demand/gate.ts';
import { chartsPending, MAX_PENDING_CHARTS } from '../../src/site/charts/renderer.ts';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';

/**
 * Issue 28, findings 1 and 7: renders for clients that went away filled the chart queue (other clients got 503
 * busy on 32 of 37 new charts), and a client that half-closed its connection after its request got no answer from
 * a chart or an asOf (computed off the serving thread). Since issue 41 a client's charts take its share of the
 * bound of on-demand work (publish/on-demand/gate.ts): the drawings of its connections that went away must leave that
 * share at once, or its next charts would be refused.
 */
describe('charts for clients that left, and clients that half-close', () => {
  let h: Harness;
  let port: number;
  before(async () => {
    h = await createRefreshedHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
  });
  after(() => h.close());

  const open = (path: string, half = false) =>
    new Promise<{ socket: Socket; answer: Promise<string> }>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        const request = `GET ${path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n`;
        if (half) socket.end(request);
        else socket.write(request);
        resolve({ socket, answer });
      });
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('error', () => {});
      const answer = new Promise<string>((done) =>
        socket.on('close', () => done(Buffer.concat(chunks).toString('latin1'))),
      );
    });

  /** Lets the event loop run until `done` holds (each turn drains I/O callbacks), at most `turns` times. */
  const until = async (done: () => boolean, turns = 10_000) => {
    for (let i = 0; i < turns && !done(); i++) await new Promise((r) => setImmediate(r));
    return done();
  };

  // Chart ranges are drawn by whole months (other dates are redirected): distinct months make distinct drawings.
  const day = (i: number) => new Date(Date.UTC(2003, i, 1)).toISOString().slice(0, 10);
  const fill = async (offset: number) => {
    const requests = await Promise.all(
      Array.from({ length: MAX_PENDING_CHARTS + 5 }, (_, i) => open(`/charts/tga.png?start=${day(offset + i)}`)),
    );
    // One client: its first drawings run, a few wait their turn, the rest are answered busy at once.
    assert.ok(await until(() => chartsPending() >= ON_DEMAND_LIMITS.inFlight), 'the first drawings started');
    return requests;
  };
  const live = async (offset: number) => {
    const requests = await Promise.all(
      Array.from({ length: 5 }, (_, i) => open(`/charts/vix.png?start=${day(offset + i)}`)),
    );
    for (const answer of await Promise.all(requests.map((l) => l.answer))) assert.match(answer, /^HTTP\/1\.1 200 /);
  };

  it('37 chart requests whose connections reset leave their share to the client’s 5 next ones, all drawn', async () => {
    const abandoned = await fill(0);
    for (const { socket } of abandoned) socket.resetAndDestroy();
    // Their drawings are dropped as the server sees each connection close (the one being drawn finishes).
    assert.ok(await until(() => chartsPending() <= 1), `still pending: ${chartsPending()}`);
    await live(120);
  });

  it('37 whose connections closed their side (FIN: gone, or half-closed and waiting) yield to 5 next ones', async () => {
    const closed = await fill(150);
    for (const { socket } of closed) socket.destroy();
    // Let the server read the FINs (each event-loop turn polls I/O) before the live requests arrive.
    await until(() => false, 500);
    await live(250);
  });

  it('a client that half-closes after its request is answered: a chart, a PNG and an asOf', async () => {
    const regime = (await h.app.inject('/api/regime')).json();
    for (const path of [
      '/charts/tga.svg?start=2022-02-01',
      '/charts/vix.png?start=2022-03-01',
      `/api/regime?asOf=${regime.updatedAt}`,
    ]) {
      const { answer } = await open(path, true);
      assert.match(await answer, /^HTTP\/1\.1 200 /, path);
    }
  });
});

describe('chart ranges come in whole months', () => {
  let h: Harness;
  before(async () => {
    h = await createRefreshedHarness();
  });
  after(() => h.close());

  it('a start or end inside a month is redirected (308) to the month that holds it; whole months are drawn', async () => {
    const start = await h.app.inject('/charts/tga.png?start=2021-03-17&compare=onrrp');
    assert.equal(start.statusCode, 308);
    assert.equal(start.headers.location, '/charts/tga.png?start=2021-03-01&compare=onrrp');
    const both = await h.app.inject('/charts/tga.svg?start=2021-03-17&end=2022-02-03');
    assert.equal(both.headers.location, '/charts/tga.svg?start=2021-03-01&end=2022-02-28');
    assert.equal((await h.app.inject('/charts/tga.svg?start=2021-03-01&end=2022-02-28')).statusCode, 200);
  });
});
