import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runRefresh } from '../../src/ingest/refresh/run.ts';
import { createProviders } from '../../src/providers/providers.ts';
import { Publisher } from '../../src/publish/publisher.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { type ReplayServer, startReplayServer } from '../support/replay-server.ts';
import { revisingData } from '../support/synthetic-data.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

const FIRST = '2026-11-20T18:00:00.000Z';
const BETWEEN = '2026-11-20T21:00:00.000Z';
const SECOND = '2026-11-21T06:00:00.000Z';

type Json = Record<string, unknown> & { provenance: { publication: unknown; inputs: unknown; dataCutoff: unknown } };

/** A body without what names the answering publication or the instant asked: what must equal across the two. */
function content(body: Json): Json {
  const { updatedAt: _u, asOf: _a, provenance, ...rest } = body;
  return { ...rest, provenance: { inputs: provenance.inputs, dataCutoff: provenance.dataCutoff } } as unknown as Json;
}

/**
 * asOf on the model's resources: the store loads everything at FIRST (publication 1 is served and recorded
 * here), then VIX — a scored input — is revised over its last 15 days and seen at SECOND (publication 2). Asked
 * later, asOf between the two answers publication 1's regime, history and lens; asOf after, publication 2's.
 */
describe('point in time on the model: asOf on /api/regime, /api/history and /api/lens', () => {
  let store: Store;
  let replay: ReplayServer;
  let app: TestApp;
  const first: Record<string, Json> = {};
  const firstText: Record<string, string> = {};
  before(async () => {
    const revising = revisingData('fred:VIXCLS');
    replay = await startReplayServer(revising.data);
    store = await openStore('sqlite::memory:');
    const providers = createProviders(replay.providerConfig());
    await runRefresh({ store, providers, now: () => new Date(FIRST) }, 'test');
    const publisher1 = new Publisher(store, { now: () => new Date(FIRST), offThread: false });
    await publisher1.rebuild();
    const app1 = buildTestApp({ config: { baseUrl: 'http://x.test' }, publication: () => publisher1.current });
    for (const url of ['/api/regime', '/api/history', '/api/lens?lang=de'])
      first[url] = (await app1.inject(url)).json();
    for (const url of ['/api/history.csv?start=2026-06-01', '/api/series/vix.csv?days=60']) {
      firstText[url] = (await app1.inject(url)).body;
    }
    await app1.close();
    // A revision inside the jump check's bounds (it would hold a larger one in quarantine).
    // +5 %: a revision within the jump check's 10 scales (VIX's recent days move by ~0.5), so it enters at once.
    revising.revise((value, fromEnd) => (fromEnd < 15 ? value * 1.05 : value));
    await runRefresh({ store, providers, now: () => new Date(SECOND), only: ['vix'] }, 'test');
    const publisher2 = new Publisher(store, { now: () => new Date(SECOND), offThread: false });
    await publisher2.rebuild();
    app = buildTestApp({ config: { baseUrl: 'http://x.test' }, publication: () => publisher2.current });
  });
  after(async () => {
    await app.close();
    await store.close();
    await replay.close();
  });

  it('the revision moved the current answer (else the comparison below would prove nothing)', async () => {
    const now = (await app.inject('/api/history')).json();
    const was = first['/api/history']! as unknown as { aggregate: number[] };
    assert.notDeepEqual(now.aggregate.slice(-15), was.aggregate.slice(-15));
  });

  it('asOf between the refreshes answers what publication 1 served; its asOf field names the instant', async () => {
    const regime = await app.inject(`/api/regime?asOf=${BETWEEN}`);
    assert.equal(regime.statusCode, 200);
    const body = regime.json();
    assert.deepEqual(content(body), content(first['/api/regime']!));
    assert.deepEqual(body.asOf, { instant: BETWEEN, storeFirstLoadAt: FIRST, knowledgeAt: FIRST });
    assert.equal(body.updatedAt, BETWEEN);
    assert.equal(body.modelVersion, first['/api/regime']!.modelVersion);
    const history = (await app.inject(`/api/history?asOf=${BETWEEN}`)).json();
    assert.deepEqual(content(history), content(first['/api/history']!));
    const lens = (await app.inject(`/api/lens?lang=de&asOf=${BETWEEN}`)).json();
    assert.deepEqual(content(lens), content(first['/api/lens?lang=de']!));
    assert.equal(lens.lang, 'de');
  });

  it('asOf after the revision answers what is served now; a later instant counts as the publication', async () => {
    for (const url of ['/api/regime', '/api/history']) {
      const now = (await app.inject(url)).json();
      const later = (await app.inject(`${url}?asOf=2026-11-21T07:00:00Z`)).json();
      assert.deepEqual(content(later), content(now), url);
      assert.equal(later.asOf.knowledgeAt, SECOND);
      const future = (await app.inject(`${url}?asOf=2027-01-01`)).json();
      assert.deepEqual(content(future), content(now), `${url}: no knowledge after the publication`);
    }
  });

  it('CSV follows asOf too: the history and a series as known then, byte for byte', async () => {
    const history = await app.inject(`/api/history.csv?start=2026-06-01&asOf=${BETWEEN}`);
    assert.equal(history.body, firstText['/api/history.csv?start=2026-06-01']);
    const accept = await app.inject({
      url: `/api/history?start=2026-06-01&asOf=${BETWEEN}`,
      headers: { accept: 'text/csv' },
    });
    assert.equal(accept.body, history.body);
    assert.match(String(accept.headers.vary), /Accept/);
    const vix = await app.inject(`/api/series/vix.csv?days=60&asOf=${BETWEEN}`);
    assert.equal(vix.body, firstText['/api/series/vix.csv?days=60']);
    assert.notEqual((await app.inject('/api/series/vix.csv?days=60')).body, vix.body, 'the revision, now');
    const json = await app.inject({ url: `/api/series/vix?days=60&asOf=${BETWEEN}`, headers: { accept: 'text/csv' } });
    assert.equal(json.body, vix.body);
  });

  it('a range of the history as of an instant keeps its asOf field', async () => {
    const body = (await app.inject(`/api/history?start=2026-11-01&end=2026-11-10&asOf=${BETWEEN}`)).json();
    assert.ok(body.count > 0 && body.count <= 8);
    assert.ok(body.dates.every((d: string) => d >= '2026-11-01' && d <= '2026-11-10'));
    assert.equal(body.asOf.instant, BETWEEN);
  });

  it('before the first load every resource says nothing was known: 404 not_known_as_of', async () => {
    for (const url of ['/api/regime', '/api/history', '/api/lens', '/api/history.csv', '/api/series/vix.csv']) {
      const res = await app.inject(`${url}?asOf=2026-11-19`);
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.json().error.code, 'not_known_as_of', url);
      assert.match(res.json().error.message, /first stored data at 2026-11-20T18:00:00\.000Z/, url);
    }
    for (const bad of ['tomorrow', '2026-11-20T03:00', '2026-02-30']) {
      assert.equal((await app.inject(`/api/regime?asOf=${bad}`)).json().error.code, 'invalid_parameter', bad);
      assert.equal((await app.inject(`/api/lens?asOf=${bad}`)).json().error.code, 'invalid_parameter', bad);
    }
  });

  it('answers are kept: the same instant is the same bytes and ETag', async () => {
    const a = await app.inject(`/api/regime?asOf=${BETWEEN}`);
    const b = await app.inject(`/api/regime?asOf=${BETWEEN}`);
    assert.equal(a.headers.etag, b.headers.etag);
    assert.equal(a.body, b.body);
  });
});
