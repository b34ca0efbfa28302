import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runRefresh } from '../../src/ingest/refresh/run.ts';
import { createProviders } from '../../src/providers/providers.ts';
import { Publisher } from '../../src/publish/publisher.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { assertAtom } from '../support/atom.ts';
import { type ReplayServer, startReplayServer } from '../support/replay-server.ts';
import { revisingM2Data } from '../support/synthetic-data.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

const FIRST = '2026-11-21T00:00:00.000Z';
const SECOND = '2026-11-21T06:00:00.000Z';

/**
 * Point in time: M2's latest print is revised between two refreshes (+12.5). asOf between them answers the first
 * print; asOf after, the revision; before the store's first load, a documented 404. /vintages lists both.
 */
describe('point in time: asOf and the revision record', () => {
  let store: Store;
  let replay: ReplayServer;
  let app: TestApp;
  before(async () => {
    const revising = revisingM2Data();
    replay = await startReplayServer(revising.data);
    store = await openStore('sqlite::memory:');
    const providers = createProviders(replay.providerConfig());
    await runRefresh({ store, providers, now: () => new Date(FIRST), only: ['m2'] }, 'test');
    revising.revise(12.5);
    await runRefresh({ store, providers, now: () => new Date(SECOND), only: ['m2'] }, 'test');
    const publisher = new Publisher(store, { now: () => new Date(SECOND), offThread: false });
    await publisher.rebuild();
    app = buildTestApp({ config: { baseUrl: 'http://x.test' }, publication: () => publisher.current });
  });
  after(async () => {
    await app.close();
    await store.close();
    await replay.close();
  });

  it('asOf before a revision returns the pre-revision value; after it, the revision', async () => {
    const now = (await app.inject('/api/series/m2?days=90')).json();
    const before = (await app.inject('/api/series/m2?days=90&asOf=2026-11-21T03:00:00Z')).json();
    const after = (await app.inject(`/api/series/m2?days=90&asOf=${SECOND}`)).json();
    assert.equal(before.data.length, now.data.length);
    assert.ok(Math.abs(now.data.at(-1).value - before.data.at(-1).value - 12.5) < 1e-6, 'the first print');
    assert.deepEqual(after.data, now.data);
    assert.deepEqual(before.meta.asOf, { instant: '2026-11-21T03:00:00.000Z', storeFirstLoadAt: FIRST });
    assert.equal(now.meta.asOf, undefined, 'only as-of answers carry it');
    assert.equal(before.provenance.inputs[0].vintageSeenAt, FIRST, 'the vintage read then, not the revision');
    assert.equal(now.provenance.inputs[0].vintageSeenAt, SECOND);
  });

  it('an instant before the store’s first load says so: 404 not_known_as_of naming the first load', async () => {
    const res = await app.inject('/api/series/m2?asOf=2026-11-20');
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().error.code, 'not_known_as_of');
    assert.match(res.json().error.message, /first stored data at 2026-11-21T00:00:00\.000Z/);
    for (const bad of ['yesterday', '2026-11-21T03:00', '2026-02-30']) {
      assert.equal((await app.inject(`/api/series/m2?asOf=${bad}`)).json().error.code, 'invalid_parameter', bad);
    }
  });

  it('/vintages lists every vintage: the first print superseded when the revision was seen', async () => {
    const body = (await app.inject('/api/series/m2/vintages?days=90')).json();
    assert.equal(body.storeFirstLoadAt, FIRST);
    const last = body.vintages.at(-1).date;
    const ofLast = body.vintages.filter((v: { date: string }) => v.date === last);
    assert.equal(ofLast.length, 2);
    assert.equal(ofLast[0].seenAt, FIRST);
    assert.equal(ofLast[0].supersededAt, SECOND);
    assert.equal(ofLast[1].supersededAt, null);
    assert.ok(Math.abs(ofLast[1].value - ofLast[0].value - 12.5) < 1e-6);
    assert.equal((await app.inject('/api/series/hy-spread/vintages')).statusCode, 451);
  });

  it('the series feed is valid Atom with the revision as its newest entry, under a stable id', async () => {
    const res = await app.inject('/api/series/m2/feed.xml');
    assert.match(String(res.headers['content-type']), /^application\/atom\+xml/);
    const entries = assertAtom(res.body);
    assert.match(entries[0]!.title, /^Revised: \d{4}-\d{2}-\d{2} from [\d.]+ to [\d.]+$/);
    assert.match(entries[1]!.title, /^New: /);
    assert.equal((await app.inject('/api/series/m2/feed.xml')).body, res.body, 'stable');
  });
  it('the first-release view lists each date’s first print once; the CSV holds the same rows', async () => {
    const all = (await app.inject('/api/series/m2/vintages?days=90')).json();
    const first = (await app.inject('/api/series/m2/vintages?days=90&view=first-release')).json();
    assert.equal(all.view, 'all');
    assert.equal(first.view, 'first-release');
    const dates = [...new Set(all.vintages.map((v: { date: string }) => v.date))];
    assert.equal(first.vintages.length, dates.length, 'one row per date');
    assert.equal(all.vintages.length, dates.length + 1, 'the revised date has two vintages');
    const revised = first.vintages.at(-1);
    assert.equal(revised.seenAt, FIRST);
    assert.equal(revised.supersededAt, SECOND, 'and when it was superseded');
    const current = all.vintages.at(-1);
    assert.ok(Math.abs(current.value - revised.value - 12.5) < 1e-6);
    for (const view of ['all', 'first-release']) {
      const json = (await app.inject(`/api/series/m2/vintages?days=90&view=${view}`)).json();
      const csv = await app.inject(`/api/series/m2/vintages.csv?days=90&view=${view}`);
      assert.equal(csv.statusCode, 200);
      assert.match(String(csv.headers['content-type']), /^text\/csv/);
      const lines = csv.body.trimEnd().split('\r\n');
      assert.equal(lines[0], 'date,value_usd_bn,seen_at,superseded_at');
      assert.deepEqual(
        lines.slice(1),
        json.vintages.map(
          (v: { date: string; value: number | null; seenAt: string; supersededAt: string | null }) =>
            `${v.date},${v.value ?? ''},${v.seenAt},${v.supersededAt ?? ''}`,
        ),
      );
    }
    assert.equal((await app.inject('/api/series/m2/vintages?view=latest')).statusCode, 400);
  });
});
