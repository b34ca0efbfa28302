import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { appendObservations, countRows } from '../../src/store/observations.ts';
import { recentRuns, startRun } from '../../src/store/runs.ts';
import { openStore } from '../../src/store/store.ts';

/**
 * A refresh process whose parent is gone abandons its run (src/processes/refresh.ts): the series it was writing is
 * rolled back, never committed half-done, and the run is marked aborted — while its transaction is still open. On
 * SQLite, where the one connection holds the write lock; on PostgreSQL the server rolls back the transaction of a
 * process that exits, which test/ingest/refresh-orphan.test.ts shows with a real process.
 */
describe('abandoning a run mid-transaction, on SQLite', () => {
  let dir: string;
  let databaseUrl: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'usdl-abandon-'));
    databaseUrl = `sqlite:${join(dir, 'store.sqlite')}`;
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('rolls back what is under way and marks the run aborted', async () => {
    const store = await openStore(databaseUrl);
    const runId = await startRun(store.db, 'startup', '2026-11-27T00:00:00.000Z');
    let inside!: () => void;
    const opened = new Promise<void>((resolve) => {
      inside = resolve;
    });
    // A series being written: its rows inserted, its transaction not yet committed.
    const writing = store.db
      .transaction()
      .execute(async (trx) => {
        await appendObservations(trx, 'tga', [{ date: '2026-11-20', value: 800 }], '2026-11-27T00:00:01.000Z', runId);
        inside();
        await new Promise(() => {}); // held open: the process is abandoned here
      })
      .catch(() => {});
    await opened;
    await store.abandonRun(runId, '2026-11-27T00:00:02.000Z');
    void writing;

    const after = await openStore(databaseUrl);
    try {
      assert.equal(await countRows(after.db), 0, 'nothing of the series half-written');
      const [run] = await recentRuns(after.db, 1);
      assert.equal(run!.status, 'aborted');
      assert.equal(run!.finished_at, '2026-11-27T00:00:02.000Z');
    } finally {
      await after.close();
    }
  });
});
