import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { runRefresh } from '../../src/ingest/refresh/run.ts';
import { createProviders } from '../../src/providers/providers.ts';
import { closeWorkerPool } from '../../src/publish/on-demand/worker-pool.ts';
import { Publisher } from '../../src/publish/publisher.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { hasRealData, type ReplayData, realReplayData } from '../support/replay-data.ts';
import { type ReplayServer, startReplayServer } from '../support/replay-server.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

const FIRST = '2026-09-01T06:00:00.000Z';
const BETWEEN = '2026-09-01T09:30:00.000Z';
const SECOND = '2026-09-01T12:00:00.000Z';
const VIX = 'fred:VIXCLS';
// WALCL is revised too: VIX stops in June in the files; dli-3 reads net liquidity to the files' end.
const REVISED = new Set([VIX, 'fred:WALCL']);
// Revisions within the jump check's 10 recent scales (VIX moves ~1 a day, WALCL ~15 bn a week), so they enter at once.
const FACTOR: Record<string, number> = { [VIX]: 1.05, 'fred:WALCL': 1.005 };

type Body = Record<string, unknown> & { provenance: { inputs: unknown[] }; asOf?: unknown };

/**
 * asOf on the real files, served as the service serves it: a real socket (whose answer waits for
 * the worker thread), the model computed on the worker. The real files are loaded at FIRST; then the last 15
 * VIX closes (+5 %) and WALCL prints (+0.5 %) are revised and seen at SECOND. asOf between answers what was published at FIRST.
 */
describe('point in time on the real files: the regime and the history as published before a revision', {
  skip: !hasRealData() && 'no ../shared/data/real',
}, () => {
  let store: Store;
  let replay: ReplayServer;
  let app: TestApp;
  let url: string;
  const published: Record<string, Body> = {};
  const get = async (path: string) => {
    const res = await fetch(`${url}${path}`);
    return { status: res.status, headers: res.headers, body: (await res.json()) as Body };
  };

  before(async () => {
    const real = realReplayData();
    let revised = false;
    const data: ReplayData = {
      ...real,
      rows: (key) =>
        REVISED.has(key) && revised
          ? real
              .rows(key)
              ?.map((r, i, all) =>
                r.raw && all.length - i <= 15 ? { ...r, raw: (Number(r.raw) * FACTOR[key]!).toFixed(2) } : r,
              )
          : real.rows(key),
    };
    replay = await startReplayServer(data);
    store = await openStore('sqlite::memory:');
    const providers = createProviders(replay.providerConfig());
    await runRefresh({ store, providers, now: () => new Date(FIRST) }, 'test');
    const first = new Publisher(store, { now: () => new Date(FIRST) });
    await first.rebuild();
    published.regime = JSON.parse(first.current!.regime!.response.body.toString());
    published.history = JSON.parse(first.current!.history!.response.body.toString());
    revised = true;
    // A whole re-read (the weekly one): the real files end months before SECOND, beyond any routine window.
    await runRefresh(
      { store, providers, now: () => new Date(SECOND), only: ['vix', 'fed-balance-sheet'], reads: 'full' },
      'test',
    );
    const second = new Publisher(store, { now: () => new Date(SECOND) });
    await second.rebuild();
    app = buildTestApp({ config: { baseUrl: 'http://x.test' }, publication: () => second.current });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await app.close();
    await store.close();
    await replay.close();
    await closeWorkerPool();
  });

  it('over a socket, asOf between the refreshes answers the regime and history published at FIRST', async () => {
    const now = await get('/api/history');
    const was = published.history as unknown as { aggregate: number[] };
    assert.notDeepEqual(
      (now.body.aggregate as number[]).slice(-15),
      was.aggregate.slice(-15),
      'the revision moved the model',
    );
    const regime = await get(`/api/regime?asOf=${BETWEEN}`);
    assert.equal(regime.status, 200);
    const expected = published.regime!;
    for (const field of [
      'status',
      'percentile5y',
      'confidence',
      'momentum',
      'drivers',
      'coverage',
      'subIndices',
      'date',
      'dataAsOf',
      'freshness',
    ]) {
      assert.deepEqual(regime.body[field], expected[field], field);
    }
    assert.deepEqual(regime.body.provenance.inputs, expected.provenance.inputs, 'the vintages read then');
    assert.deepEqual(regime.body.asOf, { instant: BETWEEN, storeFirstLoadAt: FIRST, knowledgeAt: FIRST });
    const history = await get(`/api/history?asOf=${BETWEEN}`);
    for (const field of ['dates', 'headline', 'status', 'confidence', 'aggregate', 'subIndices']) {
      assert.deepEqual(history.body[field], published.history![field], field);
    }
  });

  it('the series as known then: the VIX closes of the file before the revision, and the revision now', async () => {
    const raw = new Map(
      (realReplayData().rows(VIX) ?? []).flatMap((r) => (r.raw ? [[r.date, Number(r.raw)] as const] : [])),
    );
    const before = await get(`/api/series/vix?days=30&asOf=${BETWEEN}`);
    const now = await get('/api/series/vix?days=30');
    const points = (b: Body) => b.data as Array<{ date: string; value: number }>;
    assert.ok(points(before.body).length >= 15);
    for (const p of points(before.body)) assert.equal(p.value, raw.get(p.date), `${p.date} as published`);
    const last = points(now.body).at(-1)!;
    assert.ok(Math.abs(last.value - raw.get(last.date)! * FACTOR[VIX]!) < 0.01, 'the revised close, now');
  });

  it('an agent asks the same through MCP: get_regime with asOf carries the instant and its provenance', async () => {
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
    try {
      const tools = (await client.listTools()).tools;
      const regimeTool = tools.find((t) => t.name === 'get_regime')!;
      assert.ok('asOf' in (regimeTool.inputSchema.properties ?? {}), 'asOf is a documented argument');
      const answer = (await client.callTool({ name: 'get_regime', arguments: { asOf: BETWEEN } })) as unknown as {
        structuredContent: { percentile5y: number; asOf: { knowledgeAt: string }; provenance: { inputs: unknown[] } };
      };
      assert.equal(answer.structuredContent.percentile5y, published.regime!.percentile5y);
      assert.equal(answer.structuredContent.asOf.knowledgeAt, FIRST);
      assert.ok(answer.structuredContent.provenance.inputs.length >= 7);
      const lens = (await client.callTool({
        name: 'get_lens',
        arguments: { asOf: BETWEEN, lang: 'fr' },
      })) as unknown as {
        structuredContent: { lang: string; asOf: { instant: string } };
      };
      assert.equal(lens.structuredContent.lang, 'fr');
      assert.equal(lens.structuredContent.asOf.instant, BETWEEN);
    } finally {
      await client.close();
    }
  });
});
