import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { keptBudgets, MIB } from '../../src/publish/kept.ts';
import { createRefreshedHarness } from '../support/harness.ts';

/** The kept-answer caches a publication's site makes (src/site/site-bundle.ts, src/site/charts/answers.ts). */
const SITE_CACHES = ['pages', 'pages for other ranges', 'archive days', 'embeds', 'charts (SVG)', 'charts (PNG)'];

describe("the site's kept pages and charts", () => {
  it('hold at most 40 MiB together: a crawl of the archive or of distinct charts cannot keep more', async () => {
    // When the count bounds went (one cache mechanism, bounded in bytes), each of these kept up to 32–64 MiB:
    // 280 MiB together, and a crawl of the 5,654 archive days left the service ~80 MB larger for good
    // (bench:memory, docs/performance.md). Every fixed page together is ~6 MiB on the real files.
    const h = await createRefreshedHarness();
    try {
      const budgets = SITE_CACHES.map((name) => [name, keptBudgets().get(name)] as const);
      const missing = budgets.filter(([, bytes]) => bytes === undefined).map(([name]) => name);
      assert.deepEqual(missing, [], 'the publication built its site, and with it every cache');
      const totalMib = budgets.reduce((sum, [, bytes]) => sum + (bytes ?? 0), 0) / MIB;
      assert.ok(totalMib <= 40, `the site's caches may keep ${totalMib} MiB: ${JSON.stringify(budgets)}`);
    } finally {
      await h.close();
    }
  });
});
