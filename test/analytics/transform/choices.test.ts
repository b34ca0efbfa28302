import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  AGGREGATION_CHOICE,
  FREQUENCY_CHOICE,
  oneOf,
  UNITS_CHOICE,
  unitsGiving,
} from '../../../src/analytics/transform/choices.ts';
import { UNITS } from '../../../src/analytics/transform/units-transform.ts';

describe('the transform vocabulary in words', () => {
  it('lists values as a sentence does', () => {
    assert.equal(oneOf([]), '');
    assert.equal(oneOf(['avg']), 'avg');
    assert.equal(oneOf(['avg', 'sum']), 'avg or sum');
    assert.equal(oneOf(['avg', 'sum', 'eop']), 'avg, sum or eop');
  });

  it('names every unit, frequency and aggregation, with what the weekly codes mean', () => {
    assert.equal(UNITS_CHOICE, 'lin, chg, ch1, pch, pc1, pca, cch, cca or log');
    assert.equal(FREQUENCY_CHOICE, 'w (weekly, ending Friday), wef, wew (ending Wednesday), m, q or a');
    assert.equal(AGGREGATION_CHOICE, 'avg, sum or eop');
  });

  it('sorts every unit by the unit of its values, each once', () => {
    const kinds = [unitsGiving('own'), unitsGiving('percent'), unitsGiving('log')];
    assert.deepEqual(kinds, [['lin', 'chg', 'ch1'], ['pch', 'pc1', 'pca', 'cch', 'cca'], ['log']]);
    assert.deepEqual(kinds.flat().sort(), [...UNITS].sort());
  });
});
