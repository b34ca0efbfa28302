import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { progressObserver, summaryTable } from '../../../src/ingest/refresh/cli-progress.ts';

function stream(tty: boolean) {
  let text = '';
  const out = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  }) as Writable & { isTTY?: boolean };
  out.isTTY = tty;
  return { out: out as unknown as NodeJS.WriteStream, text: () => text };
}

const outcome = {
  seriesId: 'vix',
  source: 'fred:VIXCLS',
  status: 'ok' as const,
  added: 12,
  revisions: 1,
  message: null,
  ms: 40,
};

describe('refresh progress', () => {
  it('on a terminal, redraws one status line in place and prints finished sources above it', () => {
    const { out, text } = stream(true);
    const observer = progressObserver(out);
    observer.begin!([
      { seriesId: 'vix', source: 'fred:VIXCLS' },
      { seriesId: 'm2', source: 'fred:M2SL' },
    ]);
    observer.started!('vix');
    observer.started!('m2');
    observer.finished!(outcome);
    const written = text();
    observer.end!({ runId: 1, status: 'ok', startedAt: 'a', finishedAt: 'b', outcomes: [outcome] });
    // cli-progress draws the status line with its own cursor moves: the drawn text is what is checked.
    assert.match(written, /\[0\/2\] about .* left · fetching vix, m2/, 'the status line names what is in flight');
    assert.ok(written.includes('[1/2] ok    vix ← fred:VIXCLS: +12 points, 1 revisions'));
    assert.match(
      written,
      new RegExp(`\\[1/2\\] about \\S+ left · fetching m2${'\u001b'}\\[0K$`),
      'the status line is redrawn after each line',
    );
  });

  it('elsewhere, prints plain lines only', () => {
    const { out, text } = stream(false);
    const observer = progressObserver(out);
    observer.begin!([{ seriesId: 'vix', source: 'fred:VIXCLS' }]);
    observer.started!('vix');
    observer.finished!({ ...outcome, status: 'error', message: 'fred:VIXCLS vix: HTTP 500' });
    assert.equal(text(), 'refreshing 1 series\n[1/1] ERROR vix ← fred:VIXCLS: fred:VIXCLS vix: HTTP 500 40 ms\n');
  });

  it('elsewhere, says about how long is left after each source, from the pace so far', () => {
    const { out, text } = stream(false);
    let clockMs = 0;
    const observer = progressObserver(out, () => clockMs);
    observer.begin!(['a', 'b', 'c'].map((seriesId) => ({ seriesId, source: 'fred:X' })));
    clockMs = 10_000;
    observer.finished!({ ...outcome, seriesId: 'a' });
    clockMs = 20_000;
    observer.finished!({ ...outcome, seriesId: 'b' });
    clockMs = 30_000;
    observer.finished!({ ...outcome, seriesId: 'c' });
    const lines = text().trim().split('\n');
    assert.match(lines[1]!, /^\[1\/3\] ok +a .* · about 20 s left$/);
    assert.match(lines[2]!, /^\[2\/3\] ok +b .* · about 10 s left$/);
    assert.doesNotMatch(lines[3]!, /left/, 'nothing left after the last');
  });

  it('ends with a summary table of points added, revisions and errors', () => {
    const table = summaryTable({
      runId: 3,
      status: 'partial',
      startedAt: 'a',
      finishedAt: 'b',
      outcomes: [outcome, { ...outcome, seriesId: 'm2', status: 'error', added: 0, revisions: 0, message: 'boom' }],
    });
    assert.match(table, /series +source +status +points added +revisions +error/);
    assert.match(table, /vix +fred:VIXCLS +ok +12 +1/);
    assert.match(table, /run 3: partial — 2 series, 12 points added, 1 revisions, 1 errors/);
  });
});
