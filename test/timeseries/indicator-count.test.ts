import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { servedAfterEdits } from '../support/served-after-edits.ts';
import { ADD_INDICATOR, EXTRA_INDICATOR } from '../support/worked-paths/add-indicator.ts';

/**
 * Issue 40, point 4: the number of indicators is a fact of the catalog, written once. Adding a 26th indicator once
 * touched 5–7 files and left ~15 public strings saying "25" with no test noticing. Here the service runs with one
 * more indicator — `sofr`, a series the fixtures hold, added to the catalog's list of indicator ids as a
 * contributor would (docs/contributing.md) — and every public text that counts or lists them must follow.
 */
const EXTRA = EXTRA_INDICATOR;

const TEXTS = ['GET /api', 'GET /openapi.json', 'GET /api/series/nope', 'GET /api/snapshot', 'MCP initialize'];
const MORE = ['MCP tools/list', 'GET /index.md', 'GET /llms.txt', `GET /api/series/${EXTRA}`];

/** "25 series", "the 25 ids", "25 daily series", "25 tracked": a count of the indicators written in a text. */
const countsIn = (text: string): number[] =>
  [...text.matchAll(/\b(\d+) (?:daily |tracked |indicator )?(?:series|indicators|ids)\b/g)].map((m) => Number(m[1]));

/**
 * The text of an answer that speaks of the present: the changelog's entries (served at /api/changelog, shown as its
 * example in the OpenAPI document) say what a past version did, with the counts of its day, and stay as written.
 */
function presentText(request: string, body: string): string {
  if (request !== 'GET /openapi.json') return body;
  const document = JSON.parse(body) as {
    paths: Record<string, { get: { responses: Record<string, { content?: Record<string, { example?: unknown }> }> } }>;
  };
  const changelog = document.paths['/api/changelog']?.get.responses['200']?.content?.['application/json'];
  if (changelog) delete changelog.example;
  return JSON.stringify(document);
}

describe('the number of indicators, written once', () => {
  it('with a 26th indicator, every public text counts 26 and lists it', async () => {
    const requests = [...TEXTS, ...MORE];
    const [base, extra] = await Promise.all([
      servedAfterEdits([], requests),
      servedAfterEdits([ADD_INDICATOR], requests),
    ]);
    assert.equal(base[`GET /api/series/${EXTRA}`]!.status, 404, `${EXTRA} is not an indicator in the real catalog`);
    assert.equal(extra[`GET /api/series/${EXTRA}`]!.status, 200, `${EXTRA} is served once it is one`);
    for (const request of requests.slice(0, -1)) {
      const before = countsIn(presentText(request, base[request]!.body)).filter((n) => n === 25);
      const after = countsIn(presentText(request, extra[request]!.body)).filter((n) => n === 25 || n === 26);
      assert.deepEqual(
        after.filter((n) => n !== 26),
        [],
        `${request}: every count says 26 (found ${after.join(', ')})`,
      );
      assert.equal(after.length, before.length, `${request}: the same texts count them`);
    }
    const directory = JSON.parse(extra['GET /api']!.body) as { seriesIds: string[] };
    assert.equal(directory.seriesIds.length, 26);
    assert.ok(directory.seriesIds.includes(EXTRA));
    assert.equal((JSON.parse(extra['GET /api/snapshot']!.body) as { indicators: unknown[] }).indicators.length, 26);
    assert.match(JSON.parse(extra['GET /api/series/nope']!.body).error.hint, new RegExp(`\\b${EXTRA}\\b`));
    assert.match(extra['GET /openapi.json']!.body, new RegExp(`"enum":\\[[^\\]]*"${EXTRA}"`));
  });
});
