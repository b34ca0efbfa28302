import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DeclaredQuery } from '../../../src/http/params/query.ts';
import { parseChartQuery, parseDate, parseWindow } from '../../../src/http/params/window.ts';

const declared = (text: string) =>
  new DeclaredQuery(new URLSearchParams(text), new Set(['days', 'start', 'end', 'compare']));

describe('chart windows: days, or start and end, and a series to compare', () => {
  it('dates are real calendar days written YYYY-MM-DD; a blank form field is absent', () => {
    assert.deepEqual(parseDate('2024-02-29', 'start'), { ok: true, value: '2024-02-29' });
    assert.deepEqual(parseDate('', 'start'), { ok: true, value: undefined });
    for (const bad of ['2023-02-29', '2024-13-01', '24-01-01', '2024-1-1', '1899-12-31', 'today']) {
      assert.equal(parseDate(bad, 'start').ok, false, bad);
    }
    assert.equal(parseDate(['2024-01-01', '2024-01-02'], 'end').ok, false);
  });

  it('one error for each conflict: days with a range, end without start, start after end', () => {
    assert.deepEqual(parseWindow(undefined, undefined, undefined), { ok: true, value: null });
    assert.deepEqual(parseWindow('90', undefined, undefined), { ok: true, value: { days: 90 } });
    assert.deepEqual(parseWindow(undefined, '2020-01-01', undefined), {
      ok: true,
      value: { start: '2020-01-01', end: null },
    });
    const conflict = parseWindow('90', '2020-01-01', undefined);
    assert.equal(conflict.ok, false);
    assert.match(!conflict.ok ? conflict.message : '', /"days" and "start"\/"end" were given together/);
    assert.match(JSON.stringify(parseWindow(undefined, undefined, '2020-01-01')), /"end\\" was given without/);
    assert.match(JSON.stringify(parseWindow(undefined, '2021-01-01', '2020-01-01')), /is after/);
    assert.equal(parseWindow('0', undefined, undefined).ok, false);
  });

  it('compare is another of the 25 ids, not the series itself', () => {
    const q = (text: string) => parseChartQuery(declared(text), 'tga', true);
    assert.deepEqual(q('compare=onrrp&days=365'), { ok: true, value: { window: { days: 365 }, compare: 'onrrp' } });
    assert.deepEqual(q('compare='), { ok: true, value: { window: null, compare: null } });
    assert.equal(q('compare=tga').ok, false);
    assert.equal(q('compare=nope').ok, false);
    assert.deepEqual(parseChartQuery(declared('compare=onrrp'), 'headline', false), {
      ok: true,
      value: { window: null, compare: null },
    });
  });
});
