import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SpreadsheetDownloads, WORKBOOKS_BUSY } from '../../../src/publish/resources/spreadsheet.ts';
import { seriesDef } from '../../../src/timeseries/catalog.ts';

describe('SpreadsheetDownloads', () => {
  const def = seriesDef('tga')!;
  const observations = [
    { date: '2026-11-19', value: 800 },
    { date: '2026-11-20', value: 810 },
  ];
  const selection = (days: number) => ({ window: { days }, order: 'asc' as const, limit: undefined, transform: null });

  it('builds a workbook once per selection, shares a build under way, and answers busy past four at once', async () => {
    const releases: Array<() => void> = [];
    let builds = 0;
    const downloads = new SpreadsheetDownloads({
      series: (id) => (id === 'tga' ? { def, observations } : undefined),
      builtAt: '2026-11-26T00:00:00.000Z',
      baseUrl: 'http://localhost',
      build: () => {
        builds += 1;
        return new Promise((resolve) => releases.push(() => resolve(new Uint8Array([1, 2, 3]))));
      },
    });
    const first = downloads.forSeries('tga', selection(1))!;
    const shared = downloads.forSeries('tga', selection(1))!;
    assert.equal(first, shared);
    const others = [2, 3, 4].map((days) => downloads.forSeries('tga', selection(days))!);
    assert.equal(builds, 4);
    assert.equal(await downloads.forSeries('tga', selection(5)), WORKBOOKS_BUSY);
    for (const release of releases) release();
    const answered = await first;
    assert.notEqual(answered, WORKBOOKS_BUSY);
    await Promise.all(others);
    // Kept: the same selection again builds nothing.
    assert.equal(await downloads.forSeries('tga', selection(1)), answered);
    assert.equal(builds, 4);
    // With the builds done, a fifth selection is built.
    const fifth = downloads.forSeries('tga', selection(5))!;
    releases.at(-1)!();
    assert.equal(builds, 5);
    assert.notEqual(await fifth, WORKBOOKS_BUSY);
    assert.equal(downloads.forSeries('onrrp', selection(1)), undefined);
  });
});
