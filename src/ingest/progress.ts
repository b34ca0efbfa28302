import type { RefreshObserver, RefreshSummary, SourceOutcome } from './refresh.ts';

/**
 * Refresh progress for the CLI. On a TTY a status line is redrawn in place (done/total, what is in flight) and
 * each finished source is printed above it; otherwise one plain line per finished source. The summary table
 * lists every series with points added, revisions and errors.
 */
export function progressObserver(out: NodeJS.WriteStream): RefreshObserver {
  const tty = Boolean(out.isTTY);
  let total = 0;
  let done = 0;
  const inFlight = new Set<string>();
  const drawStatus = () => {
    if (!tty) return;
    const names = [...inFlight].slice(0, 4).join(', ');
    const more = inFlight.size > 4 ? ` +${inFlight.size - 4}` : '';
    out.write(`\r\x1b[2K[${done}/${total}] ${inFlight.size > 0 ? `fetching ${names}${more}` : 'finishing'}`);
  };
  return {
    begin(labels) {
      total = labels.length;
      out.write(`refreshing ${total} series\n`);
      drawStatus();
    },
    started(seriesId) {
      inFlight.add(seriesId);
      drawStatus();
    },
    finished(outcome) {
      inFlight.delete(outcome.seriesId);
      done++;
      if (tty) out.write('\r\x1b[2K');
      out.write(`${formatOutcome(outcome, done, total)}\n`);
      drawStatus();
    },
  };
}

export function formatOutcome(o: SourceOutcome, done: number, total: number): string {
  const mark = o.status === 'ok' ? 'ok   ' : 'ERROR';
  const counts = o.status === 'ok' ? `+${o.added} points, ${o.revisions} revisions` : (o.message ?? '');
  const notes = o.status === 'ok' && o.message ? ` (${o.message})` : '';
  return `[${String(done).padStart(String(total).length)}/${total}] ${mark} ${o.seriesId} ← ${o.source}: ${counts}${notes} ${o.ms} ms`;
}

export function summaryTable(summary: RefreshSummary): string {
  const header = ['series', 'source', 'status', 'points added', 'revisions', 'error'];
  const rows = summary.outcomes.map((o) => [
    o.seriesId,
    o.source,
    o.status,
    String(o.added),
    String(o.revisions),
    o.status === 'error' ? (o.message ?? '').slice(0, 70) : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 3 || i === 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  const errors = summary.outcomes.filter((o) => o.status === 'error').length;
  const added = summary.outcomes.reduce((n, o) => n + o.added, 0);
  const revisions = summary.outcomes.reduce((n, o) => n + o.revisions, 0);
  return [
    line(header),
    line(widths.map((w) => '─'.repeat(w))),
    ...rows.map(line),
    '',
    `run ${summary.runId}: ${summary.status} — ${summary.outcomes.length} series, ${added} points added, ${revisions} revisions, ${errors} errors (${summary.startedAt} → ${summary.finishedAt})`,
  ].join('\n');
}
