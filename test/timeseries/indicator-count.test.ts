import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { EXTRA_INDICATOR } from '../support/extra-indicator.ts';

/**
 * Issue 40, point 4: the number of indicators is a fact of the catalog, written once. Adding a 26th indicator once
 * touched 5–7 files and left ~15 public strings saying "25" with no test noticing. Here the service runs with one
 * more indicator (test/support/extra-indicator.ts) and every public text that counts or lists them must follow.
 */
interface PublicTexts {
  texts: Record<string, string>;
  seriesStatus: number;
}

const run = promisify(execFile);

async function publicTexts(withExtra: boolean): Promise<PublicTexts> {
  const flags = withExtra ? ['--import', './test/support/extra-indicator.ts'] : [];
  const { stdout } = await run(process.execPath, [...flags, 'test/support/public-texts.ts'], {
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  return JSON.parse(stdout) as PublicTexts;
}

/** "25 series", "the 25 ids", "25 daily series", "25 tracked": a count of the indicators written in a text. */
const countIn = (text: string): number[] =>
  [...text.matchAll(/\b(\d+) (?:daily |tracked |indicator )?(?:series|indicators|ids)\b/g)].map((m) => Number(m[1]));

describe('the number of indicators, written once', () => {
  it('with a 26th indicator, every public text counts 26 and lists it', async () => {
    const base = await publicTexts(false);
    const extra = await publicTexts(true);
    assert.equal(base.seriesStatus, 404, `${EXTRA_INDICATOR} is not an indicator in the real catalog`);
    assert.equal(extra.seriesStatus, 200, `${EXTRA_INDICATOR} is served at /api/series/{id} once it is one`);
    for (const [name, text] of Object.entries(extra.texts)) {
      const counts = countIn(text).filter((n) => n === 25 || n === 26);
      const before = countIn(base.texts[name]!).filter((n) => n === 25);
      assert.ok(before.length > 0 || counts.length === 0, `${name} counts the indicators in the real catalog too`);
      assert.deepEqual(
        counts.filter((n) => n !== 26),
        [],
        `${name}: every count of the indicators says 26 (found ${counts.join(', ')})`,
      );
      assert.equal(counts.length, before.length, `${name}: the same texts count them`);
    }
    const directory = JSON.parse(extra.texts.directory!) as { seriesIds: string[] };
    assert.equal(directory.seriesIds.length, 26);
    assert.ok(directory.seriesIds.includes(EXTRA_INDICATOR));
    const snapshot = JSON.parse(extra.texts.snapshot!) as { indicators: unknown[] };
    assert.equal(snapshot.indicators.length, 26);
    assert.match(JSON.parse(extra.texts.unknownSeries!).error.hint, new RegExp(`\\b${EXTRA_INDICATOR}\\b`));
    assert.match(extra.texts.openapi!, /"enum":\[[^\]]*"sofr"/);
  });
});
