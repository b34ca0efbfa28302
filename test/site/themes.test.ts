import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { THEMES } from '../../src/site/themes.ts';
import { INDICATOR_IDS } from '../../src/timeseries/series.ts';

describe('the dashboard themes', () => {
  it('every one of the 25 series is in exactly one theme', () => {
    const ids = THEMES.flatMap((t) => t.ids);
    assert.deepEqual([...ids].sort(), [...INDICATOR_IDS].sort());
  });
});
