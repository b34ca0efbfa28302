import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { recentRuns } from '../../../src/store/runs.ts';
import { openStore } from '../../../src/store/store.ts';
import { createTestDatabase, skipWithoutPostgres } from '../../support/postgres.ts';
import { freePort, replayEnv } from '../../support/processes.ts';
import { type ReplayServer, startReplayServer } from '../../support/replay-server.ts';
import { syntheticReplayData } from '../../support/synthetic-data.ts';

/**
 * Issue 41, point 7: the refresh process ends with the serving process that started it — at once, its run marked
 * aborted — instead of going on beside the refresh of whichever process leads next (and dying on a broken pipe
 * ~15 s later, its run left `running` for good). Each case starts one `serve` process, whose refresh on start
 * begins a run and asks the replay for data that never comes; the serving process is killed with SIGKILL; the test
 * waits for the refresh process's end — or for what proves it lives on: a provider request after the kill (its
 * hung requests time out after PROVIDER_TIMEOUT_MS and are retried). Two processes at most, besides this one.
 */
const ROOT = new URL('../../..', import.meta.url).pathname;

/** The processes `pid` started (its children, from every thread's list in /proc). */
function childrenOf(pid: number): number[] {
  const tasks = readdirSync(`/proc/${pid}/task`);
  return tasks.flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number),
  );
}

/** Whether `pid` has ended (gone, or a zombie waiting for its new parent to reap it). */
function ended(pid: number): boolean {
  if (!existsSync(`/proc/${pid}`)) return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

/** Resolves when `pid` has ended; checked every 20 ms (a process not ours to wait on has no exit event here). */
function endOf(pid: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      if (!ended(pid)) return;
      clearInterval(timer);
      resolve();
    }, 20);
  });
}

/** Which of the four providers a replayed request is for. */
function providerOf(target: string): string {
  if (target.startsWith('/graph/') || target.startsWith('/fred/')) return 'fred';
  if (target.startsWith('/services/')) return 'treasury';
  if (target.startsWith('/api/')) return 'nyfed';
  return 'prices';
}

function exitOf(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`the refresh process, on ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, when its serving process dies`, {
    skip: engine === 'postgres' && skipWithoutPostgres,
  }, () => {
    let replay: ReplayServer;
    let databaseUrl: string;
    let cleanup: () => Promise<void>;
    before(async () => {
      replay = await startReplayServer(syntheticReplayData({ start: '2024-01-01', end: '2024-03-01' }));
      // Every provider request hangs: the refresh is under way, and stays so, when its parent is killed.
      replay.inject('/', { kind: 'hang' });
      if (engine === 'sqlite') {
        const dir = mkdtempSync(join(tmpdir(), 'usdl-orphan-'));
        databaseUrl = `sqlite:${join(dir, 'store.sqlite')}`;
        cleanup = async () => rmSync(dir, { recursive: true, force: true });
      } else {
        const database = await createTestDatabase();
        databaseUrl = database.url;
        cleanup = () => database.drop();
      }
    });
    after(async () => {
      await replay?.close();
      await cleanup?.();
    });

    it('ends at once, its run marked aborted', async () => {
      const serving = spawn(process.execPath, ['src/cli.ts', 'serve'], {
        cwd: ROOT,
        env: {
          ...process.env,
          ...replayEnv(replay),
          DATABASE_URL: databaseUrl,
          PORT: String(await freePort()),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
          // A hung request is given up after 10 s and retried: the proof that a refresh process lives on.
          PROVIDER_TIMEOUT_MS: '10000',
          // One request at a time per provider: once each of the four has its request hanging, nothing else is
          // under way, so a request arriving after the kill was made after it.
          PROVIDER_CONCURRENCY: '1',
        },
        stdio: 'ignore',
      });
      let refreshPid: number | undefined;
      try {
        const providers = new Set<string>();
        while (providers.size < 4) providers.add(providerOf(await replay.nextRequest()));
        [refreshPid] = childrenOf(serving.pid!);
        assert.ok(refreshPid, 'the serving process started a refresh process');
        serving.kill('SIGKILL');
        await exitOf(serving);
        const outcome = await Promise.race([
          endOf(refreshPid).then(() => 'ended'),
          replay.nextRequest().then((target) => `asked a provider for ${target} after its parent was killed`),
        ]);
        assert.equal(outcome, 'ended', `the refresh process (pid ${refreshPid}) went on: it ${outcome}`);
      } finally {
        serving.kill('SIGKILL');
        await exitOf(serving);
        // Not left behind when the assertion failed (it was this test's grandchild).
        if (refreshPid && !ended(refreshPid)) process.kill(refreshPid, 'SIGKILL');
      }
      const store = await openStore(databaseUrl);
      try {
        const runs = await recentRuns(store.db, 10);
        assert.equal(runs.length, 1, 'one run: the refresh on start');
        assert.equal(runs[0]!.status, 'aborted');
        assert.ok(runs[0]!.finished_at, 'with the instant it was aborted');
      } finally {
        await store.close();
      }
    });
  });
}
