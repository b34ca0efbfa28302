import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { XMLParser } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { columnName, excelSerial, workbookBytes } from '../../src/publish/workbook.ts';

const spec = {
  headers: ['tga_usd_bn', 'note & <odd>'],
  dates: ['2026-11-19', '2026-11-20'],
  columns: [
    [800.5, null],
    [1e-7, -12],
  ],
  notes: [['Cite as', 'A & B <c> "d"\u0001']] as Array<[string, string]>,
  createdAt: '2026-11-26T12:34:56.789Z',
};

/**
 * The workbook read back part by part, as a spreadsheet application reads it (ECMA-376): the package's parts and
 * their content types, real dates (serial numbers styled yyyy-mm-dd), numbers as numbers, empty cells for
 * missing values, escaped text, a frozen header. LibreOffice, gnumeric and openpyxl were checked by hand (issue
 * 42); this test needs none of them. test/http/spreadsheet.test.ts also reads the served workbooks with exceljs.
 */
describe('the xlsx writer', () => {
  const files = unzipSync(workbookBytes(spec));
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'c' });
  const xml = (path: string) => {
    assert.ok(files[path], path);
    return parser.parse(strFromU8(files[path]!));
  };

  it('holds the parts a spreadsheet opens, each with its content type', () => {
    const types = xml('[Content_Types].xml').Types;
    const overrides = new Map<string, string>(
      types.Override.map((o: { PartName: string; ContentType: string }) => [o.PartName, o.ContentType]),
    );
    assert.match(overrides.get('/xl/workbook.xml')!, /spreadsheetml\.sheet\.main\+xml$/);
    assert.match(overrides.get('/xl/worksheets/sheet1.xml')!, /worksheet\+xml$/);
    assert.match(overrides.get('/xl/styles.xml')!, /styles\+xml$/);
    const sheets = xml('xl/workbook.xml').workbook.sheets.sheet;
    assert.deepEqual(
      sheets.map((s: { name: string }) => s.name),
      ['Data', 'Notes'],
    );
    const rels = xml('xl/_rels/workbook.xml.rels').Relationships.Relationship;
    for (const s of sheets) assert.ok(rels.some((r: { Id: string }) => r.Id === s['r:id']));
    assert.equal(xml('docProps/core.xml')['cp:coreProperties']['dcterms:created']['#text'], '2026-11-26T12:34:56Z');
  });

  it('dates are serial numbers in a yyyy-mm-dd style; values are numbers; a missing value is an empty cell', () => {
    const styles = xml('xl/styles.xml').styleSheet;
    const format = styles.numFmts.numFmt;
    const dateStyle = styles.cellXfs.xf[1];
    assert.equal(dateStyle.numFmtId, format.numFmtId);
    assert.equal(format.formatCode, 'yyyy-mm-dd');
    const sheet = xml('xl/worksheets/sheet1.xml').worksheet;
    assert.equal(sheet.sheetViews.sheetView.pane.state, 'frozen');
    assert.equal(sheet.sheetViews.sheetView.pane.ySplit, '1');
    const [header, first, second] = sheet.sheetData.row;
    assert.deepEqual(
      header.c.map((c: { is: { t: { '#text': string } } }) => c.is.t['#text']),
      ['date', 'tga_usd_bn', 'note & <odd>'],
    );
    assert.deepEqual(first.c, [
      { r: 'A2', s: '1', v: 46345 },
      { r: 'B2', v: 800.5 },
      { r: 'C2', v: 1e-7 },
    ]);
    assert.deepEqual(second.c, [
      { r: 'A3', s: '1', v: 46346 },
      { r: 'C3', v: -12 },
    ]);
  });

  it('the notes are text, escaped, without characters XML cannot carry', () => {
    const rows = xml('xl/worksheets/sheet2.xml').worksheet.sheetData.row;
    assert.equal(rows[1].c[1].is.t['#text'], 'A & B <c> "d"');
    assert.match(strFromU8(files['xl/worksheets/sheet2.xml']!), /A &amp; B &lt;c&gt;/);
  });

  it('is the same bytes each time (the download’s ETag): its entries are dated by the publication', () => {
    const bytes = workbookBytes(spec);
    assert.deepEqual(bytes, workbookBytes(spec));
    // The first local file header's DOS date (offset 12): (year − 1980) << 9 | month << 5 | day, 2026-11-26.
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    assert.equal(view.getUint32(0, true), 0x04034b50, 'a local file header');
    assert.equal(view.getUint16(12, true), ((2026 - 1980) << 9) | (11 << 5) | 26);
  });

  it('counts days and columns as Excel does', () => {
    assert.equal(excelSerial('1900-03-01'), 61);
    assert.equal(excelSerial('2026-11-20'), 46346);
    assert.deepEqual([0, 25, 26, 51, 52, 701, 702].map(columnName), ['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});
