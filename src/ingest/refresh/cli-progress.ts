import { MultiBar } from 'cli-progress';
import Table from 'cli-table3';
import type { RetryNotice } from '../../providers/http-client.ts';
import type { RefreshObserver, RefreshSummary, SourceOutcome } from './run.ts';

/**
 * Refresh progress for the CLI. On a terminal a status line (done/total and what is in flight) is drawn by
 * `cli-progress` and kept at the bottom while each finished source and each retry is printed above it; elsewhere
 * one plain line per finished source or retry. The summary table (`cli-table3`) lists every series with points
 * added, revisions and errors.
 */
export function progressObserver(
  out: NodeJS.WriteStream,
  now: () => number = () => performance.now(),
): RefreshObserver {
  let startedMs = now();
  let total = 0;
  let done = 0;
  const inFlight = new Set<string>();
  let bars: MultiBar | undefined;
  let bar: ReturnType<MultiBar['create']> | undefined;
  const status = () => {
    const names = [...inFlight].slice(0, 4).join(', ');
    const more = inFlight.size > 4 ? ` +${inFlight.size - 4}` : '';
    return inFlight.size > 0 ? `fetching ${names}${more}` : 'finishing';
  };
  // Redrawn synchronously on every event (cli-progress would otherwise redraw on its own timer).
  const draw = () => {
    bar?.update(done, { status: status() });
    bars?.update();
  };
  const line = (text: string) => {
    if (!bars) return void out.write(`${text}\n`);
    bars.log(`${text}\n`);
    draw();
  };
  return {
    begin(labels) {
      startedMs = now();
      total = labels.length;
      out.write(`refreshing ${total} series\n`);
      if (!out.isTTY) return;
      bars = new MultiBar({
        stream: out,
        // cli-progress estimates the time left from the pace so far.
        format: '[{value}/{total}] about {eta_formatted} left · {status}',
        etaBuffer: 8,
        hideCursor: false,
        clearOnComplete: true,
        gracefulExit: false,
        linewrap: true,
      });
      bar = bars.create(total, 0, { status: status() });
      draw();
    },
    started(seriesId) {
      inFlight.add(seriesId);
      draw();
    },
    retrying(notice) {
      line(formatRetry(notice));
    },
    finished(outcome) {
      inFlight.delete(outcome.seriesId);
      done++;
      const left = timeLeft(now() - startedMs, done, total);
      line(`${formatOutcome(outcome, done, total)}${bars || done === total ? '' : ` · ${left}`}`);
    },
    end() {
      bars?.stop();
      bars = undefined;
      bar = undefined;
    },
  };
}

/** "about 12 s left": the time per series so far times the series left. Example: 10 s for 5 of 15 → about 20 s. */
export function timeLeft(elapsedMs: number, done: number, total: number): string {
  const seconds = Math.round((elapsedMs / 1000 / done) * (total - done));
  return seconds >= 90 ? `about ${Math.round(seconds / 60)} min left` : `about ${seconds} s left`;
}

export function formatOutcome(o: SourceOutcome, done: number, total: number): string {
  const mark = o.status === 'ok' ? 'ok   ' : 'ERROR';
  const counts = o.status === 'ok' ? `+${o.added} points, ${o.revisions} revisions` : (o.message ?? '');
  const notes = o.status === 'ok' && o.message ? ` (${o.message})` : '';
  return `[${String(done).padStart(String(total).length)}/${total}] ${mark} ${o.seriesId} ← ${o.source}: ${counts}${notes} ${o.ms} ms`;
}

/** "retry 1 of 3 · fred:WALCL fed-balance-sheet: HTTP 503 from …" — printed as it happens. */
export function formatRetry(notice: RetryNotice): string {
  const of = notice.attempt + notice.retriesLeft - 1;
  return `retry ${notice.attempt} of ${of} · ${notice.error.message}`;
}

/** Every cli-table3 frame character but the header's rule (`mid`, `mid-mid`), blank: a table without borders. */
const NO_BORDERS = Object.fromEntries(
  ['top', 'top-mid', 'top-left', 'top-right', 'bottom', 'bottom-mid', 'bottom-left', 'bottom-right']
    .concat(['left', 'left-mid', 'right', 'right-mid', 'middle'])
    .map((key) => [key, '']),
);

export function summaryTable(summary: RefreshSummary): string {
  const table = new Table({
    head: ['series', 'source', 'status', 'points added', 'revisions', 'error'],
    colAligns: ['left', 'left', 'left', 'right', 'right', 'left'],
    style: { head: [], border: [], compact: true, 'padding-left': 0, 'padding-right': 2 },
    chars: { ...NO_BORDERS, mid: '─', 'mid-mid': '─' },
  });
  for (const o of summary.outcomes) {
    table.push([
      o.seriesId,
      o.source,
      o.status,
      String(o.added),
      String(o.revisions),
      o.status === 'error' ? (o.message ?? '').slice(0, 70) : '',
    ]);
  }
  const errors = summary.outcomes.filter((o) => o.status === 'error').length;
  const added = summary.outcomes.reduce((n, o) => n + o.added, 0);
  const revisions = summary.outcomes.reduce((n, o) => n + o.revisions, 0);
  return [
    table.toString(),
    '',
    `run ${summary.runId}: ${summary.status} — ${summary.outcomes.length} series, ${added} points added, ${revisions} revisions, ${errors} errors (${summary.startedAt} → ${summary.finishedAt})`,
  ].join('\n');
}
