import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
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
});
