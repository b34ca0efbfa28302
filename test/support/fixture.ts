import { runRefresh } from '../../src/ingest/refresh/run.ts';
import { createProviders } from '../../src/providers/providers.ts';
import { openStore } from '../../src/store/store.ts';
import { startReplayServer } from './replay-server.ts';
import { syntheticReplayData } from './synthetic-data.ts';

/** The refreshed store every HTTP test starts from: the generated fixtures, refreshed once at TEST_NOW. */
export const FIXTURE_NOW = new Date('2026-11-21T12:00:00Z');

export async function buildFixtureStore(path: string): Promise<void> {
  const replay = await startReplayServer(syntheticReplayData());
  const store = await openStore(`sqlite:${path}`);
  try {
    const summary = await runRefresh(
      { store, providers: createProviders(replay.providerConfig()), now: () => FIXTURE_NOW },
      'fixture',
    );
    if (summary.status !== 'ok') throw new Error(`fixture refresh ended ${summary.status}`);
  } finally {
    await store.close();
    await replay.close();
  }
}
