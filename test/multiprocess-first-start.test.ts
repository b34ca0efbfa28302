import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { openStore } from '../src/store/store.ts';
import { createTestDatabase, skipWithoutPostgres } from './support/postgres.ts';
import { type LogLine, message, type ServiceChild, startServiceChild } from './support/service-child.ts';

/**
 * Issue 41, point 5: two processes start on an empty PostgreSQL database, no provider reachable. The one that leads
 * loads the shipped bootstrap snapshot; the red team saw the other answer 503 no_data_yet for as long as it was
 * watched (164 s) while the leader served the snapshot, and no refresh started on either. Here the leader's storing
 * of the snapshot is held back — this test holds a lock on the refresh log, as a slow disk or a busy database would
 * — while the follower starts, so that the follower starts before any publication is in the database, every time:
 * it must serve from its first answer (the same shipped snapshot, from memory), then the leader's publication once
 * logged (the same bytes as the leader's), and exactly one refresh must start, on the leader. Each step waits for
 * the log line that says it happened. Two service processes, started one after the other.
 */
const UNREACHABLE = 'http://127.0.0.1:9';

describe('two processes on an empty PostgreSQL database', { skip: skipWithoutPostgres }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let holder: pg.Client;
  const started: ServiceChild[] = [];
  before(async () => {
    database = await createTestDatabase();
    // The schema only (what either process would create first): the store holds nothing.
    await (await openStore(database.url)).close();
    holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('begin');
    // Writers of the refresh log wait (the leader's load of the snapshot begins with its run); readers do not.
    await holder.query('lock table refresh_runs in share row exclusive mode');
  });
  after(async () => {
    await Promise.all(started.map((service) => service.stop()));
    await holder?.end().catch(() => {});
    await database?.drop();
  });

  const env = () => ({
    DATABASE_URL: database.url,
    FRED_BASE_URL: UNREACHABLE,
    TREASURY_BASE_URL: UNREACHABLE,
    NYFED_BASE_URL: UNREACHABLE,
    PRICES_BASE_URL: UNREACHABLE,
    // Unreachable providers fail the refresh at once: no retries, no spacing.
    PROVIDER_RETRIES: '0',
    FRED_MIN_INTERVAL_MS: '0',
    LEADER_CHECK_MS: '500',
  });
  const listening = (line: LogLine) => line.msg?.startsWith('Server listening') ?? false;
  const servingPublication = (id: number) => (line: LogLine) =>
    line.msg === 'serving publication' && line.publication === id;

  it('the follower serves from its first answer, then the leader’s publication; one refresh starts', async (t) => {
    const leader = await startServiceChild(t, env());
    started.push(leader);
    await leader.logged('that it listens', listening);
    assert.equal((await fetch(`${leader.base}/api/regime`)).status, 200, 'the leader serves the snapshot');

    const follower = await startServiceChild(t, env());
    started.push(follower);
    await follower.logged('that it listens', listening);
    const first = await fetch(`${follower.base}/api/regime`);
    assert.equal(first.status, 200, `the follower's first answer: ${await first.text()}`);
    assert.equal(((await (await fetch(`${follower.base}/api/health`)).json()) as Health).publication.version, 0);

    // The leader may now store the snapshot and log its publication.
    await holder.query('commit');
    await leader.logged('that it serves publication 1', servingPublication(1));
    await follower.logged('that it serves publication 1', servingPublication(1));
    const identity = { headers: { 'accept-encoding': 'identity' } };
    const [a, b] = await Promise.all([
      fetch(`${leader.base}/api/regime`, identity),
      fetch(`${follower.base}/api/regime`, identity),
    ]);
    assert.equal(b.headers.get('etag'), a.headers.get('etag'), 'the same publication, the same bytes');
    assert.equal(await b.text(), await a.text());

    await leader.logged('that its refresh on start began', message('refresh started'));
    // No provider answers: it ends failed, soon; its run is then in the log for good.
    await leader.logged('that its refresh ended', (line) => line.msg?.startsWith('refresh finished') ?? false);
    const runs = await holder.query<{ trigger: string }>('select trigger from refresh_runs order by id');
    assert.deepEqual(
      runs.rows.map((r) => (r.trigger.startsWith('bootstrap snapshot of ') ? 'bootstrap' : r.trigger)),
      ['bootstrap', 'startup'],
      'the snapshot’s load, then one refresh',
    );
    assert.equal(follower.lines().filter(message('refresh started')).length, 0, 'none on the follower');
    assert.equal(follower.lines().filter(message('leading: this process runs the refreshes')).length, 0);
  });
});

interface Health {
  publication: { version: number };
}
