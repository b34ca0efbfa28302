import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { createTestDatabase, skipWithoutPostgres } from './support/postgres.ts';
import { replayEnv } from './support/processes.ts';
import { type ReplayServer, startReplayServer } from './support/replay-server.ts';
import { type LogLine, message, type ServiceChild, startServiceChild, type Waiter } from './support/service-child.ts';
import { syntheticReplayData } from './support/synthetic-data.ts';

/**
 * Scale-out on PostgreSQL, for real: two API processes share one database. Exactly one leads and refreshes;
 * the other picks up each publication within seconds and answers byte for byte alike (ETags included); when the
 * leader is killed with SIGKILL, the other takes over and runs the next refresh. Every wait is for the log line
 * that says the awaited thing happened (test/support/service-child.ts), never for a length of time.
 */

interface Health {
  publication: { version: number };
  lastRefresh: { runId: number } | null;
}

const listening = (line: LogLine) => line.msg?.startsWith('Server listening') ?? false;
/** The line a process logs when it starts serving a logged publication: its id. */
const servingAtLeast = (id: number) => (line: LogLine) =>
  line.msg === 'serving publication' && typeof line.publication === 'number' && line.publication >= id;
const newestServed = (service: ServiceChild) =>
  Math.max(0, ...service.lines().flatMap((l) => (l.msg === 'serving publication' ? [l.publication as number] : [])));

describe('several API processes on one PostgreSQL store', { skip: skipWithoutPostgres }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let replay: ReplayServer;
  const services: ServiceChild[] = [];
  const health = async (service: ServiceChild) => (await (await fetch(`${service.base}/api/health`)).json()) as Health;

  const startApi = async (t: Waiter) => {
    const service = await startServiceChild(t, {
      DATABASE_URL: database.url,
      BASE_URL: 'http://api.example.test',
      REFRESH_CRON: '*/6 * * * * *',
      LEADER_CHECK_MS: '400',
      PUBLICATION_POLL_MS: '1000',
      ...replayEnv(replay),
    });
    services.push(service);
    await service.logged('that it listens', listening);
    return service;
  };

  before(async () => {
    database = await createTestDatabase();
    replay = await startReplayServer(syntheticReplayData({ start: '2022-06-01' }));
  });
  after(async () => {
    // Each is waited for (not a fixed sleep): their sessions close with them.
    await Promise.all(services.map((service) => service.stop()));
    await replay?.close();
    await database?.drop();
  });

  let a: ServiceChild;
  let b: ServiceChild;

  it('the first process leads: it refreshes on start and publishes', async (t) => {
    a = await startApi(t);
    await a.logged('that it leads', message('leading: this process runs the refreshes'));
    await a.logged('that it serves its first publication', servingAtLeast(1));
    assert.ok((await health(a)).lastRefresh);
  });

  it('a second process serves the same publication, byte for byte, with the same ETags', async (t) => {
    b = await startApi(t);
    await b.logged('that it serves a publication the leader logged', servingAtLeast(newestServed(a)));
    // The leader publishes every few seconds here: compare inside a window where both serve one version.
    const paths = [
      '/api/regime',
      '/api/series/tga?days=90',
      '/api/lens?lang=de',
      '/api/history',
      '/api/snapshot',
      '/',
      '/docs.md',
      '/openapi.json',
    ];
    const identity = { headers: { 'accept-encoding': 'identity' } };
    for (let attempt = 1; ; attempt++) {
      const version = (await health(a)).publication.version;
      if ((await health(b)).publication.version !== version) continue;
      const pairs = await Promise.all(
        paths.map(async (path) => {
          const [ra, rb] = await Promise.all([
            fetch(`${a.base}${path}`, identity),
            fetch(`${b.base}${path}`, identity),
          ]);
          return {
            path,
            a: { status: ra.status, etag: ra.headers.get('etag'), body: await ra.text() },
            b: { status: rb.status, etag: rb.headers.get('etag'), body: await rb.text() },
          };
        }),
      );
      const stable =
        (await health(a)).publication.version === version && (await health(b)).publication.version === version;
      if (!stable && attempt < 5) continue;
      assert.ok(stable, 'both processes kept one version during the comparison');
      for (const pair of pairs) {
        assert.equal(pair.a.status, 200, pair.path);
        assert.equal(pair.a.etag, pair.b.etag, `${pair.path} ETag`);
        assert.equal(pair.a.body, pair.b.body, `${pair.path} body`);
      }
      break;
    }
  });

  it('the follower picks up each new publication (by notice, or by poll as a fallback)', async () => {
    const newer = newestServed(a) + 1;
    await a.logged(`that it serves the next publication (${newer})`, servingAtLeast(newer));
    // How fast is a benchmark figure (a few hundred ms on an idle machine); here only that it happens.
    await b.logged(`that it serves publication ${newer} too`, servingAtLeast(newer));
  });

  it('when the leader is killed, the other process takes over and runs the next refresh', async () => {
    const lastRun = (await health(b)).lastRefresh?.runId ?? 0;
    const servedBefore = newestServed(b);
    await a.stop('SIGKILL');
    await b.logged('that it leads', message('leading: this process runs the refreshes'));
    await b.logged('that its refresh ended', (line) => line.msg?.startsWith('refresh finished') ?? false);
    await b.logged('that it serves what it refreshed', servingAtLeast(servedBefore + 1));
    const h = await health(b);
    assert.ok(h.lastRefresh!.runId > lastRun, `run ${h.lastRefresh?.runId} after ${lastRun}`);
  });

  it('refreshes never overlapped: one leader at a time', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ started_at: string; finished_at: string | null; status: string }>(
      'select started_at, finished_at, status from refresh_runs order by id',
    );
    await client.end();
    assert.ok(rows.length >= 3, `${rows.length} runs`);
    for (let i = 1; i < rows.length; i++) {
      const previous = rows[i - 1]!;
      if (previous.finished_at === null) {
        assert.equal(previous.status, 'running', 'only a run cut short by the SIGKILL may lack an end');
        continue;
      }
      assert.ok(rows[i]!.started_at >= previous.finished_at, `run ${i + 1} started before run ${i} finished`);
    }
  });
});
