import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { CURRENT_MODEL, MODEL_VERSIONS } from '../../src/analytics/model/versions.ts';
import { unvalidatedOutputs } from '../../src/publish/model/run.ts';
import { validatedHarness } from '../support/validated-harness.ts';

/**
 * Issue 39, point 6: earlier models' histories stay available. /api/history?model=dli-3 answers dli-3's history
 * computed with dli-3's own spec over the data of the current publication — the same numbers as running that
 * version directly — in the documented shape, as JSON and CSV, kept once computed.
 */
describe('earlier models’ histories: /api/history?model=…', () => {
  const setup = validatedHarness();

  const retired = MODEL_VERSIONS.filter((v) => v.version !== CURRENT_MODEL.version);

  it('every earlier version: its own history, as running that version directly gives it, in the documented shape', async () => {
    assert.ok(retired.length >= 3);
    const publication = setup.h.publisher.current!;
    for (const { version, spec } of retired) {
      const response = await setup.h.app.inject(`/api/history?model=${version}`);
      assert.equal(response.statusCode, 200, `${version}: ${response.body.slice(0, 200)}`);
      const body = response.json();
      assert.deepEqual(setup.validator.validate('/api/history', 200, body), [], version);
      assert.equal(body.provenance.modelVersion, version);
      const direct = unvalidatedOutputs(
        publication.vintaged,
        new Date(publication.builtAt),
        setup.h.publisher.current!.baseUrl,
        spec,
      ).history;
      assert.deepEqual(body.dates, direct.dates, version);
      assert.deepEqual(body.headline, direct.headline, version);
      assert.deepEqual(body.status, direct.status, version);
      for (const column of ['headline', 'status', 'aggregate', 'level'] as const)
        assert.equal(body[column].length, body.dates.length, `${version} ${column}`);
    }
    // And they differ from the current model's: the versions are not one history relabelled.
    const current = (await setup.h.app.inject('/api/history')).json();
    const dli1 = (await setup.h.app.inject('/api/history?model=dli-1')).json();
    assert.notDeepEqual(dli1.headline.slice(-200), current.headline.slice(-200));
  });

  it('as CSV and for a date range, the same rows; asked again, the same bytes', async () => {
    const json = (await setup.h.app.inject('/api/history?model=dli-3&start=2026-10-01')).json();
    const csv = await setup.h.app.inject('/api/history.csv?model=dli-3&start=2026-10-01');
    assert.equal(csv.statusCode, 200);
    const rows = parse(csv.body, { columns: true }) as Array<Record<string, string>>;
    assert.deepEqual(
      rows.map((r) => [r.date, Number(r.headline_percentile_5y)]),
      json.dates.map((d: string, i: number) => [d, json.headline[i]]),
    );
    const first = await setup.h.app.inject('/api/history?model=dli-2');
    const again = await setup.h.app.inject('/api/history?model=dli-2');
    assert.equal(again.headers.etag, first.headers.etag);
    assert.equal(again.body, first.body);
  });

  it('the current version by name is the current history; an unknown one, or one with asOf, is refused', async () => {
    const named = await setup.h.app.inject(`/api/history?model=${CURRENT_MODEL.version}`);
    assert.equal(named.body, (await setup.h.app.inject('/api/history')).body);
    const unknown = await setup.h.app.inject('/api/history?model=dli-0');
    assert.equal(unknown.statusCode, 400);
    assert.match(unknown.json().error.hint, /dli-3/);
    const withAsOf = await setup.h.app.inject('/api/history?model=dli-3&asOf=2026-11-01');
    assert.equal(withAsOf.statusCode, 400);
    assert.equal(withAsOf.json().error.code, 'invalid_parameter');
  });
});
