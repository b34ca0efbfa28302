import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isBusy, OnDemand } from '../../../src/publish/on-demand/gate.ts';
import { SpreadsheetDownloads, type WorkbookAnswer } from '../../../src/publish/resources/spreadsheet.ts';
import { seriesDef } from '../../../src/timeseries/catalog.ts';

describe('SpreadsheetDownloads', () => {
  const def = seriesDef('tga')!;
  const observations = [
    { date: '2026-11-19', value: 800 },
    { date: '2026-11-20', value: 810 },
  ];
  const selection = (days: number) => ({ window: { days }, order: 'asc' as const, limit: undefined, transform: null });

  it('builds within the bound of on-demand work: once per selection, a fair share per client, kept after', async () => {
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
    const gate = new OnDemand({ inFlight: 1, queued: 2, perClientQueued: 1, memoBytes: 1 << 20 });
    const as =
      (client: string): WorkbookAnswer =>
      (key, work) =>
        gate.answer(client, `1|${key}`, work);
    const first = downloads.forSeries('tga', selection(1), as('notebook'))!;
    // The same workbook asked again while it is built: the same build.
    assert.equal(downloads.forSeries('tga', selection(1), as('notebook')), first);
    const queued = downloads.forSeries('tga', selection(2), as('notebook'))!;
    // The notebook's share of the queue is full; another client still has its own.
    assert.equal(isBusy(await downloads.forSeries('tga', selection(3), as('notebook'))), true);
    const other = downloads.forSeries('tga', selection(4), as('browser'))!;
    assert.equal(builds, 1);
    releases.shift()!();
    const answered = await first;
    assert.equal(isBusy(answered), false);
    // Kept: the same selection is answered at once, without a build.
    assert.equal(downloads.forSeries('tga', selection(1), as('notebook')), answered);
    while (releases.length > 0 || builds < 3) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.shift()?.();
    }
    assert.equal(isBusy(await queued), false);
    assert.equal(isBusy(await other), false);
    assert.equal(builds, 3);
    assert.equal(downloads.forSeries('onrrp', selection(1), as('notebook')), undefined);
  });
});
