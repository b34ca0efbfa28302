/**
 * An xlsx download: a "Data" sheet (a date column of real Excel dates, a number column per series, a frozen header
 * row) and a "Notes" sheet saying what the numbers are, where they come from, their licence and when they were
 * published — as FRED's xlsx downloads carry their notes above the data. Plain values only, so that it crosses to
 * the worker thread (worker-tasks.ts).
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

/** The workbook's bytes. Example: one column, two dates → a ~7 kB file whose Data!A2 is the date 2026-11-20. */
export async function workbookBytes(spec: WorkbookSpec): Promise<Uint8Array> {
  // Loaded on the first workbook, not at start: exceljs and its dependencies took ~0.4 s of every start.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'usd-liquidity';
  workbook.created = new Date(spec.createdAt);
  workbook.modified = new Date(spec.createdAt);
  const data = workbook.addWorksheet('Data', { views: [{ state: 'frozen', ySplit: 1 }] });
  data.columns = [
    { header: 'date', key: 'date', width: 12, style: { numFmt: 'yyyy-mm-dd' } },
    ...spec.headers.map((header) => ({ header, width: Math.max(12, header.length + 2) })),
  ];
  spec.dates.forEach((date, i) => {
    // Dates at UTC midnight: exceljs writes them as whole Excel day numbers.
    data.addRow([new Date(`${date}T00:00:00Z`), ...spec.columns.map((column) => column[i] ?? null)]);
  });
  const notes = workbook.addWorksheet('Notes');
  notes.columns = [
    { header: 'field', width: 22 },
    { header: 'value', width: 100 },
  ];
  for (const row of spec.notes) notes.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
