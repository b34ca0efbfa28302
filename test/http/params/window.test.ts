import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '../../../src/http/errors/api-error.ts';
import { type ParsedQuery, QueryShape } from '../../../src/http/params/route-query.ts';
import { parseChartQuery, parseWindow } from '../../../src/http/params/window.ts';

const SHAPE = new QueryShape(['days', 'start', 'end', 'compare']);
const parsed = (text: string): ParsedQuery => {
  const query = SHAPE.parse(new URLSearchParams(text));
  assert.ok(!(query instanceof ApiError), `${text}: ${query instanceof ApiError ? query.message : ''}`);
  return query;
};

describe('chart windows: days, or start and end, and a series to compare', () => {
  it('one error for each conflict: days with a range, end without start, start after end', () => {
    assert.equal(parseWindow(undefined, undefined, undefined), null);
    assert.deepEqual(parseWindow(90, undefined, undefined), { days: 90 });
    assert.deepEqual(parseWindow(undefined, '2020-01-01', undefined), { start: '2020-01-01', end: null });
    const conflict = parseWindow(90, '2020-01-01', undefined);
    assert.ok(conflict instanceof ApiError);
    assert.equal(conflict.code, 'invalid_parameter');
    assert.match(conflict.message, /"days" and "start"\/"end" were given together/);
    assert.match(JSON.stringify(parseWindow(undefined, undefined, '2020-01-01')), /"end\\" was given without/);
    assert.match(JSON.stringify(parseWindow(undefined, '2021-01-01', '2020-01-01')), /is after/);
  });

  it('a blank date is no date: ?start=&end= is no window', () => {
    assert.deepEqual(parseChartQuery(parsed('start=&end='), 'tga', true), { window: null, compare: null });
  });

  it('compare is another of the 25 ids, not the series itself', () => {
    const q = (text: string) => parseChartQuery(parsed(text), 'tga', true);
    assert.deepEqual(q('compare=onrrp&days=365'), { window: { days: 365 }, compare: 'onrrp' });
    assert.deepEqual(q('compare='), { window: null, compare: null });
    assert.ok(q('compare=tga') instanceof ApiError);
    assert.ok(q('compare=nope') instanceof ApiError);
    assert.deepEqual(parseChartQuery(parsed('compare=onrrp'), 'headline', false), { window: null, compare: null });
  });
});
