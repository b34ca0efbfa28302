import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addMonths, dailyGrid, dayOfWeek, step } from '../../../src/analytics/transform/observation-grid.ts';

describe('the observation grid', () => {
  it('knows the day of the week', () => {
    assert.equal(dayOfWeek('2026-11-25'), 3);
    assert.equal(dayOfWeek('1970-01-01'), 4);
    assert.equal(dayOfWeek('1969-12-28'), 0);
  });
  it('steps weekdays across weekends, both ways; 260 weekdays are exactly 52 weeks', () => {
    assert.equal(step('2026-11-23', 'weekdays', -1), '2026-11-20');
    assert.equal(step('2026-11-20', 'weekdays', 1), '2026-11-23');
    assert.equal(step('2026-11-25', 'weekdays', -3), '2026-11-20');
    assert.equal(step('2026-11-25', 'weekdays', 10), '2026-12-09');
    assert.equal(step('2025-07-01', 'weekdays', -260), '2024-07-02');
  });
  it('steps months, quarters and years from the 1st', () => {
    assert.equal(addMonths('2026-11-01', 3), '2027-02-01');
    assert.equal(step('2026-01-01', 'months', -1), '2025-12-01');
    assert.equal(step('2026-10-01', 'quarters', -4), '2025-10-01');
    assert.equal(step('2026-01-01', 'years', -1), '2025-01-01');
  });
  it('a daily series with a weekend date is on a 7-day grid', () => {
    assert.equal(dailyGrid([{ date: '2026-11-20', value: 1 }]), 'weekdays');
    assert.equal(dailyGrid([{ date: '2026-11-21', value: 1 }]), 'days');
  });
});
