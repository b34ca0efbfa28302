import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FedTerms } from '../../../src/analytics/model/fed-terms.ts';
import { type ReadingWords, readingSummary } from '../../../src/analytics/model/reading-summary.ts';
import { CURRENT_MODEL } from '../../../src/analytics/model/versions.ts';

/** The real files' reading of Jul 3, 2026, with the backstops' terms given. */
const reading = (backstops: FedTerms['backstops']): ReadingWords => ({
  date: '2026-07-03',
  percentile5y: 83,
  status: 'risk-off',
  level: 53.9,
  levelWords: 'moderately tight',
  spec: CURRENT_MODEL,
  fedTerms: { reserveRatio: null, effrIorbBps: null, sofrIorbBps: null, backstops },
});

const lending = (date: string) => ({ value: 6, date });

describe('the reading in one sentence: the backstops', () => {
  it('says "no new draw" of the day when a backstop printed within the days the model reads', () => {
    const summary = readingSummary(
      reading({ reading: 0, drawnOn: null, date: null, dataTo: '2026-07-01', fedLendingB: lending('2026-07-01') }),
    );
    assert.match(summary, /no new draw on a Fed facility \(Fed lending to banks 6 bn USD, Jul 1, 2026\)\.$/);
  });

  it('says what their last data said, to its date, when every backstop is older than that', () => {
    const summary = readingSummary(
      reading({ reading: 0, drawnOn: null, date: null, dataTo: '2026-04-22', fedLendingB: lending('2026-04-22') }),
    );
    assert.match(
      summary,
      /no new draw on a Fed facility in their last data, to Apr 22, 2026 \(Fed lending to banks 6 bn USD\)\.$/,
    );
    // 45 days is still read (the model's carry-forward): 46 is not.
    const edge = (dataTo: string) =>
      readingSummary(reading({ reading: 0, drawnOn: null, date: null, dataTo, fedLendingB: null }));
    assert.match(edge('2026-05-19'), /no new draw on a Fed facility\.$/);
    assert.match(edge('2026-05-18'), /in their last data, to May 18, 2026\.$/);
  });

  it('keeps the lending date when it differs from the newest backstop print', () => {
    const summary = readingSummary(
      reading({ reading: 0, drawnOn: null, date: null, dataTo: '2026-04-22', fedLendingB: lending('2026-04-15') }),
    );
    assert.match(summary, /in their last data, to Apr 22, 2026 \(Fed lending to banks 6 bn USD, Apr 15, 2026\)\.$/);
  });

  it('names a new draw with its date', () => {
    const summary = readingSummary(
      reading({
        reading: 0.52,
        drawnOn: 'fed-lending',
        date: '2026-07-01',
        dataTo: '2026-07-01',
        fedLendingB: lending('2026-07-01'),
      }),
    );
    assert.match(
      summary,
      /a new draw \(.+\) reads 0\.52 of 1 \(Jul 1, 2026\) \(Fed lending to banks 6 bn USD, Jul 1, 2026\)\.$/,
    );
  });
});
