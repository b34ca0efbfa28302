import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { IndicatorSummary } from '../../src/publish/resources/indicators.ts';
import { revisionsPage } from '../../src/site/pages/revisions.ts';
import { seriesDef } from '../../src/timeseries/catalog.ts';
import { licenseOf } from '../../src/timeseries/licenses.ts';
import type { VintagedSeries } from '../../src/timeseries/vintages.ts';

const def = seriesDef('tga')!;
const item = { def, license: licenseOf(def), withheld: false } as IndicatorSummary;

describe('the revisions page', () => {
  it('lists each revised date, newest first, with its first and later values and when each was seen', () => {
    const vintaged: VintagedSeries = {
      dates: ['2026-11-18', '2026-11-19', '2026-11-20'],
      firstValues: [800, 810, 820],
      firstSeen: ['2026-11-19T06:00:00Z', '2026-11-20T06:00:00Z', '2026-11-21T06:00:00Z'],
      revisions: new Map([
        [0, [{ value: 805.5, seenAt: '2026-11-24T06:00:00Z' }]],
        [2, [{ value: Number.NaN, seenAt: '2026-11-25T06:00:00Z' }]],
      ]),
    };
    const page = revisionsPage(item, vintaged);
    assert.equal(page.path, '/indicators/tga/revisions');
    const text = JSON.stringify(page.blocks);
    assert.match(
      text,
      /Since this service first stored Treasury General Account \(Nov 19, 2026\), 2 of its 3 dates were revised, 1 of them withdrawn/,
    );
    const table = page.blocks.find((b) => b.kind === 'table') as { rows: string[][][] };
    assert.deepEqual(
      table.rows.map((row) => row.map((cell) => cell[0])),
      [
        ['2026-11-20', '820.0 USD bn (seen Nov 21, 2026)', 'withdrawn (seen Nov 25, 2026)', '—'],
        ['2026-11-18', '800.0 USD bn (seen Nov 19, 2026)', '805.5 USD bn (seen Nov 24, 2026)', '+5.50 USD bn'],
      ],
    );
  });

  it('says so when nothing was revised, and withholds what its terms forbid', () => {
    const none = revisionsPage(item, {
      dates: ['2026-11-18'],
      firstValues: [1],
      firstSeen: ['2026-11-19T06:00:00Z'],
      revisions: new Map(),
    });
    assert.match(JSON.stringify(none.blocks), /No value of Treasury General Account has been revised/);
    const withheld = revisionsPage({ ...item, withheld: true }, undefined);
    assert.match(JSON.stringify(withheld.blocks), /not reproduced here/);
  });
});
