import { loadVintagedSeries } from '../src/store/observations.ts';
import { CATALOG } from '../src/timeseries/series.ts';
import { createHarness } from '../test/support/harness.ts';
import { hasRealData, realReplayData } from '../test/support/replay-data.ts';

/**
 * The real files loaded as the service stores them (through the replay server, refreshed at `now`), for the
 * model-variant benches; exits with a note when ../shared/data/real is absent.
 */
export async function realVintages(now: string) {
  if (!hasRealData()) {
    process.stdout.write('needs ../shared/data/real\n');
    process.exit(0);
  }
  const h = await createHarness({ data: realReplayData(), now: new Date(`${now}T12:00:00Z`) });
  await h.refresh();
  const vintaged = await loadVintagedSeries(h.store.db);
  await h.close();
  const blank = new Set(CATALOG.filter((d) => d.blankMeansZero).map((d) => d.id));
  return { vintaged, blank };
}
