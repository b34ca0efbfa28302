import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import { runRefresh } from '../../src/ingest/refresh.ts';
import { createProviders } from '../../src/providers/providers.ts';
import { loadSeries } from '../../src/store/observations.ts';
import { abortDanglingRuns, recentRuns } from '../../src/store/runs.ts';
import { openStore } from '../../src/store/store.ts';
import { INDICATOR_IDS } from '../../src/timeseries/series.ts';
import { freePort, replayEnv } from '../support/processes.ts';
import { type ReplayServer, startReplayServer } from '../support/replay-server.ts';
import { syntheticReplayData } from '../support/synthetic-data.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function providerEnv(replay: ReplayServer, database: string): Record<string, string> {
  return { ...replayEnv(replay), DATABASE_URL: `sqlite:${database}`, LOG_LEVEL: 'warn' };
}

describe('crash safety and graceful shutdown', () => {
  let replay: ReplayServer;
  let dir: string;
  let database: string;
  before(async () => {
    replay = await startReplayServer(syntheticReplayData({ start: '2022-01-01' }));
    dir = mkdtempSync(join(tmpdir(), 'usd-liquidity-crash-'));
    database = join(dir, 'store.sqlite');
  });
  after(async () => {
    await replay.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('SIGKILL in the middle of a refresh leaves a consistent store, and the next refresh completes', async () => {
    // Market prices answer slowly, so the refresh is mid-way (FRED series stored, prices pending) when killed.
    replay.inject('/v8/finance/chart/', { kind: 'delay', ms: 20_000 });
    const child: ChildProcess = spawn(process.execPath, ['src/cli.ts', 'refresh'], {
      env: { ...process.env, ...providerEnv(replay, database) },
      stdio: 'ignore',
    });
    const deadline = Date.now() + 20_000;
    let stored = 0;
    while (Date.now() < deadline) {
      await sleep(100);
      try {
        const peek = new SQLite(database, { readonly: true, fileMustExist: true });
        stored = (peek.prepare('select count(distinct series_id) as n from refresh_sources').get() as { n: number }).n;
        peek.close();
      } catch {
        // not created yet
      }
      if (stored >= 10) break;
    }
    assert.ok(stored >= 10, `the refresh got going before the kill (${stored} series recorded)`);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    replay.clearFaults();

    const check = new SQLite(database);
    assert.equal((check.prepare('pragma integrity_check').get() as { integrity_check: string }).integrity_check, 'ok');
    check.close();

    const store = await openStore(`sqlite:${database}`);
    try {
      const [interrupted] = await recentRuns(store.db, 1);
      assert.equal(interrupted?.status, 'running', 'the killed run is left running…');
      assert.equal(
        await abortDanglingRuns(store.db, new Date().toISOString()),
        1,
        '…and is marked aborted on the next start',
      );
      const before = await loadSeries(store.db);
      assert.ok((before.get('fed-balance-sheet')?.length ?? 0) > 0, 'what was stored before the kill is there');
      const summary = await runRefresh(
        { store, providers: createProviders(replay.providerConfig()), now: () => new Date() },
        'after-crash',
      );
      assert.equal(summary.status, 'ok');
      const after = await loadSeries(store.db);
      for (const id of INDICATOR_IDS) assert.ok((after.get(id)?.length ?? 0) > 0, id);
      assert.deepEqual(after.get('fed-balance-sheet'), before.get('fed-balance-sheet'), 'no duplicates, no loss');
      assert.equal((await recentRuns(store.db, 2))[1]?.status, 'aborted');
    } finally {
      await store.close();
    }
  });

  it('SIGTERM finishes in-flight requests, then exits cleanly', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['src/cli.ts', 'serve'], {
      env: {
        ...process.env,
        ...providerEnv(replay, database),
        PORT: String(port),
        HOST: '127.0.0.1',
        REFRESH_ON_START: 'false',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await sleep(100);
    }
    // A request counts as in flight once its response has started: it must then complete. Connections still in
    // the kernel's accept queue when the listener closes are refused or reset before any response: never cut.
    const requests = Array.from(
      { length: 60 },
      () =>
        new Promise<{ started: boolean; complete: boolean; error?: string }>((resolve) => {
          const request = httpGet(`${base}/api/history`, { agent: false }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              const body = Buffer.concat(chunks).toString();
              resolve({ started: true, complete: response.statusCode === 200 && JSON.parse(body).count > 0 });
            });
            response.on('error', (error) => resolve({ started: true, complete: false, error: error.message }));
          });
          request.on('error', (error: Error & { code?: string }) =>
            resolve({ started: false, complete: false, error: error.code ?? error.message }),
          );
        }),
    );
    await sleep(5);
    child.kill('SIGTERM');
    const results = await Promise.all(requests);
    const started = results.filter((r) => r.started);
    assert.ok(started.length > 0, 'some requests were in flight');
    assert.ok(
      started.every((r) => r.complete),
      'every request whose response had started completed with a full body',
    );
    for (const r of results.filter((x) => !x.started)) assert.match(String(r.error), /ECONNREFUSED|ECONNRESET/);
    assert.equal(await exited, 0);
  });
});
