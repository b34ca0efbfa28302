import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { createRefreshedHarness, type Harness } from '../support/harness.ts';

/** Reads a workbook the service sent: its Data rows as CSV-like text lines, and its Notes as label → text. */
async function readWorkbook(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const data = workbook.getWorksheet('Data')!;
  const lines: string[] = [];
  data.eachRow((row, n) => {
    const cells = (row.values as unknown[]).slice(1);
    if (n === 1) return lines.push(cells.join(','));
    const [date, ...values] = cells;
    assert.ok(date instanceof Date, 'dates are Excel dates');
    assert.equal(data.getCell(n, 1).numFmt, 'yyyy-mm-dd');
    lines.push([(date as Date).toISOString().slice(0, 10), ...values.map((v) => v ?? '')].join(','));
  });
  const notes = new Map<string, string[]>();
  workbook.getWorksheet('Notes')!.eachRow((row) => {
    const [label, text] = (row.values as string[]).slice(1);
    if (label) notes.set(label, [...(notes.get(label) ?? []), text ?? '']);
  });
  return { lines, notes };
}

describe('xlsx downloads (issue 31)', () => {
  let h: Harness;
  before(async () => {
    h = await createRefreshedHarness();
  });
  after(() => h.close());

  it('one series: the CSV’s rows as real Excel dates and numbers, with a Notes sheet saying how to cite it', async () => {
    const res = await h.app.inject('/api/series/tga.xlsx?days=60');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    assert.equal(res.headers['content-disposition'], 'attachment; filename="tga.xlsx"');
    const { lines, notes } = await readWorkbook(res.rawPayload);
    const csv = (await h.app.inject('/api/series/tga.csv?days=60')).body.trimEnd().split('\r\n');
    assert.deepEqual(lines, csv);
    const meta = (await h.app.inject('/api/series/tga')).json().meta;
    assert.deepEqual(notes.get('Cite as'), [meta.license.attribution]);
    assert.deepEqual(notes.get('Unit'), ['usd_billions (billions of US dollars)']);
    assert.deepEqual(notes.get('Frequency'), ['daily']);
    assert.equal(notes.get('Last observation')![0], meta.lastAvailableDate);
    // The ETag answers 304 like every other download.
    const again = await h.app.inject({
      url: '/api/series/tga.xlsx?days=60',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    assert.equal(again.statusCode, 304);
  });

  it('transformed and many series: the same columns as the CSV, the transform in the notes', async () => {
    const url = 'ids=tga,fed-balance-sheet&frequency=m&units=pch';
    const res = await h.app.inject(`/api/series.xlsx?${url}`);
    assert.equal(res.statusCode, 200);
    const { lines, notes } = await readWorkbook(res.rawPayload);
    assert.deepEqual(lines, (await h.app.inject(`/api/series.csv?${url}`)).body.trimEnd().split('\r\n'));
    assert.deepEqual(notes.get('Transform'), [
      'Percent change of the monthly average (units=pch&frequency=m&aggregation=avg)',
      'Percent change of the monthly average (units=pch&frequency=m&aggregation=avg)',
    ]);
    assert.deepEqual(notes.get('Unit'), ['percent (percent change)', 'percent (percent change)']);
    // The frequency of the values after frequency=m (issue 42: the notes gave the native one).
    assert.deepEqual(notes.get('Frequency'), [
      'monthly (average of daily values)',
      'monthly (average of weekly values)',
    ]);
    const single = await readWorkbook(
      (await h.app.inject('/api/series/m2.xlsx?units=pc1&sort=desc&limit=3')).rawPayload,
    );
    assert.deepEqual(
      single.lines,
      (await h.app.inject('/api/series/m2.csv?units=pc1&sort=desc&limit=3')).body.trimEnd().split('\r\n'),
    );
  });

  it('refuses what the CSV refuses', async () => {
    const code = async (url: string) => (await h.app.inject(url)).json().error?.code;
    assert.equal(await code('/api/series/hy-spread.xlsx'), 'values_withheld');
    assert.equal(await code('/api/series/nope.xlsx'), 'unknown_series');
    assert.equal(await code('/api/series/tga.xlsx?units=yoy'), 'invalid_parameter');
    assert.equal(await code('/api/series.xlsx'), 'invalid_parameter');
  });
});
