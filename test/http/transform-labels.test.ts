import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { validatedHarness } from '../support/validated-harness.ts';

/** Each FRED units value on a series in USD bn: the unit of the values, its words, and the CSV column it gets. */
const EXPECTED = {
  lin: { unit: 'usd_billions', label: 'billions of US dollars', column: 'value_usd_bn' },
  chg: { unit: 'usd_billions', label: 'change, billions of US dollars', column: 'value_usd_bn_chg' },
  ch1: { unit: 'usd_billions', label: 'change from a year ago, billions of US dollars', column: 'value_usd_bn_ch1' },
  pch: { unit: 'percent', label: 'percent change', column: 'value_percent_pch' },
  pc1: { unit: 'percent', label: 'percent change from a year ago', column: 'value_percent_pc1' },
  pca: { unit: 'percent', label: 'compounded annual rate of change, percent', column: 'value_percent_pca' },
  cch: { unit: 'percent', label: 'continuously compounded rate of change, percent', column: 'value_percent_cch' },
  cca: {
    unit: 'percent',
    label: 'continuously compounded annual rate of change, percent',
    column: 'value_percent_cca',
  },
  log: {
    unit: 'natural_log_of_usd_billions',
    label: 'natural log of billions of US dollars',
    column: 'value_ln_usd_bn_log',
  },
} as const;

/** A workbook's Data header row and its Notes as label → text (read with exceljs, as a user's script would). */
async function readWorkbook(body: Buffer): Promise<{ header: string[]; notes: Map<string, string> }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const header = (workbook.getWorksheet('Data')!.getRow(1).values as string[]).slice(1);
  const notes = new Map<string, string>();
  workbook.getWorksheet('Notes')!.eachRow((row) => {
    const [label, text] = (row.values as string[]).slice(1);
    if (label && !notes.has(label)) notes.set(label, text ?? '');
  });
  return { header, notes };
}

/**
 * Labels follow transforms (issue 42, point 3): for every units value, the JSON meta, the CSV header, the workbook's
 * Data header and its Notes give the unit and the frequency of the values as served — after the transform.
 */
describe('labels after a transform, on every units value', () => {
  const setup = validatedHarness();

  for (const [units, expected] of Object.entries(EXPECTED)) {
    it(`units=${units} on fed-balance-sheet (weekly, USD bn)`, async () => {
      const query = `units=${units}&days=800`;
      const body = (await setup.h.app.inject(`/api/series/fed-balance-sheet?${query}`)).json();
      assert.deepEqual(setup.validator.validate('/api/series/{id}', 200, body), []);
      assert.equal(body.meta.unit, expected.unit);
      assert.equal(body.meta.frequency, 'weekly');
      assert.equal(body.meta.transform.unitLabel, expected.label);
      assert.equal(body.meta.transform.seriesUnit, 'usd_billions');
      const csv = (await setup.h.app.inject(`/api/series/fed-balance-sheet.csv?${query}`)).body;
      assert.equal(csv.split('\r\n')[0], `date,${expected.column}`);
      const xlsx = await readWorkbook(
        (await setup.h.app.inject(`/api/series/fed-balance-sheet.xlsx?${query}`)).rawPayload,
      );
      assert.deepEqual(xlsx.header, ['date', expected.column]);
      assert.equal(xlsx.notes.get('Unit'), `${expected.unit} (${expected.label})`);
      assert.equal(xlsx.notes.get('Frequency'), 'weekly');
      const set = (await setup.h.app.inject(`/api/series.csv?ids=fed-balance-sheet,tga&${query}`)).body.split(
        '\r\n',
      )[0];
      const token = expected.column.replace(/^value_/, '');
      assert.equal(set, `date,fed-balance-sheet_${token},tga_${token}`);
    });
  }

  it('frequency=m: the frequency after aggregation in the meta, the columns and the notes', async () => {
    const body = (await setup.h.app.inject('/api/series/fed-balance-sheet?frequency=m&units=pc1')).json();
    assert.deepEqual(setup.validator.validate('/api/series/{id}', 200, body), []);
    assert.deepEqual([body.meta.unit, body.meta.frequency], ['percent', 'monthly']);
    assert.deepEqual([body.meta.transform.seriesUnit, body.meta.transform.seriesFrequency], ['usd_billions', 'weekly']);
    const csv = (await setup.h.app.inject('/api/series/fed-balance-sheet.csv?frequency=m&units=pc1')).body;
    assert.equal(csv.split('\r\n')[0], 'date,value_percent_pc1_m_avg');
    const xlsx = await readWorkbook(
      (await setup.h.app.inject('/api/series/fed-balance-sheet.xlsx?frequency=m&units=pc1')).rawPayload,
    );
    assert.equal(xlsx.notes.get('Frequency'), 'monthly (average of weekly values)');
    assert.equal(xlsx.notes.get('Unit'), 'percent (percent change from a year ago)');
    assert.equal(xlsx.notes.get('Series unit and frequency'), 'usd_billions, weekly (before the transform)');
    const annual = (await setup.h.app.inject('/api/series/tga?frequency=a&aggregation=eop')).json();
    assert.deepEqual(setup.validator.validate('/api/series/{id}', 200, annual), []);
    assert.equal(annual.meta.frequency, 'annual');
  });

  it('chg on a series in percent is in percentage points', async () => {
    const body = (await setup.h.app.inject('/api/series/real-yield-10y?units=chg&days=30')).json();
    assert.equal(body.meta.unit, 'percent');
    assert.equal(body.meta.transform.unitLabel, 'change, percentage points');
  });
});
