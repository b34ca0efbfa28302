/**
 * Full refresh + publish on the real files in ../shared/data/real (synthetic fixtures when absent), served in
 * the providers' formats by the loopback replay server into a fresh SQLite file. Prints the refresh summary
 * and the timings: `node bench/refresh.bench.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { progressObserver, summaryTable } from '../src/ingest/progress.ts';
import { runRefresh } from '../src/ingest/refresh.ts';
import { createProviders } from '../src/providers/providers.ts';
import { Publisher } from '../src/publish/publisher.ts';
import { openStore } from '../src/store/store.ts';
import { hasRealData, realReplayData } from '../test/support/replay-data.ts';
import { startReplayServer } from '../test/support/replay-server.ts';
import { syntheticReplayData } from '../test/support/synthetic-data.ts';

const real = hasRealData();
const replay = await startReplayServer(real ? realReplayData() : syntheticReplayData());
const dir = mkdtempSync(join(tmpdir(), 'usd-liquidity-bench-'));
const store = await openStore(`sqlite:${join(dir, 'bench.sqlite')}`);
const now = () => new Date('2026-09-01T12:00:00Z');
process.stdout.write(`data: ${real ? 'real files (../shared/data/real)' : 'synthetic fixtures'}\n`);

const t0 = performance.now();
const summary = await runRefresh(
  { store, providers: createProviders(replay.providerConfig()), now },
  'bench',
  progressObserver(process.stdout),
);
const t1 = performance.now();
const publisher = new Publisher(store, { now });
await publisher.rebuild();
const t2 = performance.now();
process.stdout.write(`\n${summaryTable(summary)}\n\n`);
process.stdout.write(
  `refresh (fetch + parse + store + derive): ${Math.round(t1 - t0)} ms\npublish (load + build responses): ${Math.round(t2 - t1)} ms\n`,
);
await store.close();
await replay.close();
rmSync(dir, { recursive: true, force: true });
