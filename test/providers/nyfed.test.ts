import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parseRefRates, parseRepoOperations, yearRanges } from '../../src/providers/nyfed.ts';
import { REAL_DATA_DIR } from '../support/replay-data.ts';

describe('NY Fed reference rates', () => {
  const sample = `${REAL_DATA_DIR}provider_samples/nyfed_rates_secured_sofr_search_2024-06-01_2024-06-06.json`;
  it('reads the recorded real SOFR response (newest first, numeric rates)', { skip: !existsSync(sample) }, () => {
    const observations = parseRefRates(JSON.parse(readFileSync(sample, 'utf8')));
    assert.deepEqual(
      observations.map((o) => [o.date, o.value]),
      [
        ['2024-06-06', 5.33],
        ['2024-06-05', 5.33],
        ['2024-06-04', 5.33],
        ['2024-06-03', 5.35],
      ],
    );
  });

  it('matches FRED EFFR on all 108 recorded EFFR days', { skip: !existsSync(`${REAL_DATA_DIR}EFFR.csv`) }, () => {
    const body = readFileSync(
      `${REAL_DATA_DIR}provider_samples/nyfed_rates_unsecured_effr_search_2023-01-01_2023-06-06.json`,
      'utf8',
    );
    const nyfed = parseRefRates(JSON.parse(body), 'nyfed', 'effr');
    const fred = new Map(
      readFileSync(`${REAL_DATA_DIR}EFFR.csv`, 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(',') as [string, string]),
    );
    assert.equal(nyfed.length, 108);
    for (const o of nyfed) assert.equal(o.value, Number(fred.get(o.date)), o.date);
  });

  it('skips absent rates and refuses non-numeric ones', () => {
    assert.deepEqual(parseRefRates({ refRates: [{ effectiveDate: '2024-06-06', type: 'SOFR' }] }), []);
    assert.throws(
      () => parseRefRates({ refRates: [{ effectiveDate: '2024-06-06', percentRate: '5.3x' }] }),
      /non-numeric/,
    );
    assert.throws(() => parseRefRates({ other: [] }), /refRates/);
  });
});

describe('NY Fed repo operations (standing repo facility)', () => {
  it('sums the morning and afternoon operations and leaves out small-value exercises and reverse repos', () => {
    const operations = [
      { operationDate: '2025-06-30', operationType: 'Repo', totalAmtAccepted: 5_000_000_000 },
      { operationDate: '2025-06-30', operationType: 'Repo', totalAmtAccepted: 6_000_000_000 },
      {
        operationDate: '2025-06-30',
        operationType: 'Repo',
        totalAmtAccepted: 50_000,
        note: 'Small Value Exercise (SVE)',
      },
      { operationDate: '2025-06-30', operationType: 'Reverse Repo', totalAmtAccepted: 200_000_000_000 },
      { operationDate: '2025-07-01', operationType: 'Repo', totalAmtAccepted: 0 },
    ];
    assert.deepEqual(parseRepoOperations({ repo: { operations } }), [
      { date: '2025-06-30', value: 11_000_000_000 },
      { date: '2025-07-01', value: 0 },
    ]);
  });

  it('splits history into calendar-year searches', () => {
    assert.deepEqual(yearRanges('2024-06-01', '2026-02-03'), [
      ['2024-06-01', '2024-12-31'],
      ['2025-01-01', '2025-12-31'],
      ['2026-01-01', '2026-02-03'],
    ]);
  });
});
