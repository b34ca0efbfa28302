import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { announcePublication } from '../../src/publish/after-refresh.ts';
import { buildPublication } from '../../src/publish/publication.ts';
import { createCoordination } from '../../src/store/coordination.ts';
import { latestPublication } from '../../src/store/publications.ts';
import { openStore, type Store } from '../../src/store/store.ts';

describe('a publication with nothing stored', () => {
  it('serves health (down) and explains why the model is missing, never a neutral value', async () => {
    const publication = await buildPublication({
      vintaged: new Map(),
      states: new Map(),
      now: new Date('2026-11-21T12:00:00Z'),
      version: 1,
      baseUrl: 'http://test',
    });
    assert.equal(publication.regime, undefined);
    assert.match(publication.errors.model ?? '', /no warmed-up day/);
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
      context: { seenUpTo: null, states: [], lastRun: null, quarantine: [] },
    });
  });
});
