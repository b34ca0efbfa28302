import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { closeWorkerPool, workbookOffThread } from '../../src/publish/worker-pool.ts';

describe('the worker thread', () => {
  after(() => closeWorkerPool());

  it('builds a workbook off the serving thread', async () => {
    const bytes = await workbookOffThread({
      headers: ['value_usd_bn'],
      dates: ['2026-11-20', '2026-11-23'],
      columns: [[810.5, null]],
      notes: [['Series', 'tga']],
      createdAt: '2026-11-26T00:00:00.000Z',
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
    const data = workbook.getWorksheet('Data')!;
    assert.deepEqual((data.getRow(1).values as unknown[]).slice(1), ['date', 'value_usd_bn']);
    assert.equal((data.getCell('A2').value as Date).toISOString(), '2026-11-20T00:00:00.000Z');
    assert.equal(data.getCell('B2').value, 810.5);
    assert.equal(data.getCell('B3').value, null);
    assert.equal(workbook.getWorksheet('Notes')!.getCell('B2').value, 'tga');
  });
});
