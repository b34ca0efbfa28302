import { setFlagsFromString } from 'node:v8';

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
 * Node keeps V8's flags writable after start (it turns off V8's freezing of flags), which is what
 * `v8.setFlagsFromString` is documented for; Node warns that changing behaviour-affecting flags at run time may
 * be unpredictable: test/memory-mode.test.ts checks that this one still takes effect in the Node the project pins.
 */
export function favourMemoryFromNowOn(): void {
  setFlagsFromString('--optimize-for-size');
}
