import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isIndicatorId } from '../../src/timeseries/catalog.ts';
import { CATALOG } from '../../src/timeseries/series.ts';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';

/**
 * Every model input has a page (issue 42, point 2): /indicators/{id} answers for every series of the catalog — the
 * 25 indicators' pages, and a page of its own for each other series (effr-iorb, reserve-ratio, fed-repo…) linking
 * its data at /api/data/{id}; the site's links to drivers (home, day pages) all resolve.
 */
describe('a page for every model input', () => {
  let h: Harness;
  before(async () => {
    h = await createRefreshedHarness();
  });
  after(() => h.close());

  it('every model input of /api/model and every other catalog series has a page linking its data', async () => {
    const model = (await h.app.inject('/api/model')).json();
    const inputs: string[] = model.groups.flatMap((g: { indicators: Array<{ id: string }> }) =>
      g.indicators.map((i) => i.id),
    );
    assert.ok(
      inputs.some((id) => !isIndicatorId(id)),
      'the model reads series outside the 25',
    );
    for (const id of new Set([...inputs, ...CATALOG.map((def) => def.id)])) {
      const page = await h.app.inject(`/indicators/${id}`);
      assert.equal(page.statusCode, 200, id);
      if (isIndicatorId(id)) continue;
      assert.match(page.body, new RegExp(`href="/api/data/${id}"`), id);
      const markdown = await h.app.inject(`/indicators/${id}.md`);
      assert.equal(markdown.statusCode, 200, id);
      assert.match(markdown.body, new RegExp(`/api/data/${id}`));
    }
    assert.equal((await h.app.inject('/indicators/nope')).statusCode, 404);
  });

  it('a restricted series’ page says why its values are not offered', async () => {
    const page = await h.app.inject('/indicators/ig-spread.md');
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Values not offered: Its upstream terms forbid reproducing the values/);
  });

  it('no link to a series page from the home page or a day page is broken', async () => {
    const history = (await h.app.inject('/api/history')).json();
    const pages = ['/', `/today/${history.dates.at(-1)}`, `/today/${history.dates.at(-30)}`];
    let checked = 0;
    for (const path of pages) {
      const body = (await h.app.inject(path)).body;
      for (const [, id] of body.matchAll(/href="\/indicators\/([a-z0-9-]+)"/g)) {
        assert.equal((await h.app.inject(`/indicators/${id}`)).statusCode, 200, `${path} → ${id}`);
        checked += 1;
      }
    }
    assert.ok(checked > 0);
  });
});
