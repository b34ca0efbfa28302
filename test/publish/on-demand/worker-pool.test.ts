import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import {
  closeWorkerPool,
  computeAsOfOffThread,
  workbookOffThread,
} from '../../../src/publish/on-demand/worker-pool.ts';
import { asOf, computeAsOfHere } from '../../../src/publish/on-demand/worker-tasks.ts';
import { loadVintagedSeries } from '../../../src/store/observations.ts';
import { createRefreshedHarness, TEST_NOW } from '../../support/harness.ts';
import { longRunningStore } from '../../support/long-running-store.ts';

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

describe('the asOf task keeps the series it was sent', () => {
  after(() => closeWorkerPool());

  const series = (value: number) =>
    new Map([
      [
        'tga',
        {
          dates: ['2026-11-20', '2026-11-23'],
          firstValues: [value, value + 1],
          firstSeen: ['2026-11-24T06:00:00.000Z', '2026-11-24T06:00:00.000Z'],
          revisions: new Map(),
        },
      ],
    ]);
  const instant = '2026-11-25T00:00:00.000Z';

  it('asks for the series it does not keep, and answers from those it was sent before', () => {
    assert.deepEqual(asOf({ inputs: 'p1|', instant }), { missing: true });
    const sent = asOf({ inputs: 'p1|', vintaged: series(800), instant });
    assert.equal('ok' in sent && sent.ok, true);
    assert.deepEqual(asOf({ inputs: 'p1|', instant }), sent);
  });

  it('keeps the newest two publications', () => {
    for (const name of ['p2|', 'p3|', 'p4|']) asOf({ inputs: name, vintaged: series(800), instant });
    assert.deepEqual(asOf({ inputs: 'p2|', instant }), { missing: true });
    assert.notDeepEqual(asOf({ inputs: 'p4|', instant }), { missing: true });
  });

  it('computeAsOfOffThread answers as the calling thread does, sending the series once', async () => {
    const vintaged = series(810);
    const here = await computeAsOfHere(vintaged, instant);
    assert.deepEqual(await computeAsOfOffThread(vintaged, instant), here);
    // The second task names the series kept by the thread; its answer is the same.
    assert.deepEqual(await computeAsOfOffThread(vintaged, instant), here);
  });
});

describe('the asOf task keeps the publication’s history', () => {
  after(() => closeWorkerPool());

  it('a history as of an earlier instant, from the kept one, is the one computed in full', async () => {
    const h = await createRefreshedHarness();
    try {
      const builtAt = TEST_NOW.toISOString();
      const vintaged = longRunningStore(await loadVintagedSeries(h.store.db), builtAt);
      for (const days of [200, 20]) {
        const instant = new Date(TEST_NOW.getTime() - days * 86_400_000).toISOString();
        const full = await computeAsOfHere(vintaged, instant);
        const kept = await computeAsOfOffThread(vintaged, instant, { publishedAt: builtAt });
        assert.ok(full.ok && kept.ok && full.model?.historyJson);
        assert.equal(kept.model?.historyJson, full.model.historyJson, `as of ${instant}`);
        assert.deepEqual(kept.model?.regime, full.model.regime);
        // Taken from the kept history, not computed again (the full computation takes none).
        assert.ok((kept.model?.reusedRows ?? 0) > 0, `rows reused as of ${instant}`);
        assert.equal(full.model.reusedRows, 0);
      }
    } finally {
      await h.close();
    }
  });
});
