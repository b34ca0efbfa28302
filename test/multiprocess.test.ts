import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { createTestDatabase, skipWithoutPostgres } from './support/postgres.ts';
import { freePort, replayEnv } from './support/processes.ts';
import { type ReplayServer, startReplayServer } from './support/replay-server.ts';
import { syntheticReplayData } from './support/synthetic-data.ts';

/**
 * Scale-out on PostgreSQL, for real: two API processes share one database. Exactly one leads and refreshes;
 * the other picks up each publication within seconds and answers byte for byte alike (ETags included); when the
 * leader is killed with SIGKILL, the other takes over and runs the next refresh.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await sleep(100);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

interface Health {
  publication: { version: number };
  lastRefresh: { runId: number } | null;
}

describe('several API processes on one PostgreSQL store', { skip: skipWithoutPostgres }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let replay: ReplayServer;
  const processes: ChildProcess[] = [];
  const ports: number[] = [];
  const health = async (port: number) => (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as Health;

  const startApi = async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['src/cli.ts', 'serve'], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        BASE_URL: 'http://api.example.test',
        LOG_LEVEL: 'warn',
        REFRESH_CRON: '*/6 * * * * *',
        LEADER_CHECK_MS: '400',
        PUBLICATION_POLL_MS: '1000',
        // This test polls health many times a second; what it checks is coordination, not the limit.
        RATE_LIMIT_PER_MINUTE: '0',
        ...replayEnv(replay),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    processes.push(child);
    ports.push(port);
    await until(`process on ${port} to answer`, 20_000, async () =>
      (await fetch(`http://127.0.0.1:${port}/api`)).ok ? true : undefined,
    );
    return { child, port };
  };

  before(async () => {
    database = await createTestDatabase();
    replay = await startReplayServer(syntheticReplayData({ start: '2022-06-01' }));
  });
  after(async () => {
    for (const child of processes) child.kill('SIGKILL');
    // Wait for each to be gone (not a fixed sleep): their sessions close with them.
    await Promise.all(
      processes.map((child) =>
        child.exitCode !== null || child.signalCode !== null
          ? undefined
          : new Promise((resolve) => child.once('exit', resolve)),
      ),
    );
    await replay?.close();
    await database?.drop();
  });

  let a: { child: ChildProcess; port: number };
  let b: { child: ChildProcess; port: number };

  it('the first process leads: it refreshes on start and publishes', async () => {
    a = await startApi();
    const h = await until('the first publication', 30_000, async () => {
      const value = await health(a.port);
      return value.publication.version >= 1 ? value : undefined;
    });
    assert.ok(h.lastRefresh);
  });

  it('a second process serves the same publication, byte for byte, with the same ETags', async () => {
    b = await startApi();
    await until('B to serve A’s publication', 10_000, async () => {
      const [ha, hb] = [await health(a.port), await health(b.port)];
      return ha.publication.version === hb.publication.version ? true : undefined;
    });
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
      const version = (await health(a.port)).publication.version;
      if ((await health(b.port)).publication.version !== version) continue;
      const pairs = await Promise.all(
        paths.map(async (path) => {
          const [ra, rb] = await Promise.all([
            fetch(`http://127.0.0.1:${a.port}${path}`, identity),
            fetch(`http://127.0.0.1:${b.port}${path}`, identity),
          ]);
          return {
            path,
            a: { status: ra.status, etag: ra.headers.get('etag'), body: await ra.text() },
            b: { status: rb.status, etag: rb.headers.get('etag'), body: await rb.text() },
          };
        }),
      );
      const stable =
        (await health(a.port)).publication.version === version &&
        (await health(b.port)).publication.version === version;
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
    const before = (await health(a.port)).publication.version;
    const newer = await until('the leader’s next scheduled refresh', 30_000, async () => {
      const value = (await health(a.port)).publication.version;
      return value > before ? value : undefined;
    });
    // How fast is a benchmark figure (a few hundred ms on an idle machine); here only that it happens.
    await until('B to serve it', 60_000, async () =>
      (await health(b.port)).publication.version >= newer ? true : undefined,
    );
  });

  it('when the leader is killed, the other process takes over and runs the next refresh', async () => {
    const lastRun = (await health(b.port)).lastRefresh?.runId ?? 0;
    a.child.kill('SIGKILL');
    const h = await until('B to run a refresh as the new leader', 40_000, async () => {
      const value = await health(b.port);
      return (value.lastRefresh?.runId ?? 0) > lastRun + 0 && value.publication.version > 0 ? value : undefined;
    });
    assert.ok(h.lastRefresh!.runId > lastRun);
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
