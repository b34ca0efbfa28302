import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveSeries, splice } from '../../src/ingest/derive.ts';
import { seriesDef } from '../../src/timeseries/catalog.ts';

const obs = (pairs: Array<[string, number]>) => pairs.map(([date, value]) => ({ date, value }));

describe('derived series', () => {
  it('net liquidity = WALCL − TGA − ON RRP, each as of the date, blank ON RRP counting as 0', () => {
    const inputs = new Map([
      [
        'fed-balance-sheet',
        obs([
          ['2024-01-03', 7700],
          ['2024-01-10', 7680],
        ]),
      ],
      [
        'tga',
        obs([
          ['2024-01-03', 770],
          ['2024-01-04', 760],
          ['2024-01-10', 700],
        ]),
      ],
      [
        'onrrp',
        obs([
          ['2024-01-03', 600],
          ['2024-01-04', 650],
        ]),
      ],
    ]);
    assert.deepEqual(deriveSeries(seriesDef('net-liquidity')!, inputs), [
      { date: '2024-01-03', value: 7700 - 770 - 600 },
      { date: '2024-01-04', value: 7700 - 760 - 650 },
      // ON RRP's last print (01-04) is 6 days old: still in force.
      { date: '2024-01-10', value: 7680 - 700 - 650 },
    ]);
  });

  it('net liquidity skips dates where the balance sheet is too old to be in force', () => {
    const inputs = new Map([
      ['fed-balance-sheet', obs([['2024-01-03', 7700]])],
      [
        'tga',
        obs([
          ['2024-01-03', 770],
          ['2024-01-25', 700],
        ]),
      ],
      ['onrrp', obs([['2024-01-25', 0]])],
    ]);
    assert.deepEqual(deriveSeries(seriesDef('net-liquidity')!, inputs), [{ date: '2024-01-03', value: 6930 }]);
  });

  it('ON RRP counts as 0 on its blank days and before its first print, but not after its last print', () => {
    const inputs = new Map([
      [
        'fed-balance-sheet',
        obs(['2024-01-03', '2024-01-10', '2024-01-17', '2024-01-24', '2024-01-31'].map((d) => [d, 7700])),
      ],
      ['tga', obs(['2024-01-03', '2024-01-10', '2024-01-17', '2024-01-24', '2024-01-31'].map((d) => [d, 700]))],
      [
        'onrrp',
        obs([
          ['2024-01-10', 500],
          ['2024-01-22', 400],
        ]),
      ],
    ]);
    assert.deepEqual(deriveSeries(seriesDef('net-liquidity')!, inputs), [
      { date: '2024-01-03', value: 7000 }, // before the first print: no facility in use
      { date: '2024-01-10', value: 6500 },
      { date: '2024-01-17', value: 6500 }, // 7 days after 01-10: still in force
      { date: '2024-01-22', value: 6600 },
      { date: '2024-01-24', value: 6600 },
      // 01-31 is 9 days after ON RRP's last print: not yet published, so the date is left out, not read as 0.
    ]);
  });

  it("a blank day inside ON RRP's range counts as 0 once its last print is too old", () => {
    const inputs = new Map([
      ['fed-balance-sheet', obs([['2024-01-17', 7700]])],
      ['tga', obs([['2024-01-17', 700]])],
      [
        'onrrp',
        obs([
          ['2024-01-05', 500],
          ['2024-01-26', 400],
        ]),
      ],
    ]);
    const values = deriveSeries(seriesDef('net-liquidity')!, inputs).filter((o) => o.date === '2024-01-17');
    assert.deepEqual(values, [{ date: '2024-01-17', value: 7000 }]);
  });

  it('fed-lending sums primary credit, the BTFP and other credit on each primary-credit date, leaving out a date missing one', () => {
    const inputs = new Map([
      [
        'discount-window',
        obs([
          ['2023-03-08', 4.6],
          ['2023-03-15', 152.9],
          ['2023-03-22', 110.2],
        ]),
      ],
      [
        'btfp',
        obs([
          ['2023-03-08', 0],
          ['2023-03-15', 11.9],
        ]),
      ],
      [
        'other-credit',
        obs([
          ['2023-03-08', 0],
          ['2023-03-15', 142.8],
          ['2023-03-22', 179.8],
        ]),
      ],
    ]);
    assert.deepEqual(deriveSeries(seriesDef('fed-lending')!, inputs), [
      { date: '2023-03-08', value: 4.6 },
      { date: '2023-03-15', value: 307.6 },
      // The BTFP's 03-15 print is 7 days old on 03-22: still in force.
      { date: '2023-03-22', value: 301.9 },
    ]);
    inputs.set('btfp', obs([['2023-03-08', 0]]));
    assert.deepEqual(
      deriveSeries(seriesDef('fed-lending')!, inputs).map((o) => o.date),
      ['2023-03-08', '2023-03-15'],
      'a term 14 days old is missing: 2023-03-22 is left out',
    );
  });

  it('core net liquidity is net liquidity less the backstops as of each date, a backstop without a recent print counting 0', () => {
    const inputs = new Map([
      [
        'net-liquidity',
        obs([
          ['2020-03-18', 4000],
          ['2020-03-19', 4100],
          ['2020-04-10', 5000],
        ]),
      ],
      ['fed-swap-lines', obs([['2020-03-18', 0.05]])],
      ['fed-repo', obs([['2020-03-18', 442]])],
      ['fed-lending', obs([['2020-03-18', 28.2]])],
    ]);
    assert.deepEqual(deriveSeries(seriesDef('core-net-liquidity')!, inputs), [
      { date: '2020-03-18', value: 3529.75 },
      { date: '2020-03-19', value: 3629.75 },
      { date: '2020-04-10', value: 5000 },
    ]);
  });

  it('sofr-iorb in bps, with IOER standing in before IORB existed', () => {
    const inputs = new Map([
      [
        'sofr',
        obs([
          ['2021-07-27', 0.05],
          ['2021-07-30', 0.05],
          ['2026-06-23', 3.65],
        ]),
      ],
      [
        'iorb',
        obs([
          ['2021-07-29', 0.15],
          ['2026-06-23', 3.65],
        ]),
      ],
      [
        'ioer',
        obs([
          ['2021-07-27', 0.15],
          ['2021-07-28', 0.15],
        ]),
      ],
    ]);
    assert.deepEqual(deriveSeries(seriesDef('sofr-iorb')!, inputs), [
      { date: '2021-07-27', value: -10 },
      { date: '2021-07-30', value: -10 },
      { date: '2026-06-23', value: 0 },
    ]);
  });

  it('reserve buffer = (reserves + ON RRP) / bank assets × 100', () => {
    const inputs = new Map([
      ['bank-reserves', obs([['2024-01-03', 3500]])],
      ['onrrp', obs([['2024-01-03', 700]])],
      ['bank-assets', obs([['2024-01-03', 21000]])],
    ]);
    assert.deepEqual(deriveSeries(seriesDef('reserve-buffer')!, inputs), [{ date: '2024-01-03', value: 20 }]);
  });

  it('splice: primary where it exists, fallback only outside its date range', () => {
    const primary = obs([
      ['2024-01-02', 2],
      ['2024-01-04', 4],
    ]);
    const fallback = obs([
      ['2024-01-01', 10],
      ['2024-01-03', 30],
      ['2024-01-05', 50],
    ]);
    assert.deepEqual(
      splice(primary, fallback),
      obs([
        ['2024-01-01', 10],
        ['2024-01-02', 2],
        ['2024-01-04', 4],
        ['2024-01-05', 50],
      ]),
    );
  });
});
