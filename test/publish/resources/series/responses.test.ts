import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { seriesFreshness } from '../../../../src/publish/freshness.ts';
import { encoderBacklog } from '../../../../src/publish/prepared-response.ts';
import {
  buildSeriesResponses,
  COMMON_DAYS,
  onDemandWindows,
} from '../../../../src/publish/resources/series/responses.ts';
import { seriesDef } from '../../../../src/timeseries/catalog.ts';
import { addDays } from '../../../../src/timeseries/dates.ts';

const points = Array.from({ length: 400 }, (_, i) => ({ date: addDays('2025-01-01', i), value: 100 + i }));
const fresh = seriesFreshness(seriesDef('tga')!, '2026-02-04', new Map(), '2026-02-05');

describe('the series resource', () => {
  it('serves any days window as a slice of one serialized body, with its own strong ETag per window', () => {
    const responses = buildSeriesResponses(seriesDef('tga')!, points, fresh)!;
    const week = JSON.parse(responses.forDays(7).body.toString());
    assert.deepEqual(
      week.data.map((p: { date: string }) => p.date),
      points.slice(-7).map((p) => p.date),
    );
    assert.equal(week.meta.lastAvailableDate, points.at(-1)!.date);
    assert.notEqual(responses.forDays(7).etag, responses.forDays(8).etag);
    assert.equal(responses.forDays(4000).etag, responses.forDays(3999).etag, 'same start → same body and tag');
    const all = JSON.parse(responses.forDays(4000).body.toString());
    assert.equal(all.data.length, 400);
    assert.equal(all.meta.license.terms, 'public-domain');
  });

  it('4,000 distinct windows of 25 long series: bounded memory, and no compression backlog left behind', async () => {
    const long = Array.from({ length: 6000 }, (_, i) => ({ date: addDays('2010-01-01', i), value: 1000 + i / 7 }));
    const all = Array.from({ length: 25 }, () => buildSeriesResponses(seriesDef('tga')!, long, fresh)!);
    let largestBacklog = 0;
    for (let days = 1; days <= 4000; days++) {
      for (const responses of all) responses.forDays(days);
      largestBacklog = Math.max(largestBacklog, encoderBacklog());
    }
    // 100,000 answers given; what they hold afterwards is capped (16 MB of bodies, counted with their encodings).
    assert.ok(onDemandWindows().bytes <= 16 * 1024 * 1024, `${onDemandWindows().bytes} bytes cached`);
    // Uncommon windows are encoded only while fewer than 4 jobs wait (2 jobs each): beyond the common windows'
    // jobs (2 encodings × 8 windows × 25 series), the queue never grows with the flood.
    assert.ok(largestBacklog <= COMMON_DAYS.length * 2 * 25 + 4 + 2, `backlog peaked at ${largestBacklog}`);
    await Promise.all(all.map((r) => r.settled()));
    assert.ok(encoderBacklog() <= 6, 'at most the last admitted on-demand jobs are left');
  });

  it('an uncommon window is views of the serialized points, not a copy; a common one is one buffer', () => {
    const responses = buildSeriesResponses(seriesDef('tga')!, points, fresh)!;
    const uncommon = responses.forDays(123);
    assert.equal(uncommon.parts?.length, 3);
    assert.equal(uncommon.parts![1]!.buffer, responses.serialized.points.buffer, 'a view of the kept points');
    const joined = Buffer.concat(uncommon.parts as Buffer[]);
    assert.ok(joined.equals(uncommon.body));
    assert.equal(Number(uncommon.headers['content-length']), joined.length);
    assert.equal(JSON.parse(joined.toString()).data.length, 123);
    assert.equal(responses.forDays(365).parts, undefined);
  });

  it('withholds the values of a restricted series, keeping its statistics', () => {
    const hy = buildSeriesResponses(seriesDef('hy-spread')!, points, fresh)!;
    const body = JSON.parse(hy.forDays(365).body.toString());
    assert.deepEqual(body.data, []);
    assert.equal(body.meta.zScoreWindow.count, 400);
    assert.equal(body.meta.license.redistribution, 'statistics-only');
  });

  it("gives every window's body as JSON string characters, as JSON.stringify escapes it, from points escaped once", () => {
    // Values with z-scores and without (a short series has none), a restricted series (no points), and
    // provenance whose text JSON escapes (quotes, a backslash, non-ASCII) in the tail.
    const provenance = { note: 'a "quoted" \\ path – é' } as unknown as Parameters<typeof buildSeriesResponses>[4];
    const all = [
      buildSeriesResponses(seriesDef('tga')!, points, fresh, undefined, provenance)!,
      buildSeriesResponses(seriesDef('tga')!, points.slice(0, 1), fresh)!,
      buildSeriesResponses(seriesDef('hy-spread')!, points, fresh)!,
    ];
    const text = (response: { jsonText?: () => readonly Buffer[]; body: Buffer }) =>
      Buffer.concat(response.jsonText!() as Buffer[]).toString();
    const escaped = (body: Buffer) => JSON.stringify(body.toString()).slice(1, -1);
    fc.assert(
      fc.property(
        fc.constantFrom(...all),
        fc.integer({ min: 0, max: 420 }),
        fc.integer({ min: 0, max: 420 }),
        fc.constantFrom('asc' as const, 'desc' as const),
        fc.option(fc.integer({ min: 0, max: 50 }), { nil: undefined }),
        fc.integer({ min: 0, max: 10 }),
        (responses, a, b, order, limit, offset) => {
          const n = responses.serialized.observations.length;
          const [from, to] = [Math.min(a, b, n), Math.min(Math.max(a, b), n)];
          const response = responses.forSelection(from, to, order, limit, offset);
          assert.equal(text(response), escaped(response.body));
        },
      ),
      { numRuns: 500 },
    );
    for (const responses of all)
      for (const response of [
        responses.forDays(7),
        responses.forDays(365),
        responses.forDays(123),
        responses.forRange('2025-02-01', null),
        responses.forRange('2025-02-01', '2025-03-01'),
        responses.forRange('2030-01-01', null),
      ])
        assert.equal(text(response), escaped(response.body));
  });
});
