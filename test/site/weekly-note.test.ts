import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { HistoryBody } from '../../src/publish/resources/model.ts';
import { weekEnds, weeklyNote } from '../../src/site/weekly-note.ts';

/** Ten weekdays, 2026-11-09 … 2026-11-20, two groups; the headline climbs into risk-off on the second Friday. */
const history = {
  modelVersion: 'dli-3',
  count: 10,
  dates: ['09', '10', '11', '12', '13', '16', '17', '18', '19', '20'].map((d) => `2026-11-${d}`),
  headline: [70, 71, 72, 73, 75, 76, 78, 79, 80, 82],
  status: [
    'neutral',
    'neutral',
    'neutral',
    'neutral',
    'neutral',
    'neutral',
    'neutral',
    'neutral',
    'neutral',
    'risk-off',
  ],
  provisional: Array(10).fill(false),
  liveWeightShare: Array(10).fill(1),
  level: [50, 50, 50, 51, 51, 52, 52, 53, 53, 54.5],
  contributions: {
    policy: [15, 15, 15, 15, 15, 15, 15, 15, 15, 16.9],
    funding: [35, 35, 35, 36, 36, 37, 37, 38, 38, 37.6],
    credit: Array(10).fill(null),
    risk: Array(10).fill(null),
    backstops: Array(10).fill(null),
  },
  confidence: Array(10).fill('high'),
  subIndices: {
    policy: [40, 40, 41, 41, 42, 42, 43, 43, 44, 45],
    funding: [60, 60, 60, 60, 60, 61, 61, 61, 61, 61],
    credit: Array(10).fill(null),
    risk: Array(10).fill(null),
    backstops: Array(10).fill(null),
  },
} as unknown as HistoryBody;
const names = new Map([
  ['policy', 'Quantity: reserves and net liquidity'],
  ['funding', "Price: overnight funding against the Fed's floor"],
  ['credit', 'Credit'],
]);

describe('the week’s note', () => {
  it('says the headline’s move and status, the groups that moved most and the movers, from the stored history', () => {
    assert.equal(
      weeklyNote(history, 9, names, [
        ['sofr-iorb', 0.04],
        ['tga', -0.01],
      ]),
      'Week to Nov 20, 2026: the headline rose 7 points to 82 (risk-off, from neutral); the level reads 54.5 of 100 on the fixed scale. Groups that moved most: Quantity 45.0 (+3.0; 16.9 of the level); Price 61.0 (+1.0; 37.6 of the level). Inputs that moved the aggregate most: SOFR minus IORB toward tighter; Treasury General Account toward looser. Confidence high.',
    );
  });

  it('names no input that has no current data, and no group without data', () => {
    const note = weeklyNote(history, 9, names, [['sofr-iorb', 0.04]], ['sofr-iorb'])!;
    assert.doesNotMatch(note, /SOFR|Inputs that moved|Credit/);
  });

  it('calls a provisional day provisional, never by a status', () => {
    const provisional = {
      ...history,
      status: [...history.status.slice(0, 9), null],
      provisional: [...Array(9).fill(false), true],
      liveWeightShare: [...Array(9).fill(1), 0.2],
    } as unknown as HistoryBody;
    const note = weeklyNote(provisional, 9, names)!;
    assert.match(note, /\(provisional, from neutral\)/);
    assert.doesNotMatch(note, /risk-off/);
  });

  it('has no note without a week before, and one per calendar week in the archive (its last scored day)', () => {
    assert.equal(weeklyNote(history, 3, names), undefined);
    assert.deepEqual(weekEnds(history, '2026'), [9, 4]);
  });
});
