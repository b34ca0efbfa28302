import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { OnDemand } from '../../src/publish/on-demand/gate.ts';
import { type OnDemandResult, type OnDemandTask, runOnDemandTask } from '../../src/publish/on-demand/tasks.ts';
import { BASE_URL, createRefreshedHarness, type Harness } from '../support/harness.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 41, points 1 and 2: on-demand answers are computed by the executor the app is given (the worker thread in
 * the service), never on the serving thread; within a bound shared fairly between clients; MCP tools that map to a
 * pre-built response answer from it, those that compute go the same bounded way. The executor here holds each
 * task until the test releases it: no clock, no wait.
 */
describe('on-demand work: off the serving thread, bounded and fair', () => {
  let h: Harness;
  let app: TestApp;
  const tasks: OnDemandTask[] = [];
  const held: Array<() => void> = [];
  const compute = (task: OnDemandTask): Promise<OnDemandResult> => {
    tasks.push(task);
    return new Promise((resolve) => held.push(() => resolve(runOnDemandTask(task))));
  };
  const releaseAll = () => {
    for (const release of held.splice(0)) release();
  };
  before(async () => {
    h = await createRefreshedHarness();
    app = buildTestApp({
      config: { baseUrl: BASE_URL },
      publication: () => h.publisher.current,
      onDemand: new OnDemand({ inFlight: 1, queued: 2, perClientQueued: 1, memoBytes: 1024 * 1024 }),
      compute,
    });
  });
  after(async () => {
    releaseAll();
    await app.close();
    await h.close();
  });

  it('a transform is computed by the executor, not on the serving thread, and kept once computed', async () => {
    tasks.length = 0;
    const pending = app.inject({ url: '/api/series/m2?units=pc1', remoteAddress: '10.0.0.1' });
    // The request waits for the executor: the serving thread did not compute it.
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(
      tasks.map((t) => t.kind),
      ['transformed'],
    );
    releaseAll();
    const res = await pending;
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().meta.transform.units, 'pc1');
    // The same answer again: from the memo, no task.
    const again = await app.inject({ url: '/api/series/m2?units=pc1', remoteAddress: '10.0.0.2' });
    assert.equal(again.statusCode, 200);
    assert.equal(again.body, res.body);
    assert.equal(tasks.length, 1);
  });

  it('CSV, many series, vintages and a series as of an instant go to the executor too', async () => {
    tasks.length = 0;
    const urls = [
      '/api/series/tga.csv?days=123',
      '/api/series.json?ids=tga,onrrp&days=50',
      '/api/series.csv?ids=tga,onrrp&units=chg',
      '/api/series/tga/vintages?days=30',
      `/api/series/tga?asOf=${encodeURIComponent(h.now().toISOString())}`,
    ];
    for (const url of urls) {
      const pending = app.inject({ url, remoteAddress: '10.0.1.1' });
      await new Promise((resolve) => setImmediate(resolve));
      releaseAll();
      assert.equal((await pending).statusCode, 200, url);
    }
    assert.deepEqual(
      tasks.map((t) => t.kind),
      ['series-csv', 'set-json', 'set-csv', 'vintages', 'series-as-of'],
    );
  });

  it('a client over its share of the queue gets 503 busy with Retry-After, while another client is still served', async () => {
    tasks.length = 0;
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const a1 = app.inject({ url: '/api/series/tga?units=chg&days=11', remoteAddress: '10.0.2.1' });
    await turn();
    const a2 = app.inject({ url: '/api/series/tga?units=chg&days=12', remoteAddress: '10.0.2.1' });
    await turn();
    const a3 = await app.inject({ url: '/api/series/tga?units=chg&days=13', remoteAddress: '10.0.2.1' });
    assert.equal(a3.statusCode, 503);
    assert.equal(a3.json().error.code, 'busy');
    assert.equal(a3.headers['retry-after'], '2');
    // Another client still has its share: queued, not refused.
    const b1 = app.inject({ url: '/api/series/tga?units=chg&days=14', remoteAddress: '10.0.3.1' });
    await new Promise((resolve) => setImmediate(resolve));
    // Release one at a time: each finished task starts the next in turn.
    for (let turn = 0; turn < 50 && (held.length > 0 || tasks.length < 3); turn++) {
      releaseAll();
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (const res of await Promise.all([a1, a2, b1])) assert.equal(res.statusCode, 200);
    assert.equal(tasks.length, 3);
  });

  it('MCP: a tool on a pre-built response answers from it, computing nothing; one that computes goes the bounded way', async () => {
    tasks.length = 0;
    const call = (id: number, args: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/mcp',
        remoteAddress: '10.0.4.1',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        payload: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_series', arguments: args } },
      });
    const plain = await call(1, { id: 'tga', days: 30 });
    assert.equal(plain.statusCode, 200);
    const rest = await app.inject('/api/series/tga?days=30');
    const result = plain.json().result;
    assert.equal(result.content[0].text, rest.body);
    assert.deepEqual(result.structuredContent, rest.json());
    // An uncommon window (views of the points, its text slices of them escaped once): the same bytes as REST's.
    const uncommon = (await call(3, { id: 'tga', days: 123 })).json().result;
    assert.equal(uncommon.content[0].text, (await app.inject('/api/series/tga?days=123')).body);
    assert.equal(tasks.length, 0);
    const pending = call(2, { id: 'tga', units: 'pch', days: 40 });
    while (tasks.length === 0) await new Promise((resolve) => setImmediate(resolve));
    releaseAll();
    const computed = (await pending).json().result;
    assert.equal(computed.structuredContent.meta.transform.units, 'pch');
    assert.deepEqual(
      tasks.map((t) => t.kind),
      ['transformed'],
    );
  });

  it('workbooks, charts drawn on request and the lens as of an instant take their place in the same bound', async () => {
    let settledAll = false;
    const a = '10.0.5.1';
    // Client a: one computation running (held by the executor), one waiting: its share is full.
    const running = app.inject({ url: '/api/series/tga?units=chg&days=21', remoteAddress: a });
    await new Promise((resolve) => setImmediate(resolve));
    const waiting = app.inject({ url: '/api/series/tga?units=chg&days=22', remoteAddress: a });
    await new Promise((resolve) => setImmediate(resolve));
    const workbook = await app.inject({ url: '/api/series/tga.xlsx?days=23', remoteAddress: a });
    assert.equal(workbook.statusCode, 503);
    // Workbooks keep the code they have always answered past their bound.
    assert.equal(workbook.json().error.code, 'service_unavailable');
    assert.ok(Number(workbook.headers['retry-after']) >= 1);
    const chart = await app.inject({ url: '/charts/tga.svg?start=2019-01-01&end=2019-12-31', remoteAddress: a });
    assert.equal(chart.statusCode, 503);
    assert.equal(chart.json().error.code, 'busy');
    const instant = encodeURIComponent(h.now().toISOString());
    const lens = await app.inject({ url: `/api/lens?asOf=${instant}`, remoteAddress: a });
    assert.equal(lens.statusCode, 503);
    assert.equal(lens.json().error.code, 'busy');
    // Another client's workbook and lens wait their turn instead.
    const other = app.inject({ url: '/api/series/tga.xlsx?days=23', remoteAddress: '10.0.6.1' });
    const otherLens = app.inject({ url: `/api/lens?asOf=${instant}`, remoteAddress: '10.0.7.1' });
    while (held.length > 0 || !settledAll) {
      releaseAll();
      await new Promise((resolve) => setImmediate(resolve));
      settledAll = await Promise.race([
        Promise.all([running, waiting, other, otherLens]).then(() => true),
        new Promise<boolean>((resolve) => setImmediate(() => resolve(false))),
      ]);
    }
    assert.equal((await other).statusCode, 200);
    assert.equal(
      (await other).headers['content-type'],
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    assert.equal((await otherLens).statusCode, 200);
    assert.equal((await running).statusCode, 200);
  });
});
