import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { IndicatorSummary } from '../../src/publish/resources/indicators.ts';
import { moveCue, risingMeans } from '../../src/site/direction.ts';

const item = (change: number | null, risingIsTighter: boolean | null, scored = true) =>
  ({ change, risingIsTighter, scored }) as unknown as IndicatorSummary;

describe('what a move means for liquidity', () => {
  it('a rise of a series whose rise is tighter tightens; a fall eases; no direction says so', () => {
    assert.deepEqual(moveCue(item(25, true)), { text: '▲ tightens', tone: 'bad' });
    assert.deepEqual(moveCue(item(-25, true)), { text: '▼ eases', tone: 'good' });
    assert.deepEqual(moveCue(item(-3, false)), { text: '▼ tightens', tone: 'bad' });
    assert.deepEqual(moveCue(item(4, null)), { text: '▲ no direction', tone: 'neutral' });
    assert.equal(moveCue(item(null, true)), undefined);
  });

  it('"rising means" follows the model for a scored series', () => {
    assert.equal(risingMeans(item(1, true)), 'tighter dollar liquidity (as the model scores it)');
    assert.equal(risingMeans(item(1, false, false)), 'easier dollar liquidity');
  });
});
