import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { CsvDownloads, historyCsv, seriesCsv } from '../../../src/publish/resources/csv.ts';
import type { HistoryBody } from '../../../src/publish/resources/model.ts';
import { seriesDef } from '../../../src/timeseries/catalog.ts';
import type { DateWindow } from '../../../src/timeseries/date-window.ts';

const tga = seriesDef('tga')!;
const observations = [
  { date: '2026-08-24', value: 812.4 },
  { date: '2026-08-25', value: 798.1 },
  { date: '2026-09-02', value: 801 },
];

describe('CSV downloads', () => {
  it('a series: RFC 4180 with CRLF, a header naming the unit, one row per date, read back exactly', () => {
    const text = seriesCsv(tga, observations);
    assert.equal(text, 'date,value_usd_bn\r\n2026-08-24,812.4\r\n2026-08-25,798.1\r\n2026-09-02,801\r\n');
    const rows = parse(text, { columns: true }) as Array<Record<string, string>>;
    assert.deepEqual(
      rows.map((r) => [r.date, Number(r.value_usd_bn)]),
      observations.map((o) => [o.date, o.value]),
    );
  });

  it('the history: headline, status, confidence, aggregate and every group, empty where a group did not report', () => {
    const history = {
      count: 2,
      dates: ['2026-08-26', '2026-08-27'],
      headline: [77, 80],
      status: ['neutral', 'risk-off'],
      confidence: ['high', 'medium'],
      aggregate: [0.6, 0.62],
      subIndices: { policy: [55.3, 52.1], funding: [81.1, null], credit: [null, null], risk: [10, 12] },
    } as unknown as HistoryBody;
    assert.equal(
      historyCsv(history),
      'date,headline_percentile_5y,status,confidence,aggregate_0_1,policy_0_100,funding_0_100,credit_0_100,risk_0_100\r\n' +
        '2026-08-26,77,neutral,high,0.6,55.3,81.1,,10\r\n2026-08-27,80,risk-off,medium,0.62,52.1,,,12\r\n',
    );
  });

  const plain = (window: DateWindow) => ({ window, order: 'asc' as const, limit: undefined, transform: null });

  it('windows count back from the last observation, like the JSON; unknown or withheld series have none', () => {
    const downloads = new CsvDownloads(
      (id) => (id === 'tga' ? { def: tga, observations } : undefined),
      () => undefined,
    );
    assert.equal(
      downloads.forSeries('tga', plain({ days: 9 }))!.body.toString(),
      'date,value_usd_bn\r\n2026-08-25,798.1\r\n2026-09-02,801\r\n',
    );
    assert.equal(
      downloads.forSeries('tga', plain({ days: 9 }))!.headers['content-type'],
      'text/csv; charset=utf-8; header=present',
    );
    assert.equal(downloads.forSeries('hy-spread', plain({ days: 30 })), undefined);
    assert.equal(downloads.historyCsv(), undefined);
    assert.equal(
      downloads.forSeries('tga', plain({ start: '2026-08-25', end: '2026-08-31' }))!.body.toString(),
      'date,value_usd_bn\r\n2026-08-25,798.1\r\n',
    );
  });
});
