import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const t0 = performance.now();
const { runRefresh } = await import('../src/ingest/refresh.ts');
const { createProviders } = await import('../src/providers/providers.ts');
const { openStore } = await import('../src/store/store.ts');
const { realReplayData } = await import('../test/support/replay-data.ts');
const { startReplayServer } = await import('../test/support/replay-server.ts');
const dir = mkdtempSync(join(tmpdir(), 'prof-'));
const db = join(dir, 'p.sqlite');
{
  const replay = await startReplayServer(realReplayData());
  const store = await openStore(`sqlite:${db}`);
  await runRefresh({ store, providers: createProviders(replay.providerConfig()), now: () => new Date() }, 'x');
  await store.close();
  await replay.close();
}
const mem = (l: string) => {
  const m = process.memoryUsage();
  console.log(
    l,
    'rss',
    (m.rss / 1e6).toFixed(0),
    'heapUsed',
    (m.heapUsed / 1e6).toFixed(0),
    'heapTotal',
    (m.heapTotal / 1e6).toFixed(0),
    'external',
    (m.external / 1e6).toFixed(0),
    'arrayBuffers',
    (m.arrayBuffers / 1e6).toFixed(0),
  );
};
global.gc?.();
mem('after refresh');
const t1 = performance.now();
const { loadSiteContent } = await import('../src/http/site-content.ts');
const { Publisher } = await import('../src/publish/publisher.ts');
const { loadVintagedSeries } = await import('../src/store/observations.ts');
const store = await openStore(`sqlite:${db}`);
const t2 = performance.now();
const v = await loadVintagedSeries(store.db);
const t3 = performance.now();
const { buildPublication } = await import('../src/publish/publication.ts');
const { seriesRefreshStates } = await import('../src/store/runs.ts');
const states = await seriesRefreshStates(store.db);
const content = loadSiteContent({ baseUrl: 'http://x' });
const t4 = performance.now();
const { computeModelOutputs } = await import('../src/publish/model-outputs.ts');
const mo = computeModelOutputs(v, new Date(), 'http://x');
const t5 = performance.now();
const pub = buildPublication({ vintaged: v, states, now: new Date(), version: 1, baseUrl: 'http://x', content });
const t6 = performance.now();
console.log({
  imports: Math.round(t2 - t1),
  load: Math.round(t3 - t2),
  content: Math.round(t4 - t3),
  model: Math.round(t5 - t4),
  publication: Math.round(t6 - t5),
});
global.gc?.();
mem('after publication');
(globalThis as any).keep = pub;
