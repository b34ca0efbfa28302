import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import { runRefresh } from '../../src/ingest/refresh/run.ts';
import { createProviders } from '../../src/providers/providers.ts';
import { loadSeries } from '../../src/store/observations.ts';
import { abortDanglingRuns, recentRuns } from '../../src/store/runs.ts';
import { openStore } from '../../src/store/store.ts';
import { INDICATOR_IDS } from '../../src/timeseries/series.ts';
import { replayEnv } from '../support/processes.ts';
import { type ReplayServer, startReplayServer } from '../support/replay-server.ts';
import { startServiceChild } from '../support/service-child.ts';
import { syntheticReplayData } from '../support/synthetic-data.ts';

function providerEnv(replay: ReplayServer, database: string): Record<string, string> {
  return { ...replayEnv(replay), DATABASE_URL: `sqlite:${database}` };
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
    // Market prices never answer, so the refresh is mid-way (FRED series stored, prices pending) when killed,
    // however fast or slow the machine.
    replay.inject('/v8/finance/chart/', { kind: 'hang' });
    const child: ChildProcess = spawn(process.execPath, ['src/cli.ts', 'refresh'], {
      env: { ...process.env, ...providerEnv(replay, database) },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    // It prints a line for each series once stored (progress.ts): ten of them say it got going.
    await new Promise<void>((resolve, reject) => {
      let printed = '';
      child.stdout!.on('data', (chunk) => {
        printed += chunk;
        if ((printed.match(/^\[\s*\d+\/\d+\] ok /gm) ?? []).length >= 10) resolve();
      });
      child.once('exit', (code) =>
        reject(new Error(`the refresh exited (${code}) before storing ten series:\n${printed}`)),
      );
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    replay.clearFaults();
    const peek = new SQLite(database, { readonly: true });
    const recorded = (peek.prepare('select count(distinct series_id) as n from refresh_sources').get() as { n: number })
      .n;
    peek.close();
    assert.ok(recorded >= 10, `the refresh got going before the kill (${recorded} series recorded)`);

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

  it('SIGTERM finishes in-flight requests, then exits cleanly', async (t) => {
    const service = await startServiceChild(t, { ...providerEnv(replay, database), REFRESH_ON_START: 'false' });
    await service.logged('that it listens', (line) => line.msg?.startsWith('Server listening') ?? false);
    const base = service.base;
    // A request counts as in flight once its response has started: it must then complete. Connections still in
    // the kernel's accept queue when the listener closes are refused or reset before any response: never cut.
    let firstResponse!: () => void;
    const responding = new Promise<void>((resolve) => {
      firstResponse = resolve;
    });
    const requests = Array.from(
      { length: 60 },
      () =>
        new Promise<{ started: boolean; complete: boolean; error?: string }>((resolve) => {
          const request = httpGet(`${base}/api/history`, { agent: false }, (response) => {
            firstResponse();
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
    // The signal comes once answers are being written: some are in flight, the rest still to come.
    await responding;
    service.child.kill('SIGTERM');
    const results = await Promise.all(requests);
    const started = results.filter((r) => r.started);
    assert.ok(started.length > 0, 'some requests were in flight');
    assert.ok(
      started.every((r) => r.complete),
      'every request whose response had started completed with a full body',
    );
    for (const r of results.filter((x) => !x.started)) assert.match(String(r.error), /ECONNREFUSED|ECONNRESET/);
    assert.equal((await service.exited()).code, 0, service.output());
  });
});
