import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { addDays, fromDayNumber, toDayNumber } from '../../src/timeseries/dates.ts';

describe('calendar arithmetic', () => {
  it('matches Date on hand-picked days', () => {
    assert.equal(toDayNumber('1970-01-01'), 0);
    assert.equal(toDayNumber('2000-03-01'), 11017);
    assert.equal(toDayNumber('2024-02-29'), Date.parse('2024-02-29T00:00:00Z') / 86_400_000);
    assert.equal(addDays('2024-02-28', 1), '2024-02-29');
    assert.equal(addDays('2100-02-28', 1), '2100-03-01');
  });

  it('round-trips and agrees with Date.parse on any day from 1800 to 2200', () => {
    fc.assert(
      fc.property(fc.integer({ min: toDayNumber('1800-01-01'), max: toDayNumber('2200-12-31') }), (day) => {
        const date = fromDayNumber(day);
        assert.equal(toDayNumber(date), day);
        assert.equal(toDayNumber(date), Date.parse(`${date}T00:00:00Z`) / 86_400_000);
      }),
      { numRuns: 5000 },
    );
  });

  it('writes each day as Date writes it: every day from 1600 to 2400, any day of years 0 to 9999, and beyond', () => {
    const DAY_MS = 86_400_000;
    const asDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
    for (let day = toDayNumber('1600-01-01'); day <= toDayNumber('2400-12-31'); day++)
      if (fromDayNumber(day) !== asDate(day)) assert.fail(`day ${day}: ${fromDayNumber(day)}, not ${asDate(day)}`);
    const first = toDayNumber('0000-01-01');
    const last = toDayNumber('9999-12-31');
    fc.assert(
      fc.property(fc.integer({ min: first, max: last }), (day) => fromDayNumber(day) === asDate(day)),
      { numRuns: 20_000 },
    );
    for (const day of [first, last]) assert.equal(fromDayNumber(day), asDate(day));
    assert.equal(fromDayNumber(last + 1), new Date((last + 1) * DAY_MS).toISOString().slice(0, 10));
    assert.equal(fromDayNumber(first - 1), new Date((first - 1) * DAY_MS).toISOString().slice(0, 10));
  });
});
