import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runRefresh } from '../../src/ingest/refresh/run.ts';
import { createProviders } from '../../src/providers/providers.ts';
import { Publisher } from '../../src/publish/publisher.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { openApiValidator } from '../support/openapi-validator.ts';
import { type ReplayServer, startReplayServer } from '../support/replay-server.ts';
import { revisingM2Data } from '../support/synthetic-data.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

const FIRST = '2026-11-21T00:00:00.000Z';
const SECOND = '2026-11-21T06:00:00.000Z';
const BETWEEN = '2026-11-21T03:00:00.000Z';
const REVISION = 12.5;

type Point = { date: string; value: number };

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const yearBack = (date: string) => `${Number(date.slice(0, 4)) - 1}${date.slice(4)}`;

/** FRED's pc1 and ch1 on a monthly series, by hand: each month against the same month a year back. */
function byHand(points: readonly Point[], units: 'pc1' | 'ch1'): Point[] {
  const byDate = new Map(points.map((p) => [p.date, p.value]));
  return points.flatMap(({ date, value }) => {
    const lagged = byDate.get(yearBack(date));
    if (lagged === undefined) return [];
    return [{ date, value: round6(units === 'pc1' ? (value / lagged - 1) * 100 : value - lagged) }];
  });
}

/** Quarterly averages of a monthly series, by hand: the quarters whose three months are all there, dated the 1st. */
function quarterlyAverages(points: readonly Point[]): Point[] {
  const quarters = new Map<string, number[]>();
  for (const { date, value } of points) {
    const month = Number(date.slice(5, 7));
    const first = `${date.slice(0, 4)}-${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
    quarters.set(first, [...(quarters.get(first) ?? []), value]);
  }
  return [...quarters]
    .filter(([, values]) => values.length === 3)
    .map(([date, values]) => ({
      date,
      value: round6(values.reduce((a, b) => a + b, 0) / 3),
    }));
}

/**
 * Point in time with transforms (issue 42, point 4): M2's latest print is revised (+12.5) between two refreshes;
 * asOf between them with units/frequency answers the transform of the vintage known then — computed here by hand
 * from the current series with the first print put back — not the transform of today's values.
 */
describe('asOf with units, frequency and aggregation', () => {
  let store: Store;
  let replay: ReplayServer;
  let app: TestApp;
  let validator: ReturnType<typeof openApiValidator>;
  let knownThen: Point[];
  let now: Point[];
  before(async () => {
    const revising = revisingM2Data();
    replay = await startReplayServer(revising.data);
    store = await openStore('sqlite::memory:');
    const providers = createProviders(replay.providerConfig());
    await runRefresh({ store, providers, now: () => new Date(FIRST), only: ['m2'] }, 'test');
    revising.revise(REVISION);
    await runRefresh({ store, providers, now: () => new Date(SECOND), only: ['m2'] }, 'test');
    const publisher = new Publisher(store, { now: () => new Date(SECOND), offThread: false });
    await publisher.rebuild();
    app = buildTestApp({ config: { baseUrl: 'http://x.test' }, publication: () => publisher.current });
    validator = openApiValidator((await app.inject('/openapi.json')).json());
    now = (await app.inject('/api/series/m2?days=4000')).json().data.map(({ date, value }: Point) => ({ date, value }));
    // The vintage known between the refreshes: today's values with the last one's first print.
    knownThen = now.map((p, i) => (i === now.length - 1 ? { ...p, value: round6(p.value - REVISION) } : p));
  });
  after(async () => {
    await app.close();
    await store.close();
    await replay.close();
  });

  for (const units of ['pc1', 'ch1'] as const) {
    it(`units=${units}: the transform of the series as known then, not of today's`, async () => {
      const res = await app.inject(`/api/series/m2?units=${units}&asOf=${BETWEEN}`);
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json();
      assert.deepEqual(validator.validate('/api/series/{id}', 200, body), []);
      assert.deepEqual(body.data, byHand(knownThen, units));
      assert.notDeepEqual(body.data.at(-1), byHand(now, units).at(-1), 'the revision is not seen then');
      assert.deepEqual(body.meta.asOf, { instant: BETWEEN, storeFirstLoadAt: FIRST });
      assert.equal(body.meta.transform.units, units);
      const current = (await app.inject(`/api/series/m2?units=${units}&asOf=${SECOND}`)).json();
      assert.deepEqual(current.data, byHand(now, units), 'after the revision: today’s transform');
    });
  }

  it('frequency=q with units=lin: the quarterly averages of what was known then', async () => {
    const body = (await app.inject(`/api/series/m2?frequency=q&aggregation=avg&asOf=${BETWEEN}`)).json();
    assert.ok(body.data.length >= 6, `${body.data.length} quarters`);
    assert.deepEqual(body.data, quarterlyAverages(knownThen));
    assert.equal(body.meta.frequency, 'quarterly');
  });

  it('the CSV as known then holds the same transformed rows, under the unit after the transform', async () => {
    const json = (await app.inject(`/api/series/m2?units=pc1&days=180&asOf=${BETWEEN}`)).json().data as Point[];
    const csv = (await app.inject(`/api/series/m2.csv?units=pc1&days=180&asOf=${BETWEEN}`)).body;
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    assert.equal(header, 'date,value_percent_pc1');
    assert.deepEqual(
      rows,
      json.map((p) => `${p.date},${p.value}`),
    );
    assert.deepEqual(
      json,
      byHand(knownThen, 'pc1').filter((p) => p.date >= json[0]!.date),
    );
  });

  it('sort, limit and offset apply to the series as known then', async () => {
    const body = (await app.inject(`/api/series/m2?sort=desc&limit=2&asOf=${BETWEEN}`)).json();
    assert.deepEqual(
      body.data.map(({ date, value }: Point) => ({ date, value })),
      knownThen.slice(-2).reverse(),
    );
  });

  it('before the first load, a transform is refused as the plain series is: 404 not_known_as_of', async () => {
    const res = await app.inject('/api/series/m2?units=pc1&asOf=2026-11-20');
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().error.code, 'not_known_as_of');
  });
});
