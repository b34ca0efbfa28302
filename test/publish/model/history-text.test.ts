import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { History } from '../../../src/analytics/model/history.ts';
import { historyText, joinedHistoryText, rowDate } from '../../../src/publish/model/history-text.ts';

/** A small history over `dates`, its columns derived from each date's index. */
function history(dates: string[], offset = 0): History {
  const column = <T>(f: (i: number) => T) => dates.map((_, i) => f(i + offset));
  return {
    modelVersion: 'dli-4',
    updatedAt: '2026-11-20T00:00:00.000Z',
    from: dates[0] ?? '',
    to: dates.at(-1) ?? '',
    count: dates.length,
    dates,
    headline: column((i) => 10 * i + 0.5),
    status: column((i) => (i % 2 ? 'neutral' : null)),
    provisional: column((i) => i === 3),
    liveWeightShare: column(() => null),
    confidence: column(() => 'high' as const),
    aggregate: column((i) => (i === 1 ? Number.NaN : i / 3)),
    level: column((i) => i),
    contributions: {
      policy: column((i) => i),
      funding: column(() => null),
      credit: column(() => 1),
      risk: column(() => 2),
      backstops: column(() => 3),
    },
    subIndices: {
      policy: column(() => 4),
      funding: column(() => 5),
      credit: column(() => null),
      risk: column(() => 6),
      backstops: column(() => 7),
    },
  };
}

describe('a history joined from kept text and later rows', () => {
  it('is what serializing the whole history gives, byte for byte', () => {
    const whole = history(['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05']);
    const kept = historyText(history(['2024-01-02', '2024-01-03', '2024-01-08']));
    for (const rows of [0, 1, 2]) {
      const rest = history(whole.dates.slice(rows), rows);
      assert.equal(joinedHistoryText(kept, rows, rest), JSON.stringify(whole), `${rows} rows kept`);
    }
  });

  it('all rows kept, none later: the kept rows, dated by them', () => {
    const kept = historyText(history(['2024-01-02', '2024-01-03', '2024-01-04']));
    const joined = JSON.parse(joinedHistoryText(kept, 2, history([]))) as History;
    assert.deepEqual(joined.dates, ['2024-01-02', '2024-01-03']);
    assert.equal(joined.from, '2024-01-02');
    assert.equal(joined.to, '2024-01-03');
    assert.equal(joined.count, 2);
    assert.deepEqual(joined.aggregate, [0, null]);
  });

  it('rowDate reads a kept row’s date (null past the ends)', () => {
    const kept = historyText(history(['2024-01-02', '2024-01-03']));
    assert.equal(rowDate(kept, 1), '2024-01-03');
    assert.equal(rowDate(kept, 2), null);
    assert.equal(rowDate(kept, -1), null);
  });
});
