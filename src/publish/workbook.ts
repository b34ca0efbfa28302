import { strToU8, zipSync } from 'fflate';

/**
 * An xlsx download: a "Data" sheet (a date column of real Excel dates, a number column per series, a frozen header
 * row) and a "Notes" sheet saying what the numbers are, where they come from, their licence and when they were
 * published — as FRED's xlsx downloads carry their notes above the data. Plain values only, so that it crosses to
 * the worker thread (on-demand/worker-tasks.ts).
 */
export interface WorkbookSpec {
  /** Column headers after `date`, named as the CSV's (`value_usd_bn`, `tga_usd_bn_pc1`). */
  headers: string[];
  dates: string[];
  /** Per column, a value or null (an empty cell) on each date. */
  columns: Array<Array<number | null>>;
  /** Label and text rows of the Notes sheet. */
  notes: Array<[string, string]>;
  /** The publication's time: the workbook's created and modified stamps. */
  createdAt: string;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The workbook's bytes: the few SpreadsheetML parts a spreadsheet needs (ECMA-376 Part 1), zipped with fflate,
 * which the project already uses (no spreadsheet library and its dependency tree). Strings are inline (no
 * shared-string table); the only style beyond the default is the date column's `yyyy-mm-dd` number format. The
 * zip's entries are dated by `createdAt`, so a publication's workbook is the same bytes each time (its ETag too).
 * Example: one column, two dates → a ~2 kB file whose Data!A2 is the number 46346 styled as the date 2026-11-20.
 */
export function workbookBytes(spec: WorkbookSpec): Uint8Array {
  const created = new Date(spec.createdAt);
  const file = (xml: string) => strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${xml}`);
  return zipSync(
    {
      '[Content_Types].xml': file(CONTENT_TYPES),
      '_rels/.rels': file(ROOT_RELATIONSHIPS),
      'docProps/core.xml': file(coreProperties(created)),
      'docProps/app.xml': file(APP_PROPERTIES),
      'xl/workbook.xml': file(WORKBOOK),
      'xl/_rels/workbook.xml.rels': file(WORKBOOK_RELATIONSHIPS),
      'xl/styles.xml': file(STYLES),
      'xl/worksheets/sheet1.xml': file(dataSheet(spec)),
      'xl/worksheets/sheet2.xml': file(notesSheet(spec.notes)),
    },
    { level: 6, mtime: created },
  );
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'application/vnd.openxmlformats-officedocument';

const CONTENT_TYPES = `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${OFFICE}.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${OFFICE}.spreadsheetml.worksheet+xml"/><Override PartName="/xl/worksheets/sheet2.xml" ContentType="${OFFICE}.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="${OFFICE}.spreadsheetml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="${OFFICE}.extended-properties+xml"/></Types>`;

const ROOT_RELATIONSHIPS = `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="${RELATIONSHIPS}/extended-properties" Target="docProps/app.xml"/></Relationships>`;

const APP_PROPERTIES = `<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>usd-liquidity</Application></Properties>`;

const WORKBOOK = `<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><bookViews><workbookView/></bookViews><sheets><sheet name="Data" sheetId="1" r:id="rId1"/><sheet name="Notes" sheetId="2" r:id="rId2"/></sheets></workbook>`;

const WORKBOOK_RELATIONSHIPS = `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet2.xml"/><Relationship Id="rId3" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`;

/** Cell style 1 (the second `xf`): the custom number format 164, `yyyy-mm-dd`. */
const DATE_STYLE = 1;
const STYLES = `<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></numFmts><fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

function coreProperties(created: Date): string {
  const stamp = `${created.toISOString().slice(0, 19)}Z`;
  return `<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>usd-liquidity</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${stamp}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${stamp}</dcterms:modified></cp:coreProperties>`;
}

/**
 * A date as Excel's serial day number (the 1900 date system): days since 1899-12-30, which is right for every
 * date from 1900-03-01 on (Excel counts a 29 February 1900 that never was). Example: "2026-11-20" → 46346.
 */
export function excelSerial(date: string): number {
  return (Date.parse(`${date}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000;
}

/** The column letters of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Text as XML character data: escaped, and without the control characters XML 1.0 cannot carry. */
function xmlText(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters removed.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
  );
}

function textCell(ref: string, text: string): string {
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
}

/** A number cell, or nothing for a missing or non-finite value (an empty cell, as the CSV's empty field). */
function numberCell(ref: string, value: number | null | undefined, style?: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return `<c r="${ref}"${style === undefined ? '' : ` s="${style}"`}><v>${value}</v></c>`;
}

function columnWidths(widths: readonly number[], dateColumn: boolean): string {
  const cols = widths.map(
    (width, i) =>
      `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"${i === 0 && dateColumn ? ` style="${DATE_STYLE}"` : ''}/>`,
  );
  return `<cols>${cols.join('')}</cols>`;
}

function dataSheet(spec: WorkbookSpec): string {
  const header = ['date', ...spec.headers].map((text, i) => textCell(`${columnName(i)}1`, text)).join('');
  const rows = [`<row r="1">${header}</row>`];
  const letters = spec.headers.map((_, i) => columnName(i + 1));
  spec.dates.forEach((date, i) => {
    const r = i + 2;
    const values = spec.columns.map((column, c) => numberCell(`${letters[c]}${r}`, column[i])).join('');
    rows.push(`<row r="${r}">${numberCell(`A${r}`, excelSerial(date), DATE_STYLE)}${values}</row>`);
  });
  const widths = [12, ...spec.headers.map((header) => Math.max(12, header.length + 2))];
  const frozen =
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews>';
  return `<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">${frozen}${columnWidths(widths, true)}<sheetData>${rows.join('')}</sheetData></worksheet>`;
}

function notesSheet(notes: ReadonlyArray<readonly [string, string]>): string {
  const rows = [['field', 'value'] as const, ...notes].map(
    ([label, text], i) => `<row r="${i + 1}">${textCell(`A${i + 1}`, label)}${textCell(`B${i + 1}`, text)}</row>`,
  );
  return `<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheetViews><sheetView workbookViewId="0"/></sheetViews>${columnWidths([22, 100], false)}<sheetData>${rows.join('')}</sheetData></worksheet>`;
}
