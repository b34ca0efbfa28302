import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { startService } from '../../src/service.ts';
import { createCoordination } from '../../src/store/coordination.ts';
import { replayEnv } from '../support/processes.ts';
import { type ReplayServer, startReplayServer } from '../support/replay-server.ts';
import { syntheticReplayData } from '../support/synthetic-data.ts';
import { injectInto } from '../support/test-app.ts';

/**
 * Issue 28, finding 5: two processes on one SQLite store both refreshed (`npm start` twice with one DATABASE_URL).
 * One refresher per store: a lock beside the file, released when its process closes, exits or is killed.
 */
describe('one refresher per SQLite store', () => {
  let dir: string;
  let replay: ReplayServer;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'usdl-leader-'));
    replay = await startReplayServer(syntheticReplayData({ start: '2024-01-01' }));
  });
  after(async () => {
    await replay.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the first to ask leads; the other leads once the first closes', async () => {
    const url = `sqlite:${join(dir, 'a.sqlite')}`;
    const a = await createCoordination(url, 'sqlite');
    const b = await createCoordination(url, 'sqlite');
    assert.equal(await a.tryLead(), true);
    assert.equal(await a.tryLead(), true, 'it keeps leading');
    assert.equal(await b.tryLead(), false);
    assert.equal(b.isLeader, false);
    await a.close();
    assert.equal(await b.tryLead(), true);
    await b.close();
    // An in-memory store is one process's own: it always leads.
    const memory = await createCoordination('sqlite::memory:', 'sqlite');
    assert.equal(await memory.tryLead(), true);
  });

  it('a leader that is killed (SIGKILL) leaves the lock to the next process', async () => {
    const url = `sqlite:${join(dir, 'b.sqlite')}`;
    const module = new URL('../../src/store/coordination.ts', import.meta.url).href;
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { createCoordination } = await import(${JSON.stringify(module)});
         const c = await createCoordination(${JSON.stringify(url)}, 'sqlite');
         console.log(await c.tryLead() ? 'leading' : 'not leading');
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const [line] = await createInterface({ input: child.stdout! })
      [Symbol.asyncIterator]()
      .next()
      .then((r) => [r.value]);
    assert.equal(line, 'leading');
    const here = await createCoordination(url, 'sqlite');
    assert.equal(await here.tryLead(), false, 'the child holds the lock');
    child.kill('SIGKILL');
    await exited;
    assert.equal(await here.tryLead(), true, 'the lock went with the killed process');
    await here.close();
  });

  it('two services started on one store: exactly one refreshes', async () => {
    const env = {
      DATABASE_URL: `sqlite:${join(dir, 'service.sqlite')}`,
      ...replayEnv(replay),
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
    };
    const first = await startService(loadConfig(env));
    const second = await startService(loadConfig(env));
    try {
      const [{ startupRefresh }, started] = await Promise.all([first.started, second.started]);
      assert.ok(startupRefresh, 'the first service refreshes the empty store');
      assert.equal(started.startupRefresh, undefined, 'the second does not');
      assert.equal(second.coordination.isLeader, false);
      await startupRefresh;
      const runs = await first.store.db.selectFrom('refresh_runs').select('id').execute();
      assert.equal(runs.length, 1);
      // The follower serves what the leader published (it polls the publication log).
      await second.publisher.sync();
      assert.equal((await injectInto(second.app, '/api/series/tga')).statusCode, 200);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
