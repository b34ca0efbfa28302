import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CURRENT_MODEL } from '../../src/analytics/model/versions.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { recordWeeklyNote, weeklyNotes } from '../../src/store/weekly-notes.ts';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';

describe('weekly notes, kept as first published', () => {
  let store: Store;
  before(async () => {
    store = await openStore('sqlite::memory:');
  });
  after(() => store.close());

  it('a reading’s first note is kept; a later one for the same reading and model does not rewrite it', async () => {
    const first = { readingDate: '2026-11-20', publishedAt: '2026-11-21T06:00:00.000Z', text: 'As said then.' };
    await recordWeeklyNote(store.db, 'dli-3', first);
    await recordWeeklyNote(store.db, 'dli-3', { ...first, publishedAt: '2026-11-28T06:00:00.000Z', text: 'Restated.' });
    await recordWeeklyNote(store.db, 'dli-4', { ...first, text: 'Another model.' });
    assert.deepEqual((await weeklyNotes(store.db, 'dli-3')).get('2026-11-20'), first);
    assert.equal((await weeklyNotes(store.db, 'dli-4')).get('2026-11-20')?.text, 'Another model.');
  });
});

describe('the site shows the kept note', () => {
  let h: Harness;
  before(async () => {
    h = await createRefreshedHarness();
  });
  after(() => h.close());

  it('a publication keeps its latest reading’s note; the archive shows a kept note as written, dated', async () => {
    const dates = (await h.app.inject('/api/history')).json().dates as string[];
    const kept = await weeklyNotes(h.store.db, CURRENT_MODEL.version);
    const latest = kept.get(dates.at(-1)!);
    assert.ok(latest, 'the latest reading’s note is kept');
    assert.match(latest.text, /^Week to /);
    // A note kept for an older reading (as a publication of that week would have kept it) is what its page shows.
    // A Friday a few weeks back: the archive lists each week's last scored day.
    const older = dates.slice(0, -20).findLast((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 5)!;
    await recordWeeklyNote(h.store.db, CURRENT_MODEL.version, {
      readingDate: older,
      publishedAt: '2026-01-02T06:00:00.000Z',
      text: 'Week to then: as it was said.',
    });
    await h.publisher.rebuild();
    const page = (await h.app.inject(`/today/${older}.md`)).body;
    assert.match(page, /Week to then: as it was said\. \(Published Jan 2, 2026; kept as written then/);
    const year = (await h.app.inject(`/archive/${older.slice(0, 4)}.md`)).body;
    assert.match(year, /Week to then: as it was said\./);
  });
});
