/**
 * A refreshed SQLite store for the benchmarks: every series from the real files (synthetic fixtures when absent)
 * through the replay server, as a first refresh stores them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RefreshSummary, runRefresh } from '../src/ingest/refresh/run.ts';
import { createProviders } from '../src/providers/providers.ts';
import { recordPublication } from '../src/store/publications.ts';
import { openStore } from '../src/store/store.ts';
import { hasRealData, realReplayData } from '../test/support/replay-data.ts';
import { startReplayServer } from '../test/support/replay-server.ts';
import { syntheticReplayData } from '../test/support/synthetic-data.ts';

export interface BenchStore {
  real: boolean;
  database: string;
  summary: RefreshSummary;
  refreshMs: number;
  remove(): void;
}

export async function benchStore(): Promise<BenchStore> {
  const real = hasRealData();
  const dir = mkdtempSync(join(tmpdir(), 'usd-liquidity-bench-'));
  const database = join(dir, 'bench.sqlite');
  const replay = await startReplayServer(real ? realReplayData() : syntheticReplayData());
  const store = await openStore(`sqlite:${database}`);
  const t0 = performance.now();
  const summary = await runRefresh(
    { store, providers: createProviders(replay.providerConfig()), now: () => new Date() },
    'bench',
  );
  const refreshMs = performance.now() - t0;
  // As the service does after a refresh: log the publication every process then builds.
  await recordPublication(store.db, summary.runId, new Date().toISOString());
  await store.close();
  await replay.close();
  return { real, database, summary, refreshMs, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
