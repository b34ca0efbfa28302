import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '../../../src/http/errors/api-error.ts';
import { instantOf } from '../../../src/http/params/formats.ts';
import { QUERY_PARAMETERS, type QueryName } from '../../../src/http/params/query.ts';
import { type ParsedQuery, QueryShape } from '../../../src/http/params/route-query.ts';

const ALL = Object.keys(QUERY_PARAMETERS) as QueryName[];
const SHAPE = new QueryShape(ALL);
const read = (text: string) => SHAPE.parse(new URLSearchParams(text));
const ok = (text: string): ParsedQuery => {
  const query = read(text);
  assert.ok(!(query instanceof ApiError), `${text}: ${query instanceof ApiError ? query.message : ''}`);
  return query;
};
const refused = (text: string, name: string) => {
  const query = read(text);
  assert.ok(query instanceof ApiError, `${text} was accepted`);
  assert.equal(query.code, 'invalid_parameter', text);
  assert.match(query.message, new RegExp(`"${name}"`), text);
  return query;
};

describe("a route's query: parsed, defaulted and checked once against the parameters' schemas", () => {
  it('an absent parameter reads as its schema’s default, or undefined without one', () => {
    const nothing = ok('');
    for (const name of ALL) {
      const schema = QUERY_PARAMETERS[name] as { default?: unknown };
      assert.deepEqual(nothing.get(name), schema.default, name);
      assert.equal(nothing.given(name), false, name);
    }
    assert.equal(nothing.get('days'), 365);
    assert.equal(nothing.get('offset'), 0);
    assert.equal(nothing.get('limit'), undefined);
  });

  it('whole numbers are plain decimal digits within their bounds', () => {
    assert.equal(ok('days=90').get('days'), 90);
    assert.equal(ok('days=4000').get('days'), 4000);
    assert.equal(ok('offset=0').get('offset'), 0);
    for (const bad of ['0', '4001', '-1', 'abc', '1.5', '1e3', '+5', '05', '', ' 5', '0x10'])
      refused(`days=${encodeURIComponent(bad)}`, 'days');
    refused('limit=0', 'limit');
    refused('offset=100001', 'offset');
  });

  it('the error says which value was wrong and gives the schema’s hint', () => {
    const error = refused('days=1e3', 'days');
    assert.equal(error.message, 'Invalid value for parameter "days": "1e3".');
    assert.equal(error.hint, QUERY_PARAMETERS.days.hint);
    assert.equal(refused('units=nope', 'units').hint, QUERY_PARAMETERS.units.hint);
    assert.equal(refused('model=dli-0', 'model').hint, QUERY_PARAMETERS.model.hint);
  });

  it('a parameter given twice, or by both its names, is refused', () => {
    assert.equal(refused('days=30&days=60', 'days').message, 'Parameter "days" was given 2 times.');
    assert.equal(
      refused('start=2020-01-01&observation_start=2020-01-02', 'start').message,
      'Parameter "start" was given 2 times.',
    );
  });

  it('FRED’s names read as ours', () => {
    const query = ok('observation_start=2020-01-01&observation_end=2020-12-31&sort_order=desc');
    assert.equal(query.get('start'), '2020-01-01');
    assert.equal(query.get('end'), '2020-12-31');
    assert.equal(query.get('sort'), 'desc');
    assert.equal(query.given('sort'), true);
  });

  it('dates are days that exist, from 1900; a blank date is not given', () => {
    assert.equal(ok('start=2024-02-29').get('start'), '2024-02-29');
    for (const bad of ['2023-02-29', '2024-13-01', '24-01-01', '2024-1-1', '1899-12-31', 'today'])
      refused(`start=${bad}`, 'start');
    const blank = ok('start=&end=');
    assert.equal(blank.given('start'), false);
    assert.equal(blank.get('end'), undefined);
  });

  it('asOf is a date or a date-time with a zone, then the instant it names', () => {
    assert.equal(instantOf(ok('asOf=2026-03-01').get('asOf')!), '2026-03-01T23:59:59.999Z');
    assert.equal(instantOf(ok('asOf=2026-03-01T12:00:00.123456%2B02:00').get('asOf')!), '2026-03-01T10:00:00.123Z');
    for (const bad of ['2026-03-01T12:00:00', 'yesterday', '2026-02-30']) refused(`asOf=${bad}`, 'asOf');
  });

  it('choices, patterns and lengths come from the schemas', () => {
    assert.equal(ok('lang=en-US').get('lang'), 'en-US');
    refused('lang=xx', 'lang');
    assert.equal(ok('units=pc1&frequency=m&aggregation=eop').get('aggregation'), 'eop');
    refused('frequency=d', 'frequency');
    refused('ids=TGA', 'ids');
    refused(`q=${'a'.repeat(101)}`, 'q');
    assert.equal(ok('q=').given('q'), false);
    refused('style=huge', 'style');
    refused('view=latest', 'view');
  });

  it('a parameter the route does not take is left to the dispatcher (pages ignore it)', () => {
    const query = new QueryShape(['days']).parse(new URLSearchParams('days=30&utm_source=x&lang=ja'));
    assert.ok(!(query instanceof ApiError));
    assert.equal(query.get('days'), 30);
  });
});
