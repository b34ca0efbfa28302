import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { announcePublication } from '../../../src/publish/after-refresh.ts';
import { modelOutcome } from '../../../src/publish/model/computation.ts';
import { buildPublication } from '../../../src/publish/publication/build.ts';
import { PUBLISHED } from '../../../src/publish/resources/list.ts';
import { buildSite } from '../../../src/site/site-bundle.ts';
import { createCoordination } from '../../../src/store/coordination.ts';
import { latestPublication } from '../../../src/store/publications.ts';
import { openStore, type Store } from '../../../src/store/store.ts';
import { LOCALES } from '../../../src/timeseries/locales.ts';
import { INDICATOR_IDS } from '../../../src/timeseries/series.ts';
import { createRefreshedHarness } from '../../support/harness.ts';
import { nextPublication } from '../../support/next-publication.ts';

describe('a publication with nothing stored', () => {
  it('serves health (down) and explains why the model is missing, never a neutral value', async () => {
    const publication = await buildPublication({
      vintaged: new Map(),
      states: new Map(),
      now: new Date('2026-11-21T12:00:00Z'),
      version: 1,
      baseUrl: 'http://test',
      computed: modelOutcome(new Map(), new Date('2026-11-21T12:00:00Z'), 'http://test'),
    });
    assert.equal(publication.regime, undefined);
    assert.match(publication.errors.model ?? '', /no reading yet/);
    assert.equal(publication.health.body.status, 'down');
    assert.equal(publication.series.size, 0);
    assert.equal(publication.site, undefined, 'no site without content');
  });
});

describe('the after-refresh sequence', () => {
  let store: Store;
  before(async () => {
    store = await openStore('sqlite::memory:');
  });
  after(() => store.close());

  it('logs the publication at the injected clock instant and tells the other processes', async () => {
    const coordination = await createCoordination('sqlite::memory:', 'sqlite');
    const heard: number[] = [];
    coordination.onPublished((id) => heard.push(id));
    const now = () => new Date('2026-11-21T06:00:00.000Z');
    const id = await announcePublication({ store, coordination, now }, null);
    assert.deepEqual(heard, [id]);
    assert.deepEqual(await latestPublication(store.db), {
      id,
      runId: null,
      publishedAt: '2026-11-21T06:00:00.000Z',
      // Frozen with it: an empty store has no observations, states, runs or quarantine yet.
      context: { seenUpTo: null, states: [], lastRun: null, quarantine: [], failedRunsInARow: 0, bootstrap: null },
    });
  });
});

/**
 * A publication is built on the serving thread in steps, with requests answered between them: each series, and
 * then each resource (the lens per locale, the regime, history and model, snapshot, changelog, health, the
 * examples and the site). Before, everything after the series ran as one synchronous stretch (~40 ms on the real
 * files under the soak's load). Counted in turns of the event loop, not timed: a request waits at most one step.
 */
describe('building a publication', () => {
  it('yields to requests between the series and between the resources built after them', async () => {
    const h = await createRefreshedHarness();
    try {
      const previous = h.publisher.current!;
      let turns = 0;
      let building = true;
      const count = () => {
        turns++;
        if (building) setImmediate(count);
      };
      setImmediate(count);
      const next = await nextPublication(previous, h.now(), { site: buildSite });
      building = false;
      assert.ok(next.regime && next.lens && next.snapshot && next.site, 'every resource was built');
      // One turn per indicator (buildAllSeries), one per locale's lens, and one after each published resource.
      const steps = INDICATOR_IDS.length + LOCALES.length + PUBLISHED.length;
      assert.ok(turns >= steps, `${turns} turns of the event loop while building, expected at least ${steps}`);
    } finally {
      await h.close();
    }
  });
});
