import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { CsvDownloads, historyCsv, seriesCsv, sliceHistory } from '../../../src/publish/resources/csv.ts';
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

  it('the history: headline, status, confidence, aggregate, every group, then the provisional days, live share, level and its parts', () => {
    const history = {
      count: 2,
      dates: ['2026-08-26', '2026-08-27'],
      headline: [77, 80],
      status: ['neutral', null],
      confidence: ['high', 'medium'],
      aggregate: [0.6, 0.62],
      subIndices: { policy: [55.3, 52.1], funding: [81.1, null], credit: [null, null], risk: [10, 12] },
      provisional: [false, true],
      liveWeightShare: [0.62, 0.15],
      level: [54.1, 55],
      contributions: { policy: [20.1, 21], funding: [30, 30], risk: [4, 4] },
    } as unknown as HistoryBody;
    assert.equal(
      historyCsv(history),
      'date,headline_percentile_5y,status,confidence,aggregate_0_1,policy_0_100,funding_0_100,credit_0_100,risk_0_100,' +
        'provisional,live_weight_share,level_0_100,policy_part_points,funding_part_points,risk_part_points\r\n' +
        '2026-08-26,77,neutral,high,0.6,55.3,81.1,,10,false,0.62,54.1,20.1,30,4\r\n' +
        '2026-08-27,80,,medium,0.62,52.1,,,12,true,0.15,55,21,30,4\r\n',
    );
  });

  const plain = (window: DateWindow) => ({ window, order: 'asc' as const, limit: undefined, transform: null });

  it('a date range of the history cuts every column alike: the level, its parts and the provisional days too', () => {
    const days = ['2026-08-24', '2026-08-25', '2026-08-26', '2026-08-27'];
    const column = (base: number) => days.map((_, i) => base + i);
    const history = {
      count: 4,
      from: days[0],
      to: days[3],
      dates: days,
      headline: column(80),
      status: ['risk-off', 'risk-off', null, null],
      confidence: ['low', 'low', 'low', 'low'],
      aggregate: column(0.5),
      subIndices: { policy: column(30), funding: column(70) },
      provisional: [false, false, true, true],
      liveWeightShare: [0.6, 0.6, 0.2, 0.2],
      level: column(50),
      contributions: { policy: column(10), funding: column(40) },
    } as unknown as HistoryBody;
    const cut = sliceHistory(history, '2026-08-26', '2026-08-27') as unknown as Record<string, unknown>;
    assert.equal(cut.count, 2);
    assert.deepEqual(cut.dates, days.slice(2));
    // Before: level, contributions, provisional and liveWeightShare were left whole (4 values beside 2 dates).
    assert.deepEqual(cut.level, [52, 53]);
    assert.deepEqual(cut.contributions, { policy: [12, 13], funding: [42, 43] });
    assert.deepEqual(cut.provisional, [true, true]);
    assert.deepEqual(cut.liveWeightShare, [0.2, 0.2]);
    assert.deepEqual(cut.subIndices, { policy: [32, 33], funding: [72, 73] });
    assert.deepEqual([cut.from, cut.to], ['2026-08-26', '2026-08-27']);
    // A window past the end holds no day: neither date is the history's (its `to` was, beside count 0).
    const past = sliceHistory(history, '2030-01-01', null) as unknown as Record<string, unknown>;
    assert.deepEqual([past.count, past.from, past.to, past.dates], [0, '', '', []]);
  });

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
