import { createHook } from 'node:async_hooks';

/**
 * One entry of `process.nextTick`'s queue, kept for the life of the serving process, so that every later entry
 * has the same hidden class. Node makes each entry (several per answer) as an object literal with computed keys,
 * whose hidden classes V8 holds weakly. Under `--optimize-for-size` (the service's flag until 2026-11-28; the
 * refresh process keeps it) every full collection reduces memory and retains no map, so each collection that finds no entry alive (at start, between bursts of
 * requests) drops the classes, and the next entry is built with new ones. Each time, Node's `nextTick` sees new
 * classes where it defines the literal's properties; after four it gives up on them (megamorphic), and every later
 * entry is defined property by property in V8's runtime. Measured on the 2-core VM, service against the same
 * service with this (docs/performance.md, issue 41): that runtime path cost ~3 µs of ~38 µs per small answer, and
 * keeping one entry served ~1.3× the requests a second on /api/regime and /api/series/tga?days=30. Without the
 * flag V8 keeps unused maps for a few collections only (--retain-maps-for-n-gc), and the entry still spares the
 * classes across idle spells: under today's flags (--heap-growing-percent=10), `npm run bench` with and without it,
 * twice each, read 0.90 / 0.87 against 0.73–0.74 / 0.66–0.71 of the bare server on /api/regime and
 * /api/series/tga?days=30, 26–32 against 35–40 µs of CPU per /api/regime answer (docs/performance.md).
 * A hook on async resources is the one way to reach an entry (Node creates them inside nextTick); it is enabled
 * for the one tick it takes here, then disabled.
 */
let kept: object | undefined;

/** Keeps a nextTick entry alive (once per process); call it before anything else runs. */
export function keepNextTickShape(): void {
  if (kept) return;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type !== 'TickObject' || kept) return;
      kept = resource;
      hook.disable();
    },
  });
  hook.enable();
  process.nextTick(() => undefined);
}

/** The entry kept (the test compares its hidden class with later entries'). */
export function keptTickEntry(): object | undefined {
  return kept;
}
