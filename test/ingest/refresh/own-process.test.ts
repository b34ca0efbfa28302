import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  NICE_INCREMENT,
  RefreshChildFailed,
  refreshInChildProcess,
  refreshInOwnProcess,
  stopRefreshChildren,
} from '../../../src/ingest/refresh/own-process.ts';
import { Refresher } from '../../../src/ingest/refresh/queue.ts';
import type { RefreshSummary, SourceOutcome } from '../../../src/ingest/refresh/run.ts';
import type { RefreshProcessTask } from '../../../src/processes/refresh.ts';
import {
  type ModelComputation,
  modelOutcome,
  modelResultKey,
  modelSeries,
} from '../../../src/publish/model/computation.ts';
import { storedModelResult } from '../../../src/store/model-results.ts';
import { loadSeries, loadVintagedSeries } from '../../../src/store/observations.ts';
import { latestPublication } from '../../../src/store/publications.ts';
import { recentRuns } from '../../../src/store/runs.ts';
import { openStore, type Store } from '../../../src/store/store.ts';
import { INDICATOR_IDS } from '../../../src/timeseries/series.ts';
import { BASE_URL } from '../../support/harness.ts';
import { type ReplayServer, startReplayServer } from '../../support/replay-server.ts';
import { syntheticReplayData } from '../../support/synthetic-data.ts';

const now = () => new Date('2026-11-21T12:00:00Z');

/** The service's refresher on a file store: each refresh in a process of its own, which publishes (src/service.ts). */
function serviceRefresher(
  store: Store,
  databaseUrl: string,
  replay: ReplayServer,
  onComplete: (summary: RefreshSummary, publicationId?: number) => void = () => {},
) {
  const processFor = (trigger: string) => ({
    entry: new URL('../../../src/processes/refresh.ts', import.meta.url),
    task: {
      refresh: { databaseUrl, providers: replay.providerConfig(), budgetMs: 120_000, trigger },
      publish: { baseUrl: BASE_URL },
    } satisfies RefreshProcessTask,
    budgetMs: 120_000,
  });
  return new Refresher(refreshInOwnProcess(processFor, { db: store.db, now }), onComplete);
}

describe('a refresh in its own process', () => {
  let dir: string;
  let databaseUrl: string;
  let store: Store;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'usdl-refresh-child-'));
    databaseUrl = `sqlite:${join(dir, 'store.sqlite')}`;
    store = await openStore(databaseUrl);
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the store this process reads, and reports each outcome to the observer', async () => {
    const replay = await startReplayServer(syntheticReplayData());
    try {
      const finished: SourceOutcome[] = [];
      let published: number | undefined;
      const summary = await serviceRefresher(store, databaseUrl, replay, (_, id) => {
        published = id;
      }).refresh('test', { finished: (outcome) => finished.push(outcome) });
      assert.equal(summary.status, 'ok');
      // Each outcome as it happened (in the order the series ended), then the summary.
      const byId = (a: SourceOutcome, b: SourceOutcome) => a.seriesId.localeCompare(b.seriesId);
      assert.deepEqual([...finished].sort(byId), [...summary.outcomes].sort(byId));
      const series = await loadSeries(store.db);
      for (const id of INDICATOR_IDS) assert.ok((series.get(id)?.length ?? 0) > 0, `${id} stored`);
      assert.equal((await recentRuns(store.db, 1))[0]?.status, 'ok');
      // It logged the publication and kept its model: what a serving process computes for it (but for the time the
      // computation took, `outputs.ms`).
      const record = await latestPublication(store.db);
      assert.ok(record && record.id === published && record.runId === summary.runId);
      const kept = JSON.parse((await storedModelResult(store.db, modelResultKey(record.id)))!) as ModelComputation;
      const vintaged = await loadVintagedSeries(store.db, undefined, record.context?.seenUpTo ?? undefined);
      const outcome = modelOutcome(modelSeries(vintaged), new Date(record.publishedAt), BASE_URL);
      assert.ok(outcome.ok);
      const here = outcome.computation;
      const digest = (c: ModelComputation) =>
        createHash('sha256')
          .update(JSON.stringify({ ...c, outputs: { ...c.outputs, ms: 0 } }))
          .digest('hex');
      assert.equal(digest(kept), digest(here));
    } finally {
      await replay.close();
    }
  });

  it('that dies is not run again in the serving process: it fails, and its run is closed as aborted', async () => {
    const replay = await startReplayServer(syntheticReplayData());
    try {
      replay.inject('', { kind: 'hang' }, 10_000);
      const runsBefore = (await recentRuns(store.db, 100)).length;
      const refreshing = serviceRefresher(store, databaseUrl, replay).refresh('test');
      // The refresh process is at a provider (its request hangs): it is killed there, as a crash or a deadline would.
      while (replay.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      stopRefreshChildren();
      await assert.rejects(refreshing, RefreshChildFailed);
      const runs = await recentRuns(store.db, 100);
      assert.equal(runs.length, runsBefore + 1, 'one run: the serving process did not refresh in its place');
      assert.equal(runs[0]?.status, 'aborted');
      assert.ok(runs[0]?.finished_at);
    } finally {
      await replay.close();
    }
  });
});

/** Starts a refresh process on an entry module of the given source (in the refresh process's message shape). */
async function startedWith<T>(source: string): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'usdl-refresh-entry-'));
  try {
    const entry = join(dir, 'entry.mjs');
    writeFileSync(entry, source);
    return (await refreshInChildProcess({ entry: new URL(`file://${entry}`), task: {}, budgetMs: 60_000 })) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the refresh process as it is started', () => {
  it('runs below this process from its start, before it runs its own code', async () => {
    // An entry that notes its priority on its first line, before anything it does could lower it.
    const seen = await startedWith<{ first: number }>(
      [
        "import { getPriority } from 'node:os';",
        'const first = getPriority();',
        "process.once('message', () => process.send({ ok: true, result: { first } }, () => process.exit(0)));",
      ].join('\n'),
    );
    assert.equal(seen.first, Math.min(19, getPriority() + NICE_INCREMENT));
  });

  it('runs V8 single-threaded and sized for memory, with the flags of the process that starts it', async () => {
    // An entry that answers with how it was started.
    const execArgv = await startedWith<string[]>(
      "process.once('message', () => process.send({ ok: true, result: process.execArgv }, () => process.exit(0)));",
    );
    assert.ok(execArgv.includes('--single-threaded'), execArgv.join(' '));
    assert.ok(execArgv.includes('--optimize-for-size'), execArgv.join(' '));
    for (const flag of process.execArgv.filter((f) => !f.startsWith('--inspect')))
      assert.ok(execArgv.includes(flag), flag);
  });
});
