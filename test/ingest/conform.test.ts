import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { conformObservations, unitChangeFactor } from '../../src/ingest/conform.ts';
import { seriesDef } from '../../src/timeseries/catalog.ts';

const walcl = seriesDef('fed-balance-sheet')!;
const tgaWed = seriesDef('tga-wednesday')!;

describe('conforming provider data to the catalog unit', () => {
  it('converts WALCL millions to billions', () => {
    const { observations } = conformObservations(walcl, [{ date: '2026-08-26', value: 6_611_240 }], [], '2026-09-01');
    assert.deepEqual(observations, [{ date: '2026-08-26', value: 6611.24 }]);
  });

  it('rescales a vintage published in billions instead of millions (WTREGEN 2024 vs 2026) and says so', () => {
    const stored = [
      { date: '2024-06-19', value: 740.0 },
      { date: '2024-06-26', value: 765.417 },
      { date: '2024-07-03', value: 750.1 },
    ];
    const billionsVintage = stored.map((o) => ({ date: o.date, value: o.value }));
    const { observations, notes } = conformObservations(tgaWed, billionsVintage, stored, '2026-09-01');
    assert.deepEqual(observations, stored);
    assert.match(notes.join(), /unit changed by ×1\/1000/);
  });

  it('refuses values that disagree with every stored date without being a unit change', () => {
    const stored = [1, 2, 3].map((i) => ({ date: `2024-01-0${i}`, value: 100 }));
    const incoming = stored.map((o) => ({ date: o.date, value: 1.7 * 100 * 1000 }));
    assert.equal(
      unitChangeFactor(
        incoming.map((o) => ({ ...o, value: o.value / 1000 })),
        stored,
      ),
      'mismatch',
    );
  });

  it('rescales a first load published in another unit, caught by the dated plausible range (WRESBAL Nov 2024)', () => {
    // A November 2024 WRESBAL download is in billions (2024-11-06: 3244.149); the catalog scales millions × 1e-3.
    const reserves = seriesDef('bank-reserves')!;
    const billionsVintage = [
      { date: '2006-03-08', value: 2.795 }, // $2.8 bn: plausible in 2006, as a value in "millions" it is not
      { date: '2024-10-30', value: 3230.5 },
      { date: '2024-11-06', value: 3244.149 },
    ];
    const { observations, notes } = conformObservations(reserves, billionsVintage, [], '2026-09-01');
    assert.deepEqual(observations, [
      { date: '2006-03-08', value: 2.795 },
      { date: '2024-10-30', value: 3230.5 },
      { date: '2024-11-06', value: 3244.149 },
    ]);
    assert.match(notes.join(), /outside the plausible range as published but inside it ×1000/);
  });

  it('refuses a first load that no power of 1000 brings into its plausible range, naming value, date and range', () => {
    assert.throws(
      () =>
        conformObservations(
          tgaWed,
          [
            { date: '2024-06-26', value: 765_417 },
            { date: '2024-07-03', value: 200 }, // 0.2 bn next to 765 bn: no single unit explains both
          ],
          [],
          '2026-09-01',
        ),
      /0\.2 usd_billions on 2024-07-03 is outside the plausible range \[1, 3000\] for dates from 1900-01-01/,
    );
  });

  it('a first vintage a thousand times too small is rescaled, never stored as it came (WTREGEN billions)', () => {
    const { observations } = conformObservations(tgaWed, [{ date: '2024-06-26', value: 765.417 }], [], '2026-09-01');
    assert.deepEqual(observations, [{ date: '2024-06-26', value: 765.417 }]);
  });

  it('drops future dates and collapses repeated dates, reporting both', () => {
    const raw = [
      { date: '2026-08-19', value: 6_600_000 },
      { date: '2026-08-26', value: 6_611_000 },
      { date: '2026-08-26', value: 6_611_240 },
      { date: '2099-01-01', value: 6_611_240 },
    ];
    const { observations, notes } = conformObservations(walcl, raw, [], '2026-09-01');
    assert.deepEqual(observations, [
      { date: '2026-08-19', value: 6600 },
      { date: '2026-08-26', value: 6611.24 },
    ]);
    assert.match(notes.join('; '), /dropped 1 future-dated point\(s\) from 2099-01-01; collapsed 1 repeated date/);
  });
});
