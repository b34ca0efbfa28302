import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Switches V8 to favour memory over speed from now on (`--optimize-for-size`), once the service is serving.
 *
 * Why not from the command line: given at start, the flag also slows the start-up itself — in alternated starts
 * on the real data the first 200 of /api/regime came after a median 1.46–1.59 s with it against 1.0–1.09 s without
 * (artifacts measured in issue 13's work, one core) — because every collection during the load of the modules and
 * the first publication then runs in its memory-reducing, compacting mode. Set here, after the first publication
 * is served, it still governs what matters for a long-running process: how far the old generation may grow past
 * what is alive before it is collected (a process replacing a 40 MB structure twelve times peaked at a 60 MB heap
 * with the switch against 143 MB without; test/support/heap-growth.ts). The young generation keeps the size it was
 * given at start (`--max-semi-space-size` in `npm start`): V8 sizes it once.
 *
 * The switch sets how far the heap may grow when the next limit is computed, at a full collection: the limit in
 * force is the start-up's, computed while the first publication was built (~150 MB of heap), and until a full
 * collection the heap could grow to it. Whether one came soon after the switch was chance: in seven sweeps of
 * 100,000 distinct `days` windows right after a start, the serving heap stayed at ~55 MB in one and grew to
 * 109–136 MB in six (the process 198 MB against 244–271 MB; 2026-11-25). So the switch is followed by one full
 * collection, in a task of its own just after (one pause, once: ~25 ms for the 150 MB heap of the real files' first
 * publication, from `--trace-gc`), which computes the limit anew.
 *
 * Node keeps V8's flags writable after start (it turns off V8's freezing of flags), which is what
 * `v8.setFlagsFromString` is documented for; Node warns that changing behaviour-affecting flags at run time may
 * be unpredictable. `--expose-gc` set at run time gives V8's `gc` function to contexts created afterwards (not to
 * the service's own: a `vm` context made for it), and its `{ type, execution }` options are V8's gc extension's:
 * neither is in Node's documentation, so test/memory-mode.test.ts checks that both still take effect in the Node
 * the project pins.
 */
export function favourMemoryFromNowOn(): Promise<void> {
  setFlagsFromString('--optimize-for-size');
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as (options: { type: 'major'; execution: 'async' }) => Promise<void>;
  // Resolves once that collection is done (the service does not wait for it; the test does).
  return collect({ type: 'major', execution: 'async' });
}
