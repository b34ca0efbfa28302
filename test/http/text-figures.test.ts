import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';

type Model = {
  version: string;
  groups: Array<{ id: string; name: string; weight: number; role: 'mean' | 'floor' }>;
  thresholds: {
    riskOffAtOrAbove: number;
    riskOnAtOrBelow: number;
    riskOffUntilBelow: number;
    riskOnUntilAbove: number;
  };
};

/**
 * The figures written in words — the methodology document, the blog, the methodology and dashboard pages, the day
 * pages — say what the model says (/api/model): one source, rendered everywhere, compared here (issue 32).
 */
describe('text figures come from one source', () => {
  let h: Harness;
  let model: Model;
  const page = async (path: string) => (await h.app.inject(path === '/' ? '/index.md' : `${path}.md`)).body;
  before(async () => {
    h = await createRefreshedHarness();
    model = (await h.app.inject('/api/model')).json();
  });
  after(() => h.close());

  it("the group weights: the methodology document's words, its page's table and the dashboard's captions", async () => {
    const methodology = await page('/methodology');
    const dashboard = await page('/');
    for (const group of model.groups) {
      const short = group.name.split(':')[0]!.replace(/ \(.*\)$/, '');
      if (group.role === 'floor') {
        // docs/methodology.md: "Backstops (the floor)"; no weight in the mean anywhere.
        assert.ok(methodology.includes(`${short} (the floor)`), `${short} in the document`);
        assert.ok(methodology.includes(`| ${group.name} | the floor under the level |`), `${group.name} in the table`);
        assert.ok(dashboard.includes(`${group.name} — the floor under the level`), `${group.name} on the dashboard`);
        continue;
      }
      const percent = Number((group.weight * 100).toFixed(1));
      // docs/methodology.md, written by hand: "Quantity (37.5 %)".
      assert.ok(methodology.includes(`${short} (${percent} %)`), `${short} in the document`);
      assert.ok(methodology.includes(`| ${group.name} | ${percent} % |`), `${group.name} in the table`);
      assert.ok(
        dashboard.includes(`${group.name} — ${percent} % of the nominal weight`),
        `${group.name} on the dashboard`,
      );
    }
  });

  it('the status thresholds and their exits: document, blog, methodology page, dashboard and README', async () => {
    const t = model.thresholds;
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    assert.ok(
      readme.includes(`| **≥ ${t.riskOffAtOrAbove}** |`) &&
        readme.includes(`kept until it falls below ${t.riskOffUntilBelow}`),
    );
    assert.ok(
      readme.includes(`| **≤ ${t.riskOnAtOrBelow}** |`) &&
        readme.includes(`kept until it rises above ${t.riskOnUntilAbove}`),
    );
    const methodology = await page('/methodology');
    assert.ok(methodology.includes(`risk-off from ${t.riskOffAtOrAbove} until below ${t.riskOffUntilBelow}`));
    assert.ok(methodology.includes(`risk-on from ${t.riskOnAtOrBelow} until above ${t.riskOnUntilAbove}`));
    assert.ok(
      methodology.includes(
        `risk-off starts at ${t.riskOffAtOrAbove} and lasts until the headline falls below ${t.riskOffUntilBelow}`,
      ),
    );
    const blog = await page('/blog/what-the-model-measures');
    assert.ok(blog.includes(`${t.riskOffAtOrAbove} and above is \`risk-off\``));
    assert.ok(blog.includes(`${t.riskOnAtOrBelow} and below \`risk-on\``));
    const dashboard = await page('/');
    assert.ok(
      dashboard.includes(`${t.riskOffAtOrAbove} and above is risk-off (tight), ${t.riskOnAtOrBelow} and below risk-on`),
    );
  });

  it('the group names: the day pages and the dashboard’s charts use the methodology’s', async () => {
    const history = (await h.app.inject('/api/history')).json() as { dates: string[] };
    const day = await page(`/today/${history.dates.at(-1)}`);
    const reporting = model.groups.filter((g) => day.includes(g.name));
    assert.ok(reporting.length >= 2, 'the day page names the model’s groups');
    assert.doesNotMatch(day, /Policy \/ reserves|Funding \/ plumbing|Risk \/ price/);
  });
});
